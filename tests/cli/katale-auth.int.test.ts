import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { devMailWire } from "@katale/adapters-http/contract";
import { startTestServer, type TestServer } from "@katale/server/testing";
import { fetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The built `katale` (tests/build-clients.global-setup.ts builds it) as a user runs it against the
// real server: sign up, read the code from the development mailbox, verify, log in with the
// password on stdin, whoami, log out. The session lives in a 0600 file under KATALE_CONFIG_DIR.

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "packages/cli/dist/katale.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("katale account commands against a started server", () => {
  let server: TestServer;
  let configDir: string;
  const sessionFile = () => join(configDir, "session.json");
  const person = {
    name: "Amina Nakato",
    email: "amina@example.ug",
    phone: "0772123456",
    password: "kampala 2024",
  };

  /** Runs the built CLI with `stdin` piped in (not a terminal), as scripts do. */
  function katale(args: string[], stdin = ""): Promise<Run> {
    const {
      COLUMNS: _c,
      KATALE_SHOP_URL: _s,
      KATALE_AUTH_URL: _a,
      XDG_CONFIG_HOME: _x,
      ...inherited
    } = process.env;
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          env: {
            ...inherited,
            KATALE_CONFIG_DIR: configDir,
            KATALE_AUTH_URL: server.authUrl,
            KATALE_SHOP_URL: server.shopUrl,
          },
          timeout: 30_000,
        },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end(stdin);
    });
  }

  async function codeFor(to: string): Promise<string> {
    const response = await fetch(`${server.baseUrl}/dev/mail.json`);
    const mail = devMailWire
      .array()
      .parse(await response.json())
      .find((m) => m.to === to);
    const code = mail?.text.match(/\b\d{5}\b/)?.[0];
    if (code === undefined) throw new Error(`no code was e-mailed to ${to}`);
    return code;
  }

  beforeAll(async () => {
    server = await startTestServer();
    configDir = join(mkdtempSync(join(tmpdir(), "katale-cli-auth-")), "config");
  });

  afterAll(async () => {
    await server?.close();
    if (configDir) rmSync(dirname(configDir), { recursive: true, force: true });
  });

  it("says so when nobody is logged in", async () => {
    expect(await katale(["whoami"])).toEqual({
      code: 1,
      stdout: "",
      stderr: "You are not logged in. Run 'katale login' first.\n",
    });
  });

  it("registers, verifies with the e-mailed code, logs in, shows the user and logs out", async () => {
    const registered = await katale(
      [
        "register",
        "--name",
        person.name,
        "--email",
        person.email,
        "--phone",
        person.phone,
        "--password-stdin",
      ],
      `${person.password}\n`,
    );
    expect(registered).toMatchObject({ code: 0, stderr: "" });
    expect(registered.stdout).toContain("Registration successful");

    const unverified = await katale(["login", person.email], `${person.password}\n`);
    expect(unverified).toMatchObject({ code: 1, stderr: "User not verified, please check email\n" });

    const verified = await katale(["verify", person.email, await codeFor(person.email)]);
    expect(verified).toMatchObject({ code: 0, stderr: "" });
    expect(verified.stdout).toContain(`Next: katale login ${person.email}`);

    const loggedIn = await katale(["login", person.email], `${person.password}\n`);
    expect(loggedIn).toEqual({
      code: 0,
      stdout: `Login successful\nLogged in as ${person.name} <${person.email}>.\n`,
      stderr: "",
    });
    // The token is only readable by its owner.
    expect(statSync(sessionFile()).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    const token = (JSON.parse(readFileSync(sessionFile(), "utf8")) as { token: string }).token;
    expect(token.length).toBeGreaterThanOrEqual(22);

    const whoami = await katale(["whoami"]);
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain(`${person.name} <${person.email}>`);
    expect(whoami.stdout).toContain(person.phone);
    const json = JSON.parse((await katale(["whoami", "--json"])).stdout) as { user: { email: string } };
    expect(json.user.email).toBe(person.email);

    const loggedOut = await katale(["logout"]);
    expect(loggedOut).toEqual({ code: 0, stdout: "You are logged out\n", stderr: "" });
    expect(existsSync(sessionFile())).toBe(false);
    // The service revoked the token: it no longer works even if someone kept a copy.
    const me = await fetch(`${server.authUrl}users/me/`, { headers: { authorization: `Token ${token}` } });
    expect(me.status).toBe(401);

    expect(await katale(["whoami"])).toMatchObject({
      code: 1,
      stderr: "You are not logged in. Run 'katale login' first.\n",
    });
  });

  it("refuses a wrong password with 'Invalid Credentials' and keeps no session", async () => {
    const run = await katale(["login", person.email], "not-the-password\n");
    expect(run).toEqual({ code: 1, stdout: "", stderr: "Invalid Credentials\n" });
    expect(existsSync(sessionFile())).toBe(false);
  });

  it("refuses to log in without a password on stdin", async () => {
    const run = await katale(["login", person.email], "");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("No password given");
  });

  it("says which auth service it cannot reach", async () => {
    const loggedIn = await katale(
      ["login", person.email, "--auth-url", "http://127.0.0.1:9/api/auth/"],
      "x\n",
    );
    expect(loggedIn).toMatchObject({
      code: 1,
      stderr: "Cannot reach the auth service at http://127.0.0.1:9/api/auth/: is the server running?\n",
    });
  });
});
