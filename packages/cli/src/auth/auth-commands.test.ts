import {
  aUser,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemoryShopGateway,
  InMemoryStorage,
} from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import type { CliServices } from "../cli-services.js";
import { runCli } from "../run-cli.js";
import type { Prompter } from "./prompter.js";

// The account commands in process, on the in-memory auth service and storage; the same commands
// run against the real server in tests/cli/katale-auth.int.test.ts.

/** What the person at the terminal (or the pipe) answers, in order. */
function scripted(answers: {
  lines?: string[];
  secrets?: (string | null)[];
  stdin?: string | null;
  tty?: boolean;
}) {
  const asked: string[] = [];
  const prompter: Prompter = {
    interactive: answers.tty ?? true,
    askLine: async (q) => {
      asked.push(q);
      return answers.lines?.shift() ?? null;
    },
    askSecret: async (q) => {
      asked.push(q);
      const next = answers.secrets?.shift();
      return next === undefined ? null : next;
    },
    readStdinLine: async () => answers.stdin ?? null,
  };
  return { prompter, asked };
}

function world(prompter: Prompter) {
  const auth = new InMemoryAuthGateway();
  auth.addAccount(
    aUser({ id: 7, email: "amina@example.ug", phone: "0772123456", name: "Amina Nakato" }),
    "kampala-2024",
  );
  const storage = new InMemoryStorage();
  return { auth, storage, prompter };
}

async function katale(argv: string[], w: ReturnType<typeof world>) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    io: {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      width: 80,
    },
    env: {},
    connect: (urls): CliServices => ({
      urls,
      categories: new InMemoryCategoryGateway(),
      products: new InMemoryProductGateway(),
      shops: new InMemoryShopGateway(),
      account: {
        auth: w.auth,
        storage: w.storage,
        sessionFile: "/cfg/katale/session.json",
        prompter: w.prompter,
      },
    }),
  });
  return { code, stdout, stderr };
}

describe("katale login", () => {
  it("asks the password without echo and keeps the session", async () => {
    const { prompter, asked } = scripted({ secrets: ["kampala-2024"] });
    const w = world(prompter);
    const run = await katale(["login", "amina@example.ug"], w);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe("Login successful\nLogged in as Amina Nakato <amina@example.ug>.\n");
    expect(asked).toEqual(["Password: "]);
    expect(w.storage.get("loggedInUserName")).toBe("amina@example.ug");
    expect(w.auth.isTokenValid(w.storage.get("token")!)).toBe(true);
  });

  it("asks the username when it is left out", async () => {
    const { prompter, asked } = scripted({ lines: ["0772123456"], secrets: ["kampala-2024"] });
    expect((await katale(["login"], world(prompter))).code).toBe(0);
    expect(asked).toEqual(["Phone No/Email: ", "Password: "]);
  });

  it("reads the password from stdin when it is not a terminal", async () => {
    const { prompter, asked } = scripted({ tty: false, stdin: "kampala-2024" });
    const run = await katale(["login", "amina@example.ug", "--json"], world(prompter));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ id: 7, email: "amina@example.ug" });
    expect(asked).toEqual([]);
  });

  it("fails with 'Invalid Credentials' and exit 1 for a wrong password", async () => {
    const { prompter } = scripted({ secrets: ["wrong-password"] });
    const w = world(prompter);
    const run = await katale(["login", "amina@example.ug"], w);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "Invalid Credentials\n" });
    expect(w.storage.entries()).toEqual({});
  });

  it("says 'User not verified, please check email' for an unverified account", async () => {
    const { prompter } = scripted({ secrets: ["gulu-2024!"] });
    const w = world(prompter);
    w.auth.addAccount(aUser({ email: "okello@example.ug" }), "gulu-2024!", { verified: false });
    const run = await katale(["login", "okello@example.ug"], w);
    expect(run).toMatchObject({ code: 1, stderr: "User not verified, please check email\n" });
  });

  it("names the auth service it cannot reach", async () => {
    const { prompter } = scripted({ secrets: ["kampala-2024"] });
    const w = world(prompter);
    w.auth.failures.set("login", { kind: "network" });
    const run = await katale(["login", "amina@example.ug", "--auth-url", "http://127.0.0.1:9/api/auth/"], w);
    expect(run).toMatchObject({
      code: 1,
      stderr: "Cannot reach the auth service at http://127.0.0.1:9/api/auth/: is the server running?\n",
    });
  });

  it("refuses to go on without a password", async () => {
    const { prompter } = scripted({ tty: false, stdin: null });
    const run = await katale(["login", "amina@example.ug"], world(prompter));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No password given");
  });
});

describe("katale register and verify", () => {
  const args = [
    "register",
    "--name",
    "Okello Peter",
    "--email",
    "okello@example.ug",
    "--phone",
    "0701000001",
  ];

  it("registers with the password typed twice, then verifies with the code", async () => {
    const { prompter, asked } = scripted({ secrets: ["gulu-2024!", "gulu-2024!"] });
    const w = world(prompter);
    const run = await katale(args, w);
    expect(run.stdout).toBe(
      "Registration successful\nA code was sent to okello@example.ug. Next: katale verify okello@example.ug <code>\n",
    );
    expect(asked).toEqual(["Password: ", "Repeat the password: "]);

    const code = w.auth.codeFor("okello@example.ug")!;
    const verified = await katale(["verify", "okello@example.ug", code], w);
    expect(verified).toMatchObject({ code: 0, stderr: "" });
    expect(verified.stdout).toContain("Email verified");
    expect(verified.stdout).toContain("Next: katale login okello@example.ug");
  });

  it("stops when the two passwords differ", async () => {
    const { prompter } = scripted({ secrets: ["gulu-2024!", "gulu-2025!"] });
    const w = world(prompter);
    const run = await katale(args, w);
    expect(run).toMatchObject({ code: 1, stderr: "Passwords have to be the same\n" });
    expect(w.auth.userByEmail("okello@example.ug")).toBeUndefined();
  });

  it("takes the password from stdin with --password-stdin", async () => {
    const { prompter, asked } = scripted({ stdin: "gulu-2024!" });
    const run = await katale([...args, "--password-stdin"], world(prompter));
    expect(run.code).toBe(0);
    expect(asked).toEqual([]);
  });

  it("refuses a too long phone as a usage error, before asking the service", async () => {
    const { prompter } = scripted({ stdin: "gulu-2024!", tty: false });
    const w = world(prompter);
    const run = await katale([...args.slice(0, -1), "07010000011"], w);
    expect(run).toMatchObject({ code: 2, stderr: "A phone number has at most 10 characters\n" });
    expect(w.auth.sent).toEqual([]);
  });

  it("says which details are taken", async () => {
    const { prompter } = scripted({ stdin: "gulu-2024!", tty: false });
    const run = await katale(
      ["register", "--name", "A", "--email", "amina@example.ug", "--phone", "0772123456"],
      world(prompter),
    );
    expect(run).toMatchObject({ code: 1, stderr: "Email and phone already exist\n" });
  });

  it("words a wrong code as the spec does", async () => {
    const { prompter } = scripted({ stdin: "gulu-2024!", tty: false });
    const w = world(prompter);
    await katale(args, w);
    const run = await katale(["verify", "okello@example.ug", "00000"], w);
    expect(run).toMatchObject({ code: 1, stderr: "Wrong code, please enter the correct code!\n" });
  });

  it("resends a code with --resend, and needs a code otherwise", async () => {
    const { prompter } = scripted({ stdin: "gulu-2024!", tty: false });
    const w = world(prompter);
    await katale(args, w);
    expect((await katale(["verify", "okello@example.ug", "--resend"], w)).stdout).toBe(
      "OTP sent to this email\n",
    );
    expect(w.auth.sent).toHaveLength(2);
    const missing = await katale(["verify", "okello@example.ug"], w);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("Give the code from the e-mail");
  });
});

describe("katale whoami and logout", () => {
  async function loggedIn() {
    const w = world(scripted({ secrets: ["kampala-2024"] }).prompter);
    await katale(["login", "amina@example.ug"], w);
    return w;
  }

  it("shows who is logged in, and --json prints the user", async () => {
    const w = await loggedIn();
    const run = await katale(["whoami"], w);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Amina Nakato <amina@example.ug>");
    expect(run.stdout).toContain("/cfg/katale/session.json");
    const json = JSON.parse((await katale(["whoami", "--json"], w)).stdout);
    expect(json).toMatchObject({ user: { email: "amina@example.ug" }, is_admin: false });
  });

  it("logs out: the token is revoked and the session forgotten; whoami then fails clearly", async () => {
    const w = await loggedIn();
    const token = w.storage.get("token")!;
    expect((await katale(["logout"], w)).stdout).toBe("You are logged out\n");
    expect(w.auth.isTokenValid(token)).toBe(false);
    expect(w.storage.entries()).toEqual({});
    const notLoggedIn = { code: 1, stdout: "", stderr: "You are not logged in. Run 'katale login' first.\n" };
    expect(await katale(["whoami"], w)).toEqual(notLoggedIn);
    // Logging out again says it as every command needing a session does.
    expect(await katale(["logout"], w)).toEqual(notLoggedIn);
    expect(await katale(["logout", "--json"], w)).toEqual(notLoggedIn);
  });

  it("forgets the session even when the service cannot be reached, and says so", async () => {
    const w = await loggedIn();
    w.auth.failures.set("logout", { kind: "network" });
    const run = await katale(["logout"], w);
    expect(run.stdout).toContain("the session on this computer was removed anyway");
    expect(w.storage.entries()).toEqual({});
  });

  it("says the session has ended when the service no longer knows the token", async () => {
    const w = await loggedIn();
    await w.auth.logout(w.storage.get("token")!);
    const run = await katale(["whoami"], w);
    expect(run).toMatchObject({
      code: 1,
      stderr: "Your session has ended, please log in again: run 'katale login'.\n",
    });
  });
});
