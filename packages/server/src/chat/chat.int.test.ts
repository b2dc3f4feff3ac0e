import type { ChatRoomSummaryWire } from "@katale/adapters-http/contract";
import { CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopCaller } from "../engagement/engagement-test-client.js";
import { aPhoto, filesIn, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser, authPost } from "../testing/auth-helpers.js";
import { aProduct, aShop } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { openChat, refusal } from "./chat-test-client.js";

// Live chat (issue 11) against the real server: the room calls, and the room's socket with real
// `ws` clients. Who may do what (visitor, stranger, customer, owner), what the server decides for
// the client (sender, product card), refused frames, history order and paging, list order, unread.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("chat (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  let owner: Signed;
  let shopper: Signed;
  let stranger: Signed;
  let shopId: number;
  let slug: string;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, shopper, stranger] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopId = (
      await aShop(server.db, {
        owner_id: owner.id,
        name: `Kampala Phones ${kind}`,
        display_image: "/media/shops/kp.webp",
      })
    ).id;
    const opened = await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key });
    expect(opened.status).toBe(200);
    slug = opened.body.data.slug;
  });
  afterAll(() => server?.close());

  describe("opening a room", () => {
    it("answers the same unguessable room on every call, and refuses visitors, owners and unknown shops", async () => {
      expect(slug).toMatch(/^[A-Za-z0-9_-]{22,}$/);
      const again = await call("GET", `chat/room/get-room/${shopId}/`, { token: shopper.key });
      expect(again.body).toEqual({ data: { slug } });
      expect(again.headers["cache-control"]).toBe("private, no-store");

      const visitor = await call("GET", `chat/room/get-room/${shopId}`);
      expect(visitor.status).toBe(401);
      const own = await call("GET", `chat/room/get-room/${shopId}`, { token: owner.key });
      expect(own.status).toBe(400);
      expect(own.body).toEqual({ detail: messages.chat.ownShop, code: "own_shop" });
      const unknown = await call("GET", "chat/room/get-room/999999", { token: shopper.key });
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe("shop_not_found");
      const garbage = await call("GET", "chat/room/get-room/abc", { token: shopper.key });
      expect(garbage.status).toBe(400);

      const other = await call("GET", `chat/room/get-room/${shopId}`, { token: stranger.key });
      expect(other.body.data.slug).not.toBe(slug);
    });

    it("shows a room to its customer and the shop owner only (anyone else 404, visitors 401)", async () => {
      for (const who of [shopper, owner]) {
        const room = await call("GET", `chat/room/${slug}`, { token: who.key });
        expect(room.status).toBe(200);
        expect(room.body.data.data.customer).toEqual({
          id: shopper.id,
          name: shopper.name,
          profile_picture: null,
        });
        expect(room.body.data.data.shop).toMatchObject({
          id: shopId,
          owner: owner.id,
          display_image: "/media/shops/kp.webp",
        });
      }
      expect((await call("GET", `chat/room/${slug}`, { token: stranger.key })).status).toBe(404);
      expect((await call("GET", "chat/room/no-such-room", { token: shopper.key })).status).toBe(404);
      expect((await call("GET", `chat/room/${slug}`)).status).toBe(401);
      expect((await call("POST", `chat/room/${slug}/read/`, { token: stranger.key })).status).toBe(404);
      expect((await call("POST", `chat/room/${slug}/read/`)).status).toBe(401);
      expect((await call("GET", `chat/room/${slug}?before=yesterday`, { token: shopper.key })).status).toBe(
        400,
      );
    });
  });

  describe("the socket", () => {
    it("refuses the upgrade without a token, with a bad one, to strangers and to unknown rooms", async () => {
      expect(await refusal(server, slug)).toBe(401);
      expect(await refusal(server, slug, "not-a-real-token")).toBe(401);
      expect(await refusal(server, slug, stranger.key)).toBe(403);
      expect(await refusal(server, "no-such-room", shopper.key)).toBe(403);
      // The token in the URL is not read.
      expect(await refusal(server, `${slug}?token=${shopper.key}`)).toBe(401);
      expect(await refusal(server, slug, shopper.key)).toBe("open");
      expect(await refusal(server, slug, undefined, [`bearer.${shopper.key}`])).toBe(400);
      // A plain GET is told this address is a socket, as /api/docs says.
      const plain = await fetch(`${server.shopUrl}chat/${slug}/`);
      expect(plain.status).toBe(426);
    });

    it("delivers a message to both sides with the token's sender and the database's product card", async () => {
      const product = await aProduct(server.db, {
        shop_id: shopId,
        name: "Samsung Galaxy A15",
        price: 650_000,
        images: ["/media/products/a15-1.webp", "/media/products/a15-2.webp"],
      });
      const customer = await openChat(server, slug, shopper.key);
      const seller = await openChat(server, slug, owner.key);
      expect(customer.protocol).toBe(CHAT_PROTOCOL);

      customer.send({
        message: "  Is it still available?  ",
        sender_id: owner.id,
        product: { slug: product.slug, product_name: "Free phone", price: 1, images: ["/evil.webp"] },
      });
      const expected = {
        message: "Is it still available?",
        sender_id: shopper.id,
        product: {
          product_id: product.id,
          slug: product.slug,
          product_name: "Samsung Galaxy A15",
          price: 650_000,
          images: ["/media/products/a15-1.webp", "/media/products/a15-2.webp"],
        },
      };
      const mine = (await customer.next()).message as Record<string, unknown>;
      const theirs = (await seller.next()).message as Record<string, unknown>;
      expect(mine).toMatchObject(expected);
      expect(theirs).toEqual(mine);
      expect(Date.now() - Date.parse(mine.created_at as string)).toBeLessThan(60_000);

      seller.send({ message: "Yes, come by", product: { product_id: String(product.id) } });
      expect(((await customer.next()).message as { sender_id: number }).sender_id).toBe(owner.id);
      expect(((await seller.next()).message as { product: { slug: string } }).product.slug).toBe(
        product.slug,
      );

      await Promise.all([customer.close(), seller.close()]);
    });

    it("keeps a sender's messages in the order sent", async () => {
      const product = await aProduct(server.db, { shop_id: shopId, name: "Kettle" });
      const customer = await openChat(server, slug, shopper.key);
      customer.send({ message: "first, with a card", product: { slug: product.slug } });
      customer.send({ message: "second" });
      customer.send("not json");
      customer.send({ message: "third" });
      const frames = [
        await customer.next(),
        await customer.next(),
        await customer.next(),
        await customer.next(),
      ];
      expect(frames.map((f) => (f.message as { message: string } | undefined)?.message ?? f.error)).toEqual([
        "first, with a card",
        "second",
        messages.chat.notJson,
        "third",
      ]);
      await customer.close();
    });

    it("answers blank, oversized, non-JSON and forged-product frames with an error and stays open", async () => {
      const customer = await openChat(server, slug, shopper.key);
      const refusals: [unknown, string, string][] = [
        [{ message: "   " }, messages.chat.messageBlank, "message_blank"],
        [{ message: "" }, messages.chat.messageBlank, "message_blank"],
        [{ sender_id: 3 }, messages.chat.messageBlank, "message_blank"],
        [{ message: "x".repeat(2001) }, messages.chat.messageTooLong, "message_too_long"],
        ["this is not json", messages.chat.notJson, "not_json"],
        ["[1,2]", messages.chat.notJson, "not_json"],
        ["null", messages.chat.notJson, "not_json"],
        // Fields of the wrong type say which is wrong.
        [{ message: 123 }, messages.chat.messageNotText, "message_not_text"],
        [{ message: null }, messages.chat.messageNotText, "message_not_text"],
        [{ message: "x", product: 331 }, messages.chat.productInvalid, "product_invalid"],
        [{ message: "x", product: "phone" }, messages.chat.productInvalid, "product_invalid"],
        [
          { message: "hi", product: { slug: "no-such-product" } },
          messages.chat.productNotFound,
          "product_not_found",
        ],
        [
          { message: "hi", product: { product_id: 99999999 } },
          messages.chat.productNotFound,
          "product_not_found",
        ],
        [
          { message: "hi", product: { product_name: "forged" } },
          messages.chat.productNotFound,
          "product_not_found",
        ],
      ];
      for (const [frame, error, code] of refusals) {
        customer.send(frame);
        expect(await customer.next(), JSON.stringify(frame)).toEqual({ error, code });
      }
      customer.send({ message: "y".repeat(2000) });
      expect(((await customer.next()).message as { message: string }).message).toHaveLength(2000);
      await customer.close();
    });

    it("holds a user to 30 messages per 10 s, then answers an error frame", async () => {
      const [u, ownerB] = [await aSignedInUser(server), await aSignedInUser(server)];
      const shop = await aShop(server.db, { owner_id: ownerB.id });
      const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: u.key })).body.data.slug;
      const socket = await openChat(server, room, u.key);
      for (let i = 0; i < 31; i++) socket.send({ message: `m${i}` });
      const frames = [];
      for (let i = 0; i < 31; i++) frames.push(await socket.next());
      expect(frames.filter((f) => "message" in f)).toHaveLength(30);
      expect(frames.filter((f) => "error" in f)).toEqual([
        { error: messages.chat.tooManyMessages, code: "rate_limited" },
      ]);
      await socket.close();
    });

    it("lets a user hold 20 sockets at most", async () => {
      const [u, ownerB] = [await aSignedInUser(server), await aSignedInUser(server)];
      const shop = await aShop(server.db, { owner_id: ownerB.id });
      const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: u.key })).body.data.slug;
      const sockets = await Promise.all(Array.from({ length: 20 }, () => openChat(server, room, u.key)));
      expect(await refusal(server, room, u.key)).toBe(429);
      // The other party is not held by the user's limit.
      expect(await refusal(server, room, ownerB.key)).toBe("open");
      await sockets[0]!.close();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await refusal(server, room, u.key)).toBe("open");
      await Promise.all(sockets.map((s) => s.close()));
    });
  });

  it("documents the room calls and the socket in /api/docs", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    for (const path of [
      "/api/shop/chat/room/",
      "/api/shop/chat/room/{slug}",
      "/api/shop/chat/room/get-room/{shopId}",
    ])
      expect(doc.paths[path]?.get).toBeDefined();
    expect(doc.paths["/api/shop/chat/room/{slug}/read/"]?.post).toBeDefined();
    const socket = doc.paths["/api/shop/chat/{slug}/"]?.get;
    expect(socket?.description).toContain("katale.chat.v1");
    expect(socket?.description).toContain("bearer.<token>");
  });

  describe("removing a room", () => {
    it("lets the customer remove an empty room; not one with messages, not the owner, not anyone else", async () => {
      const customer = await aSignedInUser(server);
      const empty = (await call("GET", `chat/room/get-room/${shopId}`, { token: customer.key })).body.data
        .slug;
      expect((await call("DELETE", `chat/room/${empty}/`)).status).toBe(401);
      expect((await call("DELETE", `chat/room/${empty}/`, { token: owner.key })).status).toBe(404);
      expect((await call("DELETE", `chat/room/${empty}/`, { token: stranger.key })).status).toBe(404);
      const socket = await openChat(server, empty, customer.key);
      expect((await call("DELETE", `chat/room/${empty}/`, { token: customer.key })).status).toBe(204);
      expect((await socket.closed).code).toBe(4403);
      expect((await call("GET", `chat/room/${empty}`, { token: customer.key })).status).toBe(404);
      // Asked again, the shop gets a new room.
      const again = (await call("GET", `chat/room/get-room/${shopId}`, { token: customer.key })).body.data
        .slug;
      expect(again).not.toBe(empty);

      const used = await openChat(server, again, customer.key);
      used.send({ message: "hello" });
      await used.next();
      await used.close();
      const kept = await call("DELETE", `chat/room/${again}/`, { token: customer.key });
      expect(kept.status).toBe(409);
      expect(kept.body).toEqual({ detail: messages.chat.roomNotEmpty, code: "room_not_empty" });
      expect(
        (await call("GET", `chat/room/${again}`, { token: customer.key })).body.data.data.messages,
      ).toHaveLength(1);
    });
  });

  describe("photos", () => {
    const post = sellerCaller(() => server);

    it("a participant's photo is re-encoded, stored and arrives on both sockets, then in the history and the list", async () => {
      const customer = await openChat(server, slug, shopper.key);
      const seller = await openChat(server, slug, owner.key);
      customer.send({ message: "The screen has a crack, look:" });
      await customer.next();
      await seller.next();
      const before = await filesIn(server, "chat");
      const sent = await post("POST", `chat/room/${slug}/photo/`, {
        token: shopper.key,
        form: form({ image: await aPhoto(640, 480) }),
      });
      expect(sent.status).toBe(201);
      const image = sent.body.data.image as string;
      expect(image).toMatch(/^\/media\/chat\/[a-z0-9]+\.webp$/);
      expect(sent.body.data).toMatchObject({ message: "", sender_id: shopper.id, product: null });

      // Live on both sides, as a text message would be.
      for (const side of [customer, seller]) {
        const frame = (await side.next()).message as Record<string, unknown>;
        expect(frame).toEqual(sent.body.data);
      }
      await customer.close();
      await seller.close();

      // A WebP the server made (metadata gone), with its smaller sizes beside it.
      const file = await fetch(`${server.baseUrl}${image}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
      expect((await filesIn(server, "chat")).length - before.length).toBe(4);

      const history = await call("GET", `chat/room/${slug}`, { token: owner.key });
      expect(history.body.data.data.messages.at(-1)).toEqual(sent.body.data);
      const list = await call("GET", "chat/room/", { token: owner.key });
      const row = list.body.data.find((r: ChatRoomSummaryWire) => r.slug === slug);
      expect(row.last_message).toEqual(sent.body.data);
      // Text messages say they carry no picture.
      expect(history.body.data.data.messages.at(-2)).toMatchObject({
        message: "The screen has a crack, look:",
        image: null,
      });
    });

    it("a customer who deletes their account takes the room's photos with them", async () => {
      const leaving = await aSignedInUser(server);
      const room = (await call("GET", `chat/room/get-room/${shopId}`, { token: leaving.key })).body.data.slug;
      const mine = await post("POST", `chat/room/${room}/photo/`, {
        token: leaving.key,
        form: form({ image: await aPhoto() }),
      });
      const theirs = await post("POST", `chat/room/${room}/photo/`, {
        token: owner.key,
        form: form({ image: await aPhoto() }),
      });
      const names = (path: string) => path.split("/").at(-1)!.replace(".webp", "");
      const shown = () =>
        filesIn(server, "chat").then((f) =>
          f.filter(
            (n) => n.startsWith(names(mine.body.data.image)) || n.startsWith(names(theirs.body.data.image)),
          ),
        );
      expect(await shown()).toHaveLength(8);
      const gone = await authPost(
        server,
        "users/delete_account/",
        { password: leaving.password },
        { token: leaving.key },
      );
      expect(gone.status).toBe(200);
      expect(await shown()).toEqual([]);
      expect((await fetch(`${server.baseUrl}${theirs.body.data.image}`)).status).toBe(404);
    });

    it("refuses visitors (401), strangers (404), non-images (400) and files under other names (400)", async () => {
      const photo = await aPhoto();
      const before = await filesIn(server, "chat");
      const visitor = await post("POST", `chat/room/${slug}/photo/`, { form: form({ image: photo }) });
      expect(visitor.status).toBe(401);
      const stranger_ = await post("POST", `chat/room/${slug}/photo/`, {
        token: stranger.key,
        form: form({ image: photo }),
      });
      expect(stranger_.status).toBe(404);
      expect(stranger_.body.code).toBe("room_not_found");
      const unknown = await post("POST", "chat/room/no-such-room/photo/", {
        token: shopper.key,
        form: form({ image: photo }),
      });
      expect(unknown.status).toBe(404);

      const text = await post("POST", `chat/room/${slug}/photo/`, {
        token: shopper.key,
        form: form({ image: { bytes: Buffer.from("just some text, not a picture"), type: "image/png" } }),
      });
      expect(text.status).toBe(400);
      expect(text.body.code).toBe("invalid_input");
      expect(text.body.detail).toMatch(/not an image/);

      const elsewhere = await post("POST", `chat/room/${slug}/photo/`, {
        token: shopper.key,
        form: form({ picture: photo }),
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.detail).toBe(messages.api.unexpectedFile);

      const none = await post("POST", `chat/room/${slug}/photo/`, {
        token: shopper.key,
        form: form({ note: "hi" }),
      });
      expect(none.status).toBe(400);
      expect(none.body.detail).toBe(messages.chat.photoRequired);

      // Nothing was stored, and the room heard of none of it.
      expect(await filesIn(server, "chat")).toEqual(before);
      const history = await call("GET", `chat/room/${slug}`, { token: shopper.key });
      expect(
        history.body.data.data.messages.filter((m: { image: string | null }) => m.image !== null),
      ).toHaveLength(1);
    });
  });

  describe("history, list and unread counts", () => {
    it("answers the last 50 messages oldest first, and older ones with ?before=", async () => {
      const [u, ownerB] = [await aSignedInUser(server), await aSignedInUser(server)];
      const shop = await aShop(server.db, { owner_id: ownerB.id });
      const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: u.key })).body.data.slug;
      const empty = await call("GET", `chat/room/${room}`, { token: u.key });
      expect(empty.body.data.data.messages).toEqual([]);
      const roomRow = await server.db
        .selectFrom("chat_rooms")
        .select("id")
        .where("slug", "=", room)
        .executeTakeFirstOrThrow();
      const start = Date.parse("2026-03-05T08:00:00.000Z");
      await server.db
        .insertInto("chat_messages")
        .values(
          Array.from({ length: 60 }, (_, i) => ({
            room_id: roomRow.id,
            sender_id: i % 2 === 0 ? u.id : ownerB.id,
            message: `message ${i + 1}`,
            product_id: null,
            created_at: new Date(start + i * 60_000),
          })),
        )
        .execute();

      const latest = (await call("GET", `chat/room/${room}`, { token: ownerB.key })).body.data.data.messages;
      expect(latest).toHaveLength(50);
      expect(latest[0].message).toBe("message 11");
      expect(latest[49].message).toBe("message 60");
      expect(latest[49].created_at).toBe("2026-03-05T08:59:00.000Z");
      const older = await call(
        "GET",
        `chat/room/${room}?before=${encodeURIComponent(latest[0].created_at)}`,
        {
          token: ownerB.key,
        },
      );
      expect(older.body.data.data.messages.map((m: { message: string }) => m.message)).toEqual(
        Array.from({ length: 10 }, (_, i) => `message ${i + 1}`),
      );
    });

    it("lists the caller's rooms as customer and as owner, newest message first, empty rooms last, with unread counts", async () => {
      const me = await aSignedInUser(server);
      const buyer = await aSignedInUser(server);
      const myShop = await aShop(server.db, { owner_id: me.id, name: `My stall ${kind}` });
      const [shopA, shopB, shopC] = await Promise.all([aShop(server.db), aShop(server.db), aShop(server.db)]);
      const room = async (token: string, id: number) =>
        (await call("GET", `chat/room/get-room/${id}`, { token })).body.data.slug as string;
      const roomA = await room(me.key, shopA.id);
      const roomB = await room(me.key, shopB.id);
      const roomC = await room(me.key, shopC.id); // stays empty
      const roomMine = await room(buyer.key, myShop.id); // me as the owner

      const send = async (slugOf: string, token: string, text: string) => {
        const socket = await openChat(server, slugOf, token);
        socket.send({ message: text });
        await socket.next();
        await socket.close();
      };
      await send(roomB, me.key, "to B");
      await send(roomMine, buyer.key, "hello owner");
      await send(roomMine, buyer.key, "are you there?");
      await send(roomA, me.key, "to A");

      const list = await call("GET", "chat/room/", { token: me.key });
      expect(list.status).toBe(200);
      expect(list.headers["cache-control"]).toBe("private, no-store");
      const rooms = list.body.data as ChatRoomSummaryWire[];
      expect(rooms.map((r) => r.slug)).toEqual([roomA, roomMine, roomB, roomC]);
      const mine = rooms[1]!;
      expect(mine.customer).toEqual({ id: buyer.id, name: buyer.name, profile_picture: null });
      expect(mine.shop).toEqual({
        id: myShop.id,
        name: `My stall ${kind}`,
        display_image: null,
        owner: me.id,
      });
      expect(mine.last_message).toMatchObject({
        message: "are you there?",
        sender_id: buyer.id,
        product: null,
      });
      expect(mine.unread_count).toBe(2);
      expect(rooms[0]!.unread_count).toBe(0); // one's own messages are read
      expect(rooms[3]!.last_message).toBeNull();

      // The buyer sees the room as customer; the owner's reply is unread until read.
      const reply = await openChat(server, roomMine, me.key);
      reply.send({ message: "yes!" });
      await reply.next();
      const buyerList = (await call("GET", "chat/room/", { token: buyer.key })).body
        .data as ChatRoomSummaryWire[];
      expect(buyerList.map((r) => [r.slug, r.unread_count])).toEqual([[roomMine, 1]]);
      // Replying marked the owner's side read.
      const afterReply = (await call("GET", "chat/room/", { token: me.key })).body
        .data as ChatRoomSummaryWire[];
      expect(afterReply.find((r) => r.slug === roomMine)?.unread_count).toBe(0);

      // {type: "read"} on the socket, or the call, marks it read.
      const buyerSocket = await openChat(server, roomMine, buyer.key);
      buyerSocket.send({ type: "read" });
      buyerSocket.send({ message: "ok" });
      await buyerSocket.next();
      await reply.next();
      const readNow = (await call("GET", "chat/room/", { token: buyer.key })).body
        .data as ChatRoomSummaryWire[];
      expect(readNow[0]!.unread_count).toBe(0);
      const ownerBefore = (await call("GET", "chat/room/", { token: me.key })).body
        .data as ChatRoomSummaryWire[];
      expect(ownerBefore.find((r) => r.slug === roomMine)?.unread_count).toBe(1);
      expect((await call("POST", `chat/room/${roomMine}/read/`, { token: me.key })).status).toBe(204);
      const ownerAfter = (await call("GET", "chat/room/", { token: me.key })).body
        .data as ChatRoomSummaryWire[];
      expect(ownerAfter.find((r) => r.slug === roomMine)?.unread_count).toBe(0);
      await Promise.all([reply.close(), buyerSocket.close()]);

      expect((await call("GET", "chat/room/")).status).toBe(401);
    });
  });
});

describe("chat shutdown", () => {
  it("closes sockets with 1001 when the server shuts down", async () => {
    const other = await startTestServer({ database: "pglite", seed: "none" });
    try {
      const [u, ownerB] = [await aSignedInUser(other), await aSignedInUser(other)];
      const shop = await aShop(other.db, { owner_id: ownerB.id });
      const room = (
        await other.app.inject({
          method: "GET",
          url: `/api/shop/chat/room/get-room/${shop.id}`,
          headers: { authorization: `Token ${u.key}` },
        })
      ).json().data.slug;
      const socket = await openChat(other, room, u.key);
      const closing = other.app.close();
      expect((await socket.closed).code).toBe(1001);
      await closing;
    } finally {
      await other.close().catch(() => {});
    }
  });
});
