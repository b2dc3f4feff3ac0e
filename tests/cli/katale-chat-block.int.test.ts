import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { chatBlockingMessages } from "@katale/domain";
import { aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { runKatale } from "./run-katale.js";

// `katale chat block|unblock|blocked` (the built CLI) against the real server: the shopper blocks
// their chat with a shop, the shop's messages on a real socket are refused, the chat leaves the
// shopper's list for their blocked list, and unblocking brings both back.

describe("katale chat block and unblock against a started server", () => {
  let server: TestServer;
  let scratch: string;
  let shopper: { id: number; key: string; configDir: string };
  let owner: { id: number; key: string };
  let shop: { id: number; name: string };

  const katale = (args: string[], stdin = "") =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: shopper.configDir,
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
      timeout: 30_000,
    });

  /** The shop's side, as the web would be: a real socket; answers the next frame for what it sent. */
  async function ownerSays(slug: string, text: string): Promise<Record<string, unknown>> {
    const url = `${server.baseUrl.replace(/^http/, "ws")}/api/shop/chat/${encodeURIComponent(slug)}/`;
    const socket = new WebSocket(url, [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${owner.key}`]);
    const frames: Record<string, unknown>[] = [];
    socket.on("message", (data) => frames.push(JSON.parse(data.toString()) as Record<string, unknown>));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    socket.send(JSON.stringify({ message: text }));
    await vi.waitFor(() => expect(frames.length).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    socket.close();
    return frames[0]!;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    scratch = mkdtempSync(join(tmpdir(), "katale-cli-chat-block-"));
    const user = await aSignedInUser(server);
    shopper = { id: user.id, key: user.key, configDir: join(scratch, "shopper") };
    const login = await katale(["login", user.email], `${user.password}\n`);
    expect(login).toMatchObject({ code: 0, stderr: "" });
    const o = await aSignedInUser(server);
    owner = { id: o.id, key: o.key };
    const row = await aShop(server.db, { owner_id: owner.id, name: "Wandegeya Electronics" });
    shop = { id: row.id, name: row.name };
  });

  afterAll(async () => {
    await server?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("blocks a chat by shop name, refuses the shop's messages, and unblocks it by slug", async () => {
    const sent = await katale(["--json", "chat", "send", shop.name, "Is the TV still for sale?"]);
    expect(sent.code).toBe(0);
    const [room] = JSON.parse((await katale(["--json", "chat", "list"])).stdout) as { slug: string }[];
    const slug = room!.slug;

    const blocked = await katale(["chat", "block", shop.name]);
    expect(blocked).toEqual({ code: 0, stdout: `${shop.name} is blocked\n`, stderr: "" });
    // Again: the same answer, nothing changes.
    expect((await katale(["chat", "block", slug])).code).toBe(0);
    expect(await ownerSays(slug, "Send the money first")).toEqual({
      error: chatBlockingMessages.blockedByOther,
      code: "blocked",
    });
    expect(JSON.parse((await katale(["--json", "chat", "list"])).stdout)).toEqual([]);
    const list = await katale(["chat", "blocked"]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(shop.name);
    expect(list.stdout).toContain(`katale chat unblock ${slug}`);
    // Sending into a blocked chat says so, exit 1.
    const refused = await katale(["chat", "send", slug, "Hello?"]);
    expect(refused).toMatchObject({ code: 1, stdout: "", stderr: `${chatBlockingMessages.blockedByYou}\n` });

    const unblocked = await katale(["--json", "chat", "unblock", slug]);
    expect(unblocked.code).toBe(0);
    expect(JSON.parse(unblocked.stdout)).toEqual({ slug, blocked: false });
    expect((await katale(["chat", "blocked"])).stdout).toBe(`${chatBlockingMessages.noBlockedChats}\n`);
    expect(await ownerSays(slug, "Sorry, it is 900,000")).toMatchObject({
      message: { message: "Sorry, it is 900,000", sender_id: owner.id },
    });
    const rooms = JSON.parse((await katale(["--json", "chat", "list"])).stdout) as { slug: string }[];
    expect(rooms.map((r) => r.slug)).toEqual([slug]);
  });

  it("refuses a room that is not the user's, exit 1", async () => {
    const unknown = await katale(["chat", "unblock", "No Such Shop"]);
    expect(unknown).toMatchObject({ code: 1, stdout: "" });
    expect(unknown.stderr).toContain("No chat room or shop is called 'No Such Shop'");
  });
});
