import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { formatUgx } from "@katale/domain";
import {
  aProduct,
  aShop,
  aSignedInUser,
  type ProductFixture,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

// The built `katale` (tests/build-clients.global-setup.ts builds it) against the real server: a
// shopper and a shop owner, each with their own session (KATALE_CONFIG_DIR), chat through
// `katale chat list|send|open`; the other side talks through a real `ws` client.

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "packages/cli/dist/katale.js");
const NOT_LOGGED_IN = "You are not logged in. Run 'katale login' first.\n";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Person {
  id: number;
  name: string;
  email: string;
  password: string;
  key: string;
  configDir: string;
}

describe("katale chat against a started server", () => {
  let server: TestServer;
  let scratch: string;
  let shopper: Person;
  let owner: Person;
  let shop: { id: number; name: string };
  let pump: ProductFixture;

  function env(configDir: string, urls: { shopUrl: string; authUrl: string } = server) {
    const {
      COLUMNS: _c,
      KATALE_SHOP_URL: _s,
      KATALE_AUTH_URL: _a,
      XDG_CONFIG_HOME: _x,
      ...inherited
    } = process.env;
    return {
      ...inherited,
      KATALE_CONFIG_DIR: configDir,
      KATALE_AUTH_URL: urls.authUrl,
      KATALE_SHOP_URL: urls.shopUrl,
    };
  }

  /** Runs the built CLI as `who` with `stdin` piped in (not a terminal), as scripts do. */
  function katale(
    configDir: string,
    args: string[],
    stdin = "",
    urls?: { shopUrl: string; authUrl: string },
  ) {
    return new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        { env: env(configDir, urls), timeout: 30_000 },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end(stdin);
    });
  }

  /** A long-running `katale` whose output is collected and whose stdin stays open. */
  function started(configDir: string, args: string[], urls?: { shopUrl: string; authUrl: string }) {
    const child: ChildProcessWithoutNullStreams = spawn(process.execPath, [bin, ...args], {
      env: env(configDir, urls),
    });
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (chunk: Buffer) => {
      output.stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output.stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const until = async (what: () => boolean, label: string, ms = 10_000) => {
      const end = Date.now() + ms;
      while (!what()) {
        if (Date.now() > end) throw new Error(`${label} not seen; output: ${JSON.stringify(output)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    return { child, output, exited, until };
  }

  /** The other side of a room, as the web would be: a real socket with the token as a subprotocol. */
  async function socketOf(slug: string, token: string, on: { baseUrl: string } = server) {
    const url = `${on.baseUrl.replace(/^http/, "ws")}/api/shop/chat/${encodeURIComponent(slug)}/`;
    const socket = new WebSocket(url, [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${token}`]);
    const frames: Record<string, unknown>[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return { socket, frames };
  }

  async function signedIn(name: string): Promise<Person> {
    const user = await aSignedInUser(server);
    const configDir = join(scratch, name);
    const login = await katale(configDir, ["login", user.email], `${user.password}\n`);
    expect(login).toMatchObject({ code: 0, stderr: "" });
    return { ...user, configDir };
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    scratch = mkdtempSync(join(tmpdir(), "katale-cli-chat-"));
    owner = await signedIn("owner");
    shopper = await signedIn("shopper");
    const row = await aShop(server.db, { owner_id: owner.id, name: "Mukono Sports Arena" });
    shop = { id: row.id, name: row.name };
    pump = await aProduct(server.db, { shop_id: shop.id, name: "Bicycle pump", price: 15_000 });
  });

  afterAll(async () => {
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("tells a visitor to log in, exit 1, before any request", async () => {
    const visitor = join(scratch, "visitor");
    for (const args of [
      ["chat", "list"],
      ["chat", "send", "some-room", "Hello"],
      ["chat", "open", String(shop.id)],
      ["--json", "chat", "list"],
    ]) {
      expect(await katale(visitor, args), args.join(" ")).toEqual({
        code: 1,
        stdout: "",
        stderr: NOT_LOGGED_IN,
      });
    }
  });

  it("names the shop service when it cannot be reached", async () => {
    const down = { shopUrl: "http://127.0.0.1:9/api/shop/", authUrl: "http://127.0.0.1:9/api/auth/" };
    const run = await katale(shopper.configDir, ["chat", "list"], "", down);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Cannot reach the shop service at http://127.0.0.1:9/api/shop/");
  });

  it("lists no chats at first", async () => {
    expect(await katale(shopper.configDir, ["chat", "list"])).toEqual({
      code: 0,
      stdout: "You have no chats yet. Start one with katale chat open <shop>.\n",
      stderr: "",
    });
    expect(JSON.parse((await katale(shopper.configDir, ["--json", "chat", "list"])).stdout)).toEqual([]);
  });

  it("refuses a blank message (exit 2), an unknown shop or room, and the owner's own shop", async () => {
    const blank = await katale(shopper.configDir, ["chat", "send", shop.name, "   "]);
    expect(blank).toMatchObject({ code: 2, stdout: "" });
    expect(blank.stderr).toContain("Type a message first");
    const product = await katale(shopper.configDir, [
      "chat",
      "send",
      shop.name,
      "Hi",
      "--product",
      "no-such-thing",
    ]);
    expect(product).toMatchObject({ code: 1, stdout: "", stderr: "That product does not exist\n" });
    const unknown = await katale(shopper.configDir, ["chat", "send", "No Such Shop", "Hello"]);
    expect(unknown).toMatchObject({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("No chat room or shop is called 'No Such Shop'");
    const own = await katale(owner.configDir, ["chat", "open", String(shop.id)], "");
    expect(own.stdout).toBe("");
    expect(own.stderr).toContain("You cannot chat with your own shop");
  });

  describe("a conversation", () => {
    let slug: string;

    it("sends to a shop's room by name with a product card, and lists it with the preview", async () => {
      const sent = await katale(shopper.configDir, [
        "chat",
        "send",
        "mukono sports  arena",
        "Do you have pumps?",
        "--product",
        pump.slug,
      ]);
      expect(sent).toMatchObject({ code: 0, stderr: "" });
      expect(sent.stdout).toMatch(/^── Today ──\n\d{1,2}:\d\d [AP]M {2}You\n {2}Do you have pumps\?\n/);
      expect(sent.stdout).toContain(`▸ Bicycle pump · ${formatUgx(15_000)} · /item/${pump.slug}`);

      const rooms = JSON.parse((await katale(shopper.configDir, ["--json", "chat", "list"])).stdout) as {
        slug: string;
        last_message: { message: string; sender_id: number };
        unread_count: number;
      }[];
      expect(rooms).toHaveLength(1);
      slug = rooms[0]!.slug;
      expect(rooms[0]).toMatchObject({
        last_message: { message: "Do you have pumps?", sender_id: shopper.id },
        unread_count: 0,
      });
      const listed = await katale(shopper.configDir, ["chat", "list"]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(
        new RegExp(
          `^Chats\\n\\nMukono Sports Arena +Today \\d{1,2}:\\d\\d [AP]M\\n {2}You: \\[Bicycle pump\\] Do you have pumps\\?\\n {2}katale chat open ${slug}\\n$`,
        ),
      );
    });

    it("shows the owner the room with the shopper's name and the unread count; send --json answers the message", async () => {
      const listed = await katale(owner.configDir, ["chat", "list"]);
      expect(listed.stdout).toMatch(
        new RegExp(
          `\\n${shopper.name} +1 unread · Today .*\\n {2}\\[Bicycle pump\\] Do you have pumps\\?\\n`,
        ),
      );
      const json = JSON.parse((await katale(owner.configDir, ["--json", "chat", "list"])).stdout) as {
        unread_count: number;
      }[];
      expect(json[0]?.unread_count).toBe(1);

      const second = await katale(shopper.configDir, ["--json", "chat", "send", slug, "Also a helmet?"]);
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({
        message: "Also a helmet?",
        sender_id: shopper.id,
        product: null,
      });
      const after = JSON.parse((await katale(owner.configDir, ["--json", "chat", "list"])).stdout) as {
        unread_count: number;
      }[];
      expect(after[0]?.unread_count).toBe(2);
    });

    it("opens the room: the history, a message the other side sends meanwhile, and typed lines sent", async () => {
      const open = started(owner.configDir, ["chat", "open", slug]);
      await open.until(() => open.output.stderr.includes("Type a message and press Enter"), "the prompt");
      expect(open.output.stdout).toMatch(
        new RegExp(
          `^Chats · ${shopper.name} · room ${slug}\\n── Today ──\\n.*${shopper.name}\\n {2}Do you have pumps\\?`,
        ),
      );
      expect(open.output.stdout).toContain("Also a helmet?");

      const other = await socketOf(slug, shopper.key);
      other.socket.send(JSON.stringify({ message: "Still there?" }));
      await open.until(() => open.output.stdout.includes("Still there?"), "the live message");
      expect(open.output.stdout).toMatch(/\n {2}Still there\?\n$/);

      open.child.stdin.write("Yes, 15,000 each\n");
      await open.until(() => other.frames.length >= 2, "the typed line at the other side");
      expect(other.frames[1]).toMatchObject({
        message: { message: "Yes, 15,000 each", sender_id: owner.id },
      });
      await open.until(() => open.output.stdout.includes("You\n  Yes, 15,000 each"), "the own message");

      open.child.stdin.end();
      expect(await open.exited).toBe(0);
      other.socket.close();
      expect(open.output.stderr).toBe(
        `Chat with ${shopper.name}. Type a message and press Enter; Ctrl-D leaves.\n`,
      );
    });

    it("open --json prints one JSON line per message and sends piped lines before leaving", async () => {
      const run = await katale(
        shopper.configDir,
        ["--json", "chat", "open", String(shop.id)],
        "Thanks!\n\nSee you\n",
      );
      expect(run).toMatchObject({ code: 0, stderr: "" });
      const lines = run.stdout
        .trimEnd()
        .split("\n")
        .map((line) => JSON.parse(line) as { message: string });
      expect(lines.map((m) => m.message)).toEqual([
        "Do you have pumps?",
        "Also a helmet?",
        "Still there?",
        "Yes, 15,000 each",
        "Thanks!",
        "See you",
      ]);
      expect(lines[0]).toMatchObject({ sender_id: shopper.id, product: { slug: pump.slug, price: 15_000 } });
    });

    it("leaves on Ctrl-C and closes the socket", async () => {
      const open = started(shopper.configDir, ["chat", "open", slug]);
      await open.until(() => open.output.stderr.includes("Type a message"), "the prompt");
      open.child.kill("SIGINT");
      expect(await open.exited).toBe(0);
    });
  });

  it("connects again when the server restarts, and keeps receiving and sending", async () => {
    const first = await startTestServer({ seed: "none" });
    let second: Awaited<ReturnType<TestServer["anotherInstance"]>> | undefined;
    try {
      const user = await aSignedInUser(first);
      const seller = await aSignedInUser(first);
      const row = await aShop(first.db, { owner_id: seller.id, name: "Lira Tailors" });
      const configDir = join(scratch, "restart");
      expect((await katale(configDir, ["login", user.email], `${user.password}\n`, first)).code).toBe(0);
      const open = started(configDir, ["chat", "open", String(row.id)], first);
      await open.until(() => open.output.stderr.includes("Type a message"), "the prompt");
      const slug = (/room (\S+)\n/.exec(open.output.stdout) ?? [])[1] ?? "";

      const port = Number(new URL(first.baseUrl).port);
      await first.app.close();
      await open.until(() => open.output.stderr.includes("connecting again"), "the reconnection notice");
      // Typed while the server is away: it waits, and goes once the connection is back.
      open.child.stdin.write("Is my suit ready?\n");
      await open.until(
        () => open.output.stderr.includes("Waiting to send: Is my suit ready?"),
        "the waiting line",
      );
      second = await first.anotherInstance();
      await second.listen({ port, host: "127.0.0.1" });
      await open.until(() => open.output.stderr.includes("Connected again."), "the new connection");
      await open.until(() => open.output.stdout.includes("You\n  Is my suit ready?\n"), "the queued line");

      const other = await socketOf(slug, seller.key, first);
      other.socket.send(JSON.stringify({ message: "Your suit is ready" }));
      await open.until(
        () => open.output.stdout.includes("Your suit is ready"),
        "the message after the restart",
      );
      other.socket.close();
      open.child.stdin.end("Thank you\n");
      expect(await open.exited).toBe(0);
      expect(open.output.stdout).toContain("You\n  Thank you\n");
    } finally {
      await second?.close();
      await first.close().catch(() => {});
    }
  });

  it("keeps trying while the server is away, and leaves on Ctrl-C", async () => {
    const other = await startTestServer({ seed: "none" });
    try {
      const user = await aSignedInUser(other);
      const seller = await aSignedInUser(other);
      const row = await aShop(other.db, { owner_id: seller.id, name: "Gulu Hardware" });
      const configDir = join(scratch, "leaving");
      expect((await katale(configDir, ["login", user.email], `${user.password}\n`, other)).code).toBe(0);
      const open = started(configDir, ["chat", "open", String(row.id)], other);
      await open.until(() => open.output.stderr.includes("Type a message"), "the prompt");
      await other.close();
      await open.until(() => open.output.stderr.includes("connecting again"), "the reconnection notice");
      // Still in the room (it would have left with exit 1 had it given up): Ctrl-C leaves.
      open.child.kill("SIGINT");
      expect(await open.exited).toBe(0);
      expect(open.output.stderr).not.toContain("was lost");
    } finally {
      await other.close().catch(() => {});
    }
  });
});
