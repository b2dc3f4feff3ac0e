import { randomUUID } from "node:crypto";
import type { DevMailWire, NotificationWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChat } from "../chat/chat-test-client.js";
import { createMailService } from "../mail/mailer.js";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { startSmtp } from "../testing/smtp-test-server.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { EmailDelivery } from "./email-delivery.js";
import { UnsubscribeLinks } from "./unsubscribe-links.js";

// Chat messages and saved-search matches in the inbox, and notification e-mail over real SMTP:
// each kind made by its cause and never by the user's own action, bursts folded per room and per
// search, a chat room still unread after NOTIFY_CHAT_EMAIL_AFTER_MINUTES e-mailed once per unread
// stretch, saved-search matches in one digest a day, and the one-click unsubscribe link (RFC 8058)
// of every e-mail. Time is the server's clock port: the tests move it instead of waiting.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

const HOUR = 3600_000;

/** Waits for what a user waits for (an inbox entry, an e-mail), with room for a loaded machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** Header lines of a raw message unfolded (a long header may be wrapped onto the next line). */
const unfolded = (raw: string) => raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");

describe.each(databaseKinds())("notifications of chat and saved searches (%s)", (kind) => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** How far the server's clock is ahead of the real one. */
  let shift = 0;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let shopper: Signed;
  let shopId: number;
  let slug: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Katale <notify@katale.example>",
        NOTIFY_SWEEP_SECONDS: "0.1",
        NOTIFY_DIGEST_HOUR: "8",
      },
      clock: () => new Date(Date.now() + shift),
    });
    [owner, shopper] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Phones" })).id;
    slug = (await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key })).body.data.slug;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const inbox = async (user: Signed) => {
    const answer = await call("GET", "notifications/", { token: user.key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { count: number; unread: number; results: NotificationWire[] };
  };
  const ofKind = async (user: Signed, kind: NotificationWire["kind"]) =>
    (await inbox(user)).results.filter((n) => n.kind === kind);
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const devMails = async (email: string) =>
    ((await (await fetch(`${server.baseUrl}/dev/mail.json`)).json()) as DevMailWire[]).filter(
      (m) => m.to === email,
    );
  /** The link on this server (PUBLIC_URL is not the test server's address). */
  const local = (link: string) => {
    const url = new URL(link);
    return `${server.baseUrl}${url.pathname}${url.search}`;
  };
  /** Sends a message from `from` on its own socket and waits for the server's echo. */
  const say = async (room: string, from: Signed, text: string) => {
    const socket = await openChat(server, room, from.key);
    socket.send({ message: text });
    expect((await socket.next()).message).toMatchObject({ message: text });
    await socket.close();
  };
  /**
   * A room of two new users with an unread message, e-mailed at a sweep from now on: once its mail
   * arrives, every room that was due before it has had its turn (the sweep claims the oldest first).
   */
  const aLaterMail = async () => {
    const [seller, buyer] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    const shop = await aShop(server.db, { owner_id: seller.id, name: `Stall ${seller.id}` });
    const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: buyer.key })).body.data.slug;
    await say(room, buyer, "Hello?");
    await poll(() => mailsTo(seller.email).length).toBe(1);
  };

  it("tells the other participant of messages in a room they do not have open, folded per room, never the sender", async () => {
    const chat = await openChat(server, slug, shopper.key);
    for (const text of ["Is the Tecno still there?", "Price?", "I can pick it up today"]) {
      chat.send({ message: text });
      expect((await chat.next()).message).toMatchObject({ message: text });
    }
    await poll(async () => (await ofKind(owner, "chat_message")).map((n) => [n.title, n.body])).toEqual([
      [`3 new messages from ${shopper.name}`, "I can pick it up today"],
    ]);
    expect((await ofKind(owner, "chat_message"))[0]).toMatchObject({
      url: `/account/chat-room?room=${slug}`,
      read: false,
    });
    expect(await ofKind(shopper, "chat_message")).toEqual([]);

    // The owner has the room open: what arrives now is seen there, not notified.
    const ownerChat = await openChat(server, slug, owner.key);
    chat.send({ message: "Hello?" });
    expect((await ownerChat.next()).message).toMatchObject({ message: "Hello?" });
    // The owner answers while the shopper has the room open too: nobody is notified.
    ownerChat.send({ message: "Yes, UGX 480,000" });
    expect((await chat.next()).message).toMatchObject({ message: "Hello?" });
    expect((await chat.next()).message).toMatchObject({ message: "Yes, UGX 480,000" });
    await ownerChat.close();
    // Closed: the next one is notified, folded into the same unread entry (4, not 5).
    chat.send({ message: "Great, coming at 5" });
    await chat.next();
    await chat.close();
    await poll(async () => (await ofKind(owner, "chat_message")).map((n) => n.title)).toEqual([
      `4 new messages from ${shopper.name}`,
    ]);
    // The shopper's room is closed now: the owner's next message is the shopper's first entry.
    await say(slug, owner, "See you then");
    await poll(async () => (await ofKind(shopper, "chat_message")).map((n) => [n.title, n.body])).toEqual([
      ["New message from Kikuubo Phones", "See you then"],
    ]);
  });

  it("sends an e-mail once however often its job runs, also at the same time", async () => {
    const [seller, buyer] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    const shop = await aShop(server.db, { owner_id: seller.id, name: `Nakasero ${seller.id}` });
    const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: buyer.key })).body.data.slug;
    await say(room, buyer, "Do you deliver to Entebbe?");
    const { id: roomId } = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("slug", "=", room)
      .executeTakeFirstOrThrow();
    // The job of one event, as the queue would run it twice, or two instances at once.
    const mail = createMailService({ env: "test", smtpUrl: smtp.url, mailFrom: "notify@katale.example" });
    const delivery = new EmailDelivery(
      server.db,
      mail.mailer,
      new UnsubscribeLinks(server.db, server.baseUrl),
      server.baseUrl,
    );
    const event = {
      kind: "chat_message" as const,
      event_id: randomUUID(),
      user_id: seller.id,
      room_id: roomId,
      since: new Date(Date.now() - 60_000).toISOString(),
    };
    await Promise.all([delivery.deliver(event), delivery.deliver(event)]);
    await delivery.deliver(event);
    expect(mailsTo(seller.email)).toHaveLength(1);
    expect(unfolded(mailsTo(seller.email)[0]!.raw)).toMatch(
      new RegExp(`^Subject: New message from ${buyer.name}$`, "m"),
    );
    await mail.mailer.close();
    // Read now: the server's own sweep sends this room nothing later.
    expect((await call("POST", `chat/room/${room}/read/`, { token: seller.key })).status).toBe(204);
  });

  it("leaves a message moderators hid out of the unread-chat e-mail", async () => {
    const [seller, buyer] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
    const shop = await aShop(server.db, { owner_id: seller.id, name: `Wandegeya ${seller.id}` });
    const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: buyer.key })).body.data.slug;
    const { id: roomId } = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("slug", "=", room)
      .executeTakeFirstOrThrow();
    // Stored as the socket stores them, without the notices (the server's sweep sends nothing).
    await server.db
      .insertInto("chat_messages")
      .values([
        {
          room_id: roomId,
          sender_id: buyer.id,
          message: "Is the fridge still there?",
          created_at: new Date(),
        },
        {
          room_id: roomId,
          sender_id: buyer.id,
          message: "Pay 50,000 to 0772 000000 first",
          created_at: new Date(Date.now() + 1),
          hidden: true,
        },
      ])
      .execute();
    const mail = createMailService({ env: "test", smtpUrl: smtp.url, mailFrom: "notify@katale.example" });
    const delivery = new EmailDelivery(
      server.db,
      mail.mailer,
      new UnsubscribeLinks(server.db, server.baseUrl),
      server.baseUrl,
    );
    await delivery.deliver({
      kind: "chat_message",
      event_id: randomUUID(),
      user_id: seller.id,
      room_id: roomId,
      since: new Date(Date.now() - 60_000).toISOString(),
    });
    await mail.mailer.close();
    expect(mailsTo(seller.email)).toHaveLength(1);
    const raw = mailsTo(seller.email)[0]!.raw;
    expect(unfolded(raw)).toMatch(new RegExp(`^Subject: New message from ${buyer.name}$`, "m"));
    expect(raw).toContain("Is the fridge still there?");
    expect(raw).not.toContain("0772 000000");
    expect((await call("POST", `chat/room/${room}/read/`, { token: seller.key })).status).toBe(204);
  });

  it("e-mails a room still unread after NOTIFY_CHAT_EMAIL_AFTER_MINUTES, once, with a one-click unsubscribe link", async () => {
    // The owner wrote after the shopper's last message (which reads the room): only the shopper has
    // an unread stretch.
    shift = 11 * 60_000;
    await poll(() => mailsTo(shopper.email).length).toBe(1);
    const raw = mailsTo(shopper.email)[0]!.raw;
    const head = unfolded(raw);
    expect(head).toMatch(/^Subject: New message from Kikuubo Phones$/m);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m.exec(head)?.[1];
    expect(link).toMatch(/\/api\/shop\/notifications\/unsubscribe\/\?u=\d+&k=chat_message&s=[\w-]+$/);
    // The development mailbox has the same message, its headers and its words.
    const [dev] = await devMails(shopper.email);
    expect(dev!.text).toContain("/account/notification-settings");
    expect(dev!.text).toContain(`/account/chat-room?room=${slug}`);
    expect(dev!.text).toContain(`"See you then"`);
    expect(dev!.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(await (await fetch(`${server.baseUrl}/dev/mail`)).text()).toContain("List-Unsubscribe-Post");

    // More messages in the same unread stretch: no second e-mail.
    await say(slug, owner, "Are you still coming?");
    await aLaterMail();
    expect(mailsTo(shopper.email)).toHaveLength(1);
    // The owner read the room before the shopper's stretch began: no e-mail to the owner.
    expect(mailsTo(owner.email)).toHaveLength(0);

    // GET shows a page and changes nothing (mail scanners follow links).
    const page = await fetch(local(link!));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain("Stop these e-mails");
    const settings = async () => (await call("GET", "notifications/settings/", { token: shopper.key })).body;
    expect((await settings()).settings.chat_message).toEqual({ inbox: true, email: true, push: false });
    // A changed signature or kind is refused.
    const forged = await fetch(local(link!.replace(/s=[\w-]+$/, "s=forged")), { method: "POST" });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: string }).code).toBe("invalid_input");
    const otherKind = await fetch(local(link!.replace("k=chat_message", "k=new_follower")), {
      method: "POST",
    });
    expect(otherKind.status).toBe(400);
    // The mail client's one-click POST, without signing in; again is the same.
    for (let i = 0; i < 2; i++) {
      const off = await fetch(local(link!), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(off.status).toBe(200);
    }
    expect((await settings()).settings.chat_message).toEqual({ inbox: true, email: false, push: false });

    // Off means off: a new unread stretch (the shopper read, then the owner wrote) sends no e-mail,
    // and the inbox still tells.
    expect((await call("POST", `chat/room/${slug}/read/`, { token: shopper.key })).status).toBe(204);
    // Reading the room reads its inbox entry too.
    expect((await ofKind(shopper, "chat_message")).map((n) => n.read)).toEqual([true]);
    await say(slug, owner, "Last call");
    await poll(async () =>
      (await ofKind(shopper, "chat_message")).map((n) => [n.title, n.read]),
    ).toContainEqual(["New message from Kikuubo Phones", false]);
    await aLaterMail();
    expect(mailsTo(shopper.email)).toHaveLength(1);
  });

  it("tells a saved search's owner of new matches, folded per search, never of their own products; one digest a day", async () => {
    // The clock at 07:00 in Kampala (UTC+3) on a day ahead: before the digest hour (8).
    const at = new Date(Date.now() + 20 * 60_000);
    at.setUTCHours(4, 0, 0, 0);
    if (at.getTime() < Date.now() + 20 * 60_000) at.setTime(at.getTime() + 24 * HOUR);
    shift = at.getTime() - Date.now();

    const searcher = await aSignedInUser(server);
    const ownStall = await aShop(server.db, { owner_id: searcher.id, name: "Searcher's Stall" });
    const category = await aCategory(server.db, { name: `Phones ${kind}` });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Smartphones" });
    const saved = await call("POST", "saved-search/", {
      token: searcher.key,
      json: { name: "Phones", query: `category=${category.id}` },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const product = (name: string, shop: number) =>
      aProduct(server.db, { shop_id: shop, category_id: category.id, sub_category_id: sub.id, name });
    await product("My own phone", ownStall.id);
    await product("Tecno Spark 20", shopId);
    const matches = async () => (await ofKind(searcher, "saved_search_match")).map((n) => [n.title, n.body]);
    await poll(matches).toEqual([['A new match for "Phones"', "Tecno Spark 20"]]);
    expect((await ofKind(searcher, "saved_search_match"))[0]!.url).toBe(
      `/products/search?category=${category.id}`,
    );
    await product("Itel A70", shopId);
    await poll(matches).toEqual([['2 new matches for "Phones"', "Itel A70"]]);
    // A product of another category is no match.
    await aProduct(server.db, { shop_id: shopId, name: "Kitenge" });

    // 09:00: the day's digest, with both matches and its own unsubscribe link.
    shift += 2 * HOUR;
    await poll(() => mailsTo(searcher.email).length).toBe(1);
    const digest = unfolded(mailsTo(searcher.email)[0]!.raw);
    expect(digest).toMatch(/^Subject: 2 new matches for your saved searches$/m);
    expect(digest).toMatch(/^List-Unsubscribe: <[^>]+k=saved_search_match&s=[\w-]+>$/m);
    const [digestText] = await devMails(searcher.email);
    expect(digestText!.text).toContain("Tecno Spark 20");
    expect(digestText!.text).toContain("Itel A70");
    expect(digestText!.text).not.toContain("My own phone");

    // A match later that day waits for the next day's digest, which has only it.
    await product("Nokia 105", shopId);
    await poll(matches).toEqual([['3 new matches for "Phones"', "Nokia 105"]]);
    shift += HOUR;
    await aLaterMail();
    expect(mailsTo(searcher.email)).toHaveLength(1);
    shift += 24 * HOUR;
    await poll(() => mailsTo(searcher.email).length).toBe(2);
    expect(unfolded(mailsTo(searcher.email)[1]!.raw)).toMatch(
      /^Subject: A new match for your saved searches$/m,
    );
    const [nextText] = await devMails(searcher.email);
    expect(nextText!.text).toContain("Nokia 105");
    expect(nextText!.text).not.toContain("Itel A70");
  });

  it.runIf(kind === "postgres")(
    "knows a room open on another instance: its messages are not notified until it closes",
    async () => {
      const other = await server.anotherInstance();
      await other.listen({ port: 0, host: "127.0.0.1" });
      try {
        const address = other.server.address();
        const otherUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
        const there = { ...server, baseUrl: otherUrl };
        const [seller, buyer] = await Promise.all([aSignedInUser(server), aSignedInUser(server)]);
        const shop = await aShop(server.db, { owner_id: seller.id, name: `Owino ${seller.id}` });
        const room = (await call("GET", `chat/room/get-room/${shop.id}`, { token: buyer.key })).body.data
          .slug;
        const presence = async () =>
          (
            await server.db
              .selectFrom("chat_presence")
              .select("user_id")
              .where("user_id", "=", seller.id)
              .execute()
          ).length;
        // The seller has the room open on the other instance (its lease written there).
        const sellerThere = await openChat(there, room, seller.key);
        await poll(presence).toBe(1);
        await say(room, buyer, "Seen there");
        expect((await sellerThere.next()).message).toMatchObject({ message: "Seen there" });
        await sellerThere.close();
        await poll(presence).toBe(0);
        await say(room, buyer, "Not seen");
        await poll(async () => (await ofKind(seller, "chat_message")).map((n) => [n.title, n.body])).toEqual([
          [`New message from ${buyer.name}`, "Not seen"],
        ]);
      } finally {
        await other.close();
      }
    },
  );
});
