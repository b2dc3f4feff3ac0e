import { ChatSocketConnector, createHttpGateways, type WebSocketConstructor } from "@katale/adapters-http";
import type { ChatConnection, ChatListener, ChatMessage, Result } from "@katale/domain";
import { aProduct, aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

// The chat adapters (issue 11) against the real server: the HTTP gateway opens, lists and loads
// rooms; the socket connector (over `ws`, shaped like the browser's WebSocket) sends and receives.

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe("the chat adapters on the real server", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
  });
  afterAll(() => server?.close());

  it("open a room, talk live over the socket, and read the list and history back", async () => {
    const [owner, shopper] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Gulu Hardware" });
    const product = await aProduct(server.db, { shop_id: shop.id, name: "Padlock", price: 18_000 });
    const gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const sockets = new ChatSocketConnector(server.shopUrl, WebSocket as unknown as WebSocketConstructor);

    const slug = value(await gateways.chat.openRoom(shopper.key, shop.id));
    expect(value(await gateways.chat.openRoom(shopper.key, shop.id))).toBe(slug);
    const own = await gateways.chat.openRoom(owner.key, shop.id);
    expect(own.ok).toBe(false);

    const received: ChatMessage[] = [];
    const refused: string[] = [];
    const arrived = (n: number) =>
      new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if (received.length + refused.length >= n) {
            clearInterval(check);
            resolve();
          }
        }, 10);
      });
    const connected = (token: string, listener: Omit<ChatListener, "onOpen">) =>
      new Promise<ChatConnection>((resolve) => {
        const connection = sockets.connect(slug, token, { ...listener, onOpen: () => resolve(connection) });
      });
    const ownerConnection = await connected(owner.key, {
      onMessage: (m) => received.push(m),
      onRefused: (e) => refused.push(e),
    });
    const shopperConnection = await connected(shopper.key, { onMessage: () => {} });
    shopperConnection.send("Do you have this padlock?", product.slug);
    shopperConnection.send("   ");
    await arrived(1);
    expect(received[0]).toMatchObject({
      message: "Do you have this padlock?",
      senderId: shopper.id,
      product: { productId: product.id, slug: product.slug, productName: "Padlock", price: 18_000 },
    });
    ownerConnection.send("   ");
    await arrived(2);
    expect(refused).toHaveLength(1);

    const rooms = value(await gateways.chat.listRooms(owner.key));
    expect(rooms.map((r) => [r.slug, r.unreadCount, r.customer.id])).toEqual([[slug, 1, shopper.id]]);
    expect(value(await gateways.chat.markRead(owner.key, slug))).toBeUndefined();
    expect(value(await gateways.chat.listRooms(owner.key))[0]?.unreadCount).toBe(0);
    const room = value(await gateways.chat.loadRoom(shopper.key, slug));
    expect(room.messages.map((m) => m.message)).toEqual(["Do you have this padlock?"]);
    expect(room.shop).toEqual({ id: shop.id, name: "Gulu Hardware", displayImage: null, owner: owner.id });
    const older = value(await gateways.chat.loadRoom(shopper.key, slug, room.messages[0]!.createdAt));
    expect(older.messages).toEqual([]);

    ownerConnection.close();
    shopperConnection.close();
  });

  it("send a photo: the answer and the owner's socket carry the re-encoded picture's path", async () => {
    const [owner, shopper] = [await aSignedInUser(server), await aSignedInUser(server)];
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Lira Tailors" });
    const gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const sockets = new ChatSocketConnector(server.shopUrl, WebSocket as unknown as WebSocketConstructor);
    const slug = value(await gateways.chat.openRoom(shopper.key, shop.id));
    const received: ChatMessage[] = [];
    const connection = await new Promise<ChatConnection>((resolve) => {
      const c = sockets.connect(slug, owner.key, {
        onMessage: (m) => received.push(m),
        onOpen: () => resolve(c),
      });
    });
    const photo = {
      fileName: "dot.png",
      contentType: "image/png",
      bytes: Buffer.from(ONE_PIXEL_PNG, "base64"),
    };
    const sent = value(await gateways.chat.sendPhoto(shopper.key, slug, photo));
    expect(sent).toMatchObject({ message: "", senderId: shopper.id, product: null });
    expect(sent.image).toMatch(/^\/media\/chat\/[a-z0-9]+\.webp$/);
    await expect.poll(() => received).toEqual([sent]);
    expect(value(await gateways.chat.loadRoom(owner.key, slug)).messages).toEqual([sent]);

    const notAnImage = await gateways.chat.sendPhoto(shopper.key, slug, {
      ...photo,
      bytes: new Uint8Array([1, 2, 3]),
    });
    expect(notAnImage.ok).toBe(false);
    const stranger = await aSignedInUser(server);
    const refused = await gateways.chat.sendPhoto(stranger.key, slug, photo);
    expect(!refused.ok && refused.error.kind).toBe("not-found");
    connection.close();
  });
});

/** A 1×1 PNG. */
const ONE_PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==";
