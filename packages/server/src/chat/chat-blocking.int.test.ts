import { chatBlockingMessages } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCaller } from "../engagement/engagement-test-client.js";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { ChatBlockRepository } from "./chat-block-repository.js";
import { openChat } from "./chat-test-client.js";

// Blocking in chat against the real server with real `ws` clients: who may block (participants
// only), what a block refuses (the socket's frames and the photo call, both sides, code `blocked`),
// the blocker's room list and blocked list, and unblocking bringing it all back.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("blocking in chat (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  const post = sellerCaller(() => server);
  let owner: Signed;
  let shopper: Signed;
  let stranger: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, shopper, stranger] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
  });
  afterAll(() => server?.close());

  let rooms = 0;
  /** A new room of the shopper with a new shop of the owner (each test its own). */
  async function aRoom(): Promise<string> {
    rooms += 1;
    const shop = await aShop(server.db, { owner_id: owner.id, name: `Ntinda Motors ${kind} ${rooms}` });
    const opened = await call("GET", `chat/room/get-room/${shop.id}`, { token: shopper.key });
    expect(opened.status).toBe(200);
    return opened.body.data.slug as string;
  }
  const listed = async (who: Signed) =>
    ((await call("GET", "chat/room/", { token: who.key })).body.data as { slug: string }[]).map(
      (r) => r.slug,
    );
  const blockedList = async (who: Signed) => (await call("GET", "chat/blocked/", { token: who.key })).body;

  it("lets only the room's two sides block and unblock it: visitors 401, anyone else 404", async () => {
    const slug = await aRoom();
    expect((await call("POST", `chat/room/${slug}/block/`)).status).toBe(401);
    expect((await call("DELETE", `chat/room/${slug}/block/`)).status).toBe(401);
    for (const method of ["POST", "DELETE"] as const) {
      const other = await call(method, `chat/room/${slug}/block/`, { token: stranger.key });
      expect(other.status).toBe(404);
      expect(other.body.code).toBe("room_not_found");
      const unknown = await call(method, "chat/room/no-such-room/block/", { token: shopper.key });
      expect(unknown.status).toBe(404);
    }
    expect((await call("GET", "chat/blocked/")).status).toBe(401);
    // Nothing the stranger tried blocked anything.
    expect(await listed(shopper)).toContain(slug);
    expect(
      (await call("GET", `chat/room/${slug}`, { token: shopper.key })).body.data.data.blocked_by,
    ).toBeNull();
  });

  it("refuses the other side's messages on the socket and over HTTP, and the blocker's own, with code `blocked`", async () => {
    const slug = await aRoom();
    const seller = await openChat(server, slug, owner.key);
    const customer = await openChat(server, slug, shopper.key);
    seller.send({ message: "Hello, the car is still available" });
    expect(await customer.next()).toMatchObject({
      message: { message: "Hello, the car is still available" },
    });
    await seller.next();

    // The shopper blocks; blocking twice is the same as once.
    expect((await call("POST", `chat/room/${slug}/block/`, { token: shopper.key })).status).toBe(204);
    expect((await call("POST", `chat/room/${slug}/block/`, { token: shopper.key })).status).toBe(204);

    // The seller's socket (open before the block) is refused and nothing reaches the shopper.
    seller.send({ message: "Send 200,000 first to hold it" });
    expect(await seller.next()).toEqual({ error: chatBlockingMessages.blockedByOther, code: "blocked" });
    expect(await customer.quiet()).toBe(true);
    // A socket opened after the block is refused too; the blocker's own messages as well.
    const again = await openChat(server, slug, owner.key);
    again.send({ message: "Are you there?" });
    expect(await again.next()).toEqual({ error: chatBlockingMessages.blockedByOther, code: "blocked" });
    customer.send({ message: "Never mind" });
    expect(await customer.next()).toEqual({ error: chatBlockingMessages.blockedByYou, code: "blocked" });

    // Photos over HTTP: refused for both sides, before anything is stored.
    const photo = await aPhoto();
    const sellersPhoto = await post("POST", `chat/room/${slug}/photo/`, {
      token: owner.key,
      form: form({ image: photo }),
    });
    expect(sellersPhoto.status).toBe(403);
    expect(sellersPhoto.body).toEqual({ detail: chatBlockingMessages.blockedByOther, code: "blocked" });
    const shoppersPhoto = await post("POST", `chat/room/${slug}/photo/`, {
      token: shopper.key,
      form: form({ image: photo }),
    });
    expect(shoppersPhoto.status).toBe(403);
    expect(shoppersPhoto.body.code).toBe("blocked");

    const history = await call("GET", `chat/room/${slug}`, { token: shopper.key });
    expect(history.body.data.data.messages.map((m: { message: string }) => m.message)).toEqual([
      "Hello, the car is still available",
    ]);
    expect(history.body.data.data.blocked_by).toBe("you");
    expect((await call("GET", `chat/room/${slug}`, { token: owner.key })).body.data.data.blocked_by).toBe(
      "them",
    );
    await Promise.all([seller.close(), customer.close(), again.close()]);
  });

  it("takes the room out of the blocker's list only, lists it as blocked, and unblocking brings it all back", async () => {
    const slug = await aRoom();
    expect((await call("POST", `chat/room/${slug}/block/`, { token: shopper.key })).status).toBe(204);
    expect(await listed(shopper)).not.toContain(slug);
    // The other side still sees the room (they are not told).
    expect(await listed(owner)).toContain(slug);
    const blocked = await blockedList(shopper);
    const entry = blocked.data.find((r: { slug: string }) => r.slug === slug);
    expect(entry).toMatchObject({ slug, customer: { id: shopper.id }, shop: { owner: owner.id } });
    expect(Date.parse(entry.blocked_at)).not.toBeNaN();
    expect((await blockedList(owner)).data.map((r: { slug: string }) => r.slug)).not.toContain(slug);
    // A blocked room's messages notify nobody (the predicate notifications use).
    const blocks = new ChatBlockRepository(server.db);
    const roomId = (
      await server.db.selectFrom("chat_rooms").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()
    ).id;
    expect(await blocks.isBlockedFor(roomId, owner.id)).toBe(true);
    expect(await blocks.isBlockedFor(roomId, shopper.id)).toBe(true);

    // Unblocking (twice is the same as once) restores the list and the messages both ways.
    expect((await call("DELETE", `chat/room/${slug}/block/`, { token: shopper.key })).status).toBe(204);
    expect((await call("DELETE", `chat/room/${slug}/block/`, { token: shopper.key })).status).toBe(204);
    expect(await listed(shopper)).toContain(slug);
    expect((await blockedList(shopper)).data.map((r: { slug: string }) => r.slug)).not.toContain(slug);
    expect(await blocks.isBlockedFor(roomId, owner.id)).toBe(false);
    const seller = await openChat(server, slug, owner.key);
    const customer = await openChat(server, slug, shopper.key);
    seller.send({ message: "Still interested?" });
    expect(await customer.next()).toMatchObject({
      message: { message: "Still interested?", sender_id: owner.id },
    });
    customer.send({ message: "Yes" });
    expect(await seller.next()).toMatchObject({ message: { message: "Still interested?" } });
    expect(await seller.next()).toMatchObject({ message: { message: "Yes", sender_id: shopper.id } });
    await Promise.all([seller.close(), customer.close()]);
  });

  it("keeps a room blocked while the other side's block stands, whoever unblocks", async () => {
    const slug = await aRoom();
    await call("POST", `chat/room/${slug}/block/`, { token: shopper.key });
    await call("POST", `chat/room/${slug}/block/`, { token: owner.key });
    expect(await listed(owner)).not.toContain(slug);
    await call("DELETE", `chat/room/${slug}/block/`, { token: shopper.key });
    expect(await listed(shopper)).toContain(slug);
    expect((await call("GET", `chat/room/${slug}`, { token: shopper.key })).body.data.data.blocked_by).toBe(
      "them",
    );
    const customer = await openChat(server, slug, shopper.key);
    customer.send({ message: "Hello?" });
    expect(await customer.next()).toEqual({ error: chatBlockingMessages.blockedByOther, code: "blocked" });
    await customer.close();
  });
});
