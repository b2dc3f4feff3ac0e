import type { DevMailWire } from "@katale/adapters-http/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aComment, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { type SmtpTestServer, startSmtp } from "../testing/smtp-test-server.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The owner told by e-mail (a real SMTP server) when moderation hides, suspends or restores their
// product, shop, review or chat message: once at the reports' threshold with the reasons reported
// (never who reported, nor what they wrote), once per admin decision with the moderator's note,
// once when it is shown again, each with a link to it in the web app. Nobody else is e-mailed.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

const PUBLIC_URL = "https://katale.example";
/** Waits for what a user waits for (an e-mail), with room for a loaded machine. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

describe.each(databaseKinds())("moderation e-mails to owners (%s)", (kind) => {
  let server: TestServer;
  let smtp: SmtpTestServer;
  const call = sellerCaller(() => server);
  let admin: Signed;
  let owner: Signed;
  let reporters: Signed[];
  let shopId: number;
  let subCategoryId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: "Katale <safety@katale.example>",
        PUBLIC_URL,
        AUTO_HIDE_REPORTS: "3",
      },
    });
    [admin, owner, ...reporters] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Owino Deals" })).id;
    subCategoryId = (await aSubCategory(server.db)).id;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const report = (user: Signed, target: string, targetId: number, reason: string, details = "") =>
    call("POST", "reports/", { token: user.key, json: { target, target_id: targetId, reason, details } });
  const resolve = (id: number, action: string, note = "") =>
    call("POST", `reports/${id}/resolve/`, { token: admin.key, json: { action, note } });
  const restore = (target: string, targetId: number) =>
    call("POST", "moderation/restore/", { token: admin.key, json: { target, target_id: targetId } });
  /** What the mail server received for `email`. */
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  /** The `count`th message to `email`, as sent (decoded: the development mailbox keeps a copy). */
  async function mail(email: string, count: number): Promise<DevMailWire> {
    await poll(() => mailsTo(email).length).toBe(count);
    const kept = async () =>
      ((await (await fetch(`${server.baseUrl}/dev/mail.json`)).json()) as DevMailWire[])
        .filter((m) => m.to === email)
        .reverse();
    await poll(async () => (await kept()).length).toBe(count);
    return (await kept())[count - 1]!;
  }

  it("tells the owner once at the threshold, once per admin decision and once when it is back", async () => {
    const product = await aProduct(server.db, {
      shop_id: shopId,
      sub_category_id: subCategoryId,
      name: "Samsung A14 phone",
    });
    const [first, second, third, fourth] = reporters as [Signed, Signed, Signed, Signed];
    const filed = await report(first, "product", product.id, "scam", "He kept my deposit");
    expect(filed.status).toBe(201);
    expect((await report(second, "product", product.id, "counterfeit")).status).toBe(201);
    expect(mailsTo(owner.email)).toEqual([]);
    expect((await report(third, "product", product.id, "scam")).status).toBe(201);

    const hidden = await mail(owner.email, 1);
    expect(hidden.subject).toBe('Your product "Samsung A14 phone" is hidden on Katale');
    expect(hidden.text).toContain("They reported it as: Counterfeit; Scam or fraud.");
    expect(hidden.text).toContain("we will e-mail you either way");
    expect(hidden.text).toContain(`${PUBLIC_URL}/item/${product.slug}`);
    expect(hidden.html).toContain(`href="${PUBLIC_URL}/item/${product.slug}"`);
    // The reporters are never named, nor what they wrote quoted.
    for (const reporter of reporters)
      for (const said of [reporter.name, reporter.email])
        expect(hidden.text + hidden.html).not.toContain(said);
    expect(hidden.text).not.toContain("He kept my deposit");

    // A fourth report hides nothing more: no second e-mail (the next one is the admin's decision).
    expect((await report(fourth, "product", product.id, "offensive")).status).toBe(201);
    const id = (filed.body as { data: { id: number } }).data.id;
    expect((await resolve(id, "hide", "Counterfeit phones may not be sold on Katale")).status).toBe(200);
    const decided = await mail(owner.email, 2);
    expect(decided.subject).toBe('Your product "Samsung A14 phone" is hidden on Katale');
    expect(decided.text).toContain("Our team has looked at the reports about your product");
    expect(decided.text).toContain("Our team's note: Counterfeit phones may not be sold on Katale");
    expect(decided.text).toContain(`write to us: ${PUBLIC_URL}/contact`);
    expect(decided.text).not.toContain("Offensive");

    expect((await restore("product", product.id)).status).toBe(200);
    const back = await mail(owner.email, 3);
    expect(back.subject).toBe('Your product "Samsung A14 phone" is visible again on Katale');
    expect(back.text).toContain(`${PUBLIC_URL}/item/${product.slug}`);

    // Nobody else was told anything.
    expect(smtp.received.filter((m) => !m.to.includes(owner.email))).toEqual([]);
    // No token or secret rides in a link: every link is the item's page or the contact page.
    const links = [hidden, decided, back].flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
    expect(new Set(links)).toEqual(new Set([`${PUBLIC_URL}/item/${product.slug}`, `${PUBLIC_URL}/contact`]));
  });

  it("tells a shop's owner of its suspension, a review's author and a message's sender of theirs", async () => {
    const [first] = reporters as [Signed];
    const before = mailsTo(owner.email).length;
    const shop = await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Traders" });
    const shopReport = await report(first, "shop", shop.id, "scam");
    expect((await resolve(shopReport.body.data.id, "suspend", "Sold phones it never had")).status).toBe(200);
    const suspended = await mail(owner.email, before + 1);
    expect(suspended.subject).toBe('Your shop "Kikuubo Traders" is suspended on Katale');
    expect(suspended.text).toContain("Our team's note: Sold phones it never had");
    expect(suspended.text).toContain(`${PUBLIC_URL}/account/admin-shop/Kikuubo%20Traders`);

    const author = reporters[3]!;
    const product = await aProduct(server.db, {
      shop_id: shopId,
      sub_category_id: subCategoryId,
      name: "Tecno Spark",
    });
    const review = await aComment(server.db, {
      product_id: product.id,
      user_id: author.id,
      comment: "Rubbish",
    });
    const reviewReport = await report(owner, "review", review.id, "offensive");
    expect((await resolve(reviewReport.body.data.id, "hide")).status).toBe(200);
    const reviewHidden = await mail(author.email, 1);
    expect(reviewHidden.subject).toBe('Your review of "Tecno Spark" is hidden on Katale');
    expect(reviewHidden.text).toContain(`${PUBLIC_URL}/item/${product.slug}`);
    expect(reviewHidden.text).not.toContain("Our team's note");

    const customer = reporters[2]!;
    const room = (await call("GET", `chat/room/get-room/${shopId}`, { token: customer.key })).body.data
      .slug as string;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO chat_messages (room_id, sender_id, message, created_at)
      SELECT id, ${owner.id}, 'Pay the deposit to 0772 000000 first', now() FROM chat_rooms WHERE slug = ${room}
      RETURNING id`.execute(server.db);
    const messageReport = await report(customer, "message", rows[0]!.id, "scam");
    expect((await resolve(messageReport.body.data.id, "hide")).status).toBe(200);
    const messageHidden = await mail(owner.email, before + 2);
    expect(messageHidden.subject).toBe(
      'Your chat message "Pay the deposit to 0772 000000 first" is hidden on Katale',
    );
    expect(messageHidden.text).toContain(`${PUBLIC_URL}/account/chat-room?room=${room}`);
    expect(mailsTo(customer.email)).toEqual([]);
  });
});
