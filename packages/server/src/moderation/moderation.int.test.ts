import { CHAT_CLOSE } from "@katale/adapters-http/contract";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password-hashing.js";
import { openChat } from "../chat/chat-test-client.js";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser, authPost, TEST_PASSWORD } from "../testing/auth-helpers.js";
import { aCategory, aComment, aProduct, aShop, aSubCategory, aUser } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// Trust and safety against the real server: the report rules, the admins' moderation (hide,
// suspend, restore) seen on every public read path and through the read caches of two instances,
// auto-hide at the threshold, the new accounts' product limit, and one audit entry per admin mutation.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("trust and safety (%s)", (kind) => {
  let server: TestServer;
  let other: FastifyInstance;
  const call = sellerCaller(() => server);
  let admin: Signed;
  let owner: Signed;
  let shopper: Signed;
  let stranger: Signed;
  let shopId: number;
  let subCategoryId: number;

  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: { READ_CACHE_SECONDS: "60", AUTO_HIDE_REPORTS: "3", NEW_ACCOUNT_DAILY_PRODUCTS: "2" },
    });
    other = await server.anotherInstance();
    [admin, owner, shopper, stranger] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Owino Deals" })).id;
    subCategoryId = (await aSubCategory(server.db)).id;
  });
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  const report = (token: string | undefined, body: Record<string, unknown>) =>
    call("POST", "reports/", { ...(token && { token }), json: body });
  const resolve = (id: number, action: string, note = "", token = admin.key) =>
    call("POST", `reports/${id}/resolve/`, { token, json: { action, note } });
  const restore = (target: string, targetId: number, token = admin.key) =>
    call("POST", "moderation/restore/", { token, json: { target, target_id: targetId } });
  const auditCount = async () =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM audit_log`.execute(server.db)).rows[0]!.n);
  const aListedProduct = (name: string, shop = shopId) =>
    aProduct(server.db, { shop_id: shop, sub_category_id: subCategoryId, name });

  describe("reporting", () => {
    it("files a report and answers its id; a visitor is asked to log in", async () => {
      const product = await aListedProduct("Samsung A14 phone");
      expect(
        (await report(undefined, { target: "product", target_id: product.id, reason: "scam" })).status,
      ).toBe(401);
      const filed = await report(shopper.key, { target: "product", target_id: product.id, reason: "scam" });
      expect(filed.status).toBe(201);
      expect(filed.body).toEqual({ data: { id: expect.any(Number) } });
    });

    it("refuses a second open report on the same target, but another reporter may", async () => {
      const product = await aListedProduct("Tecno Spark");
      const first = await report(shopper.key, { target: "product", target_id: product.id, reason: "spam" });
      expect(first.status).toBe(201);
      const again = await report(shopper.key, {
        target: "product",
        target_id: product.id,
        reason: "counterfeit",
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("already_reported");
      expect(
        (await report(stranger.key, { target: "product", target_id: product.id, reason: "spam" })).status,
      ).toBe(201);
    });

    it("refuses reporting oneself, one's own shop or one's own product", async () => {
      const product = await aListedProduct("Own goods");
      for (const [target, id] of [
        ["user", owner.id],
        ["shop", shopId],
        ["product", product.id],
      ] as const) {
        const refused = await report(owner.key, { target, target_id: id, reason: "spam" });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe("own_target");
      }
    });

    it("needs details for 'other', at most 1,000 characters, and a target that exists", async () => {
      const product = await aListedProduct("Bicycle");
      const bare = await report(shopper.key, { target: "product", target_id: product.id, reason: "other" });
      expect(bare.status).toBe(400);
      expect(bare.body.details).toBeDefined();
      const long = await report(shopper.key, {
        target: "product",
        target_id: product.id,
        reason: "scam",
        details: "x".repeat(1001),
      });
      expect(long.status).toBe(400);
      expect(long.body.code).toBe("invalid_input");
      const odd = await report(shopper.key, { target: "planet", target_id: product.id, reason: "scam" });
      expect(odd.status).toBe(400);
      const missing = await report(shopper.key, { target: "product", target_id: 999_999, reason: "scam" });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe("report_target_not_found");
      const told = await report(shopper.key, {
        target: "product",
        target_id: product.id,
        reason: "other",
        details: "The seller asked for mobile money up front",
      });
      expect(told.status).toBe(201);
    });

    it("lets only a person in the room report a chat message", async () => {
      const room = await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key });
      expect(room.status).toBe(200);
      const message = await aMessage(room.body.data.slug, owner.id, "Pay me first on mobile money");
      const outsider = await report(stranger.key, { target: "message", target_id: message, reason: "scam" });
      expect(outsider.status).toBe(403);
      expect(outsider.body.code).toBe("not_participant");
      const inside = await report(shopper.key, { target: "message", target_id: message, reason: "scam" });
      expect(inside.status).toBe(201);
    });

    it("allows 20 reports a day per user, then 429 with Retry-After", async () => {
      const busy = await aSignedInUser(server);
      const today = Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM reports WHERE reporter_id = ${busy.id}`.execute(
            server.db,
          )
        ).rows[0]!.n,
      );
      expect(today).toBe(0);
      const users = await Promise.all(Array.from({ length: 21 }, () => aUser(server.db)));
      for (const target of users.slice(0, 20)) {
        const filed = await report(busy.key, { target: "user", target_id: target.id, reason: "spam" });
        expect(filed.status).toBe(201);
      }
      const refused = await report(busy.key, { target: "user", target_id: users[20]!.id, reason: "spam" });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("too_many_reports");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  });

  describe("moderation calls", () => {
    it("are for admins only: visitor 401, user and owner 403", async () => {
      const product = await aListedProduct("Guarded");
      const filed = await report(shopper.key, { target: "product", target_id: product.id, reason: "scam" });
      const id = filed.body.data.id as number;
      const calls = [
        (token?: string) => call("GET", "reports/", { ...(token && { token }) }),
        (token?: string) =>
          call("POST", `reports/${id}/resolve/`, { ...(token && { token }), json: { action: "dismiss" } }),
        (token?: string) =>
          call("POST", "moderation/restore/", {
            ...(token && { token }),
            json: { target: "product", target_id: 1 },
          }),
        (token?: string) => call("GET", "admin/audit/", { ...(token && { token }) }),
      ];
      for (const attempt of calls) {
        expect((await attempt()).status).toBe(401);
        expect((await attempt(shopper.key)).status).toBe(403);
        expect((await attempt(owner.key)).status).toBe(403);
      }
      expect((await calls[0]!(admin.key)).status).toBe(200);
      expect((await calls[3]!(admin.key)).status).toBe(200);
    });

    it("refuse non-admins on every admin call: visitor 401, user and shop owner 403, admin let through", async () => {
      // Unknown ids and empty bodies: an admin gets past the guard (to a 400 or 404), and nothing changes.
      const none = 999_999;
      const shopCalls: [Parameters<typeof call>[0], string, unknown][] = [
        ["GET", "reports/", undefined],
        ["POST", `reports/${none}/resolve/`, { action: "dismiss" }],
        ["POST", "moderation/restore/", { target: "product", target_id: none }],
        ["GET", "admin/audit/", undefined],
        ["POST", "category/", {}],
        ["PATCH", `category/${none}/patch/`, {}],
        ["DELETE", `category/${none}/delete`, undefined],
        ["POST", "category/subcategory/", {}],
        ["PUT", `category/subcategory/${none}/`, {}],
        ["DELETE", `category/subcategory/${none}/`, undefined],
        ["POST", "category/filter/", {}],
        ["PATCH", `category/filter/${none}/`, {}],
        ["DELETE", `category/filter/${none}/`, undefined],
        ["POST", "category/filtervalue/", {}],
        ["PATCH", `category/filtervalue/${none}/`, {}],
        ["DELETE", `category/filtervalue/${none}/`, undefined],
        ["GET", `category/${none}/product-count/`, undefined],
        ["GET", `category/subcategory/${none}/product-count/`, undefined],
        ["GET", "verification/requests/", undefined],
        ["GET", `verification/requests/${none}/`, undefined],
        ["GET", `verification/requests/${none}/documents/shop_image`, undefined],
        ["POST", `verification/requests/${none}/approve/`, undefined],
        ["POST", `verification/requests/${none}/reject/`, { reason: "No" }],
        ["POST", `verification/requests/${none}/revoke/`, { reason: "No" }],
      ];
      const before = await auditCount();
      for (const [method, path, json] of shopCalls) {
        const as = (token?: string) =>
          call(method, path, { ...(token && { token }), ...(json !== undefined && { json }) });
        const what = `${method} ${path}`;
        expect((await as()).status, what).toBe(401);
        expect((await as(shopper.key)).status, what).toBe(403);
        expect((await as(owner.key)).status, what).toBe(403);
        expect([401, 403], what).not.toContain((await as(admin.key)).status);
      }
      for (const method of ["POST", "DELETE"] as const) {
        const as = (token?: string) =>
          authPost(
            server,
            "users/admin/",
            { email: "nobody@katale.test" },
            { method, ...(token && { token }) },
          );
        expect((await as()).status, method).toBe(401);
        expect((await as(shopper.key)).status, method).toBe(403);
        expect((await as(owner.key)).status, method).toBe(403);
        expect((await as(admin.key)).status, method).toBe(404);
      }
      expect(await auditCount()).toBe(before);
    });

    it("lists open reports grouped by target, the most reported first, with a preview", async () => {
      const popular = await aListedProduct("Fake Rolex watch");
      const quiet = await aListedProduct("Plain mug");
      await report(shopper.key, { target: "product", target_id: quiet.id, reason: "spam" });
      for (const user of [shopper, stranger]) {
        await report(user.key, { target: "product", target_id: popular.id, reason: "counterfeit" });
      }
      const page = await call("GET", "reports/?status=open&target=product", { token: admin.key });
      expect(page.status).toBe(200);
      const mine = page.body.results.filter((r: { target_id: number }) =>
        [popular.id, quiet.id].includes(r.target_id),
      );
      expect(mine.map((r: { target_id: number }) => r.target_id)).toEqual([popular.id, popular.id, quiet.id]);
      expect(mine[0]).toMatchObject({
        target: "product",
        reason: "counterfeit",
        status: "open",
        reports_on_target: 2,
        target_preview: { title: "Fake Rolex watch", url: `/item/${popular.slug}` },
        reporter: { id: expect.any(Number), name: expect.any(String) },
      });
      const firstCounts = page.body.results.map((r: { reports_on_target: number }) => r.reports_on_target);
      expect(firstCounts).toEqual([...firstCounts].sort((a: number, b: number) => b - a));
    });

    it("resolves every open report on the target at once, and not twice", async () => {
      const product = await aListedProduct("Twice reported");
      const a = await report(shopper.key, { target: "product", target_id: product.id, reason: "spam" });
      await report(stranger.key, { target: "product", target_id: product.id, reason: "spam" });
      const done = await resolve(a.body.data.id, "dismiss", "Looks fine");
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ status: "resolved", action: "dismiss", note: "Looks fine" });
      const open = await call("GET", "reports/?status=open&target=product", { token: admin.key });
      expect(open.body.results.some((r: { target_id: number }) => r.target_id === product.id)).toBe(false);
      const again = await resolve(a.body.data.id, "hide");
      expect(again.status).toBe(409);
      expect(again.body.code).toBe("report_resolved");
      expect((await resolve(999_999, "hide")).body.code).toBe("report_not_found");
    });

    it("refuses an action that does not fit the target", async () => {
      const target = await aUser(server.db);
      const filed = await report(shopper.key, { target: "user", target_id: target.id, reason: "offensive" });
      const refused = await resolve(filed.body.data.id, "hide");
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("action_not_for_target");
    });
  });

  describe("hiding a product", () => {
    it("takes it off every public read path; its owner still reads it with the note; restore brings it back", async () => {
      const hiddenShop = (await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Gadgets" })).id;
      const product = await aListedProduct("Counterfeit headphones zebra", hiddenShop);
      const comment = await aComment(server.db, { product_id: product.id });
      expect(comment.id).toBeGreaterThan(0);
      const paths = {
        slug: `product/slug/${product.slug}/`,
        id: `product/${product.id}/`,
        list: "product/",
        paginated: "product/paginated/?page_size=50",
        sub: `product/sub-category/${subCategoryId}/?page_size=50`,
        browse: "product/browse/?q=zebra",
        shop: `product/shop/${hiddenShop}/`,
        shopPaged: `product/shop/${hiddenShop}/paginated/`,
        trending: "product/trending/",
        forYou: "product/for-you/?page_size=50",
      };
      const shows = async (path: string, token?: string) => {
        const answer = await call("GET", path, { ...(token && { token }) });
        return answer.status === 200 && JSON.stringify(answer.body).includes(product.slug);
      };
      const searched = async () =>
        JSON.stringify(
          (await call("POST", "product/search/", { json: { search_query: "zebra" } })).body,
        ).includes(product.slug);
      const countOf = async () => (await call("GET", "product/paginated/?page_size=1")).body.count as number;
      for (const path of Object.values(paths)) expect(await shows(path), path).toBe(true);
      expect(await searched()).toBe(true);
      // The other instance keeps the product's page in its read cache.
      const onOther = async () =>
        (await other.inject({ method: "GET", url: `/api/shop/${paths.slug}` })).statusCode;
      expect(await onOther()).toBe(200);
      const before = await countOf();

      const filed = await report(shopper.key, {
        target: "product",
        target_id: product.id,
        reason: "counterfeit",
      });
      const hidden = await resolve(filed.body.data.id, "hide", "Counterfeit brand");
      expect(hidden.status).toBe(200);

      for (const path of Object.values(paths)) {
        expect(await shows(path), path).toBe(false);
        expect(await shows(path, stranger.key), path).toBe(false);
      }
      expect(await searched()).toBe(false);
      expect(await countOf()).toBe(before - 1);
      const visitor = await call("GET", paths.slug);
      expect(visitor.status).toBe(404);
      expect(visitor.body.code).toBe("product_not_found");
      // Every instance hears of it from the database.
      await expect.poll(onOther).toBe(404);

      const own = await call("GET", paths.slug, { token: owner.key });
      expect(own.status).toBe(200);
      expect(own.body.data.moderation).toEqual({
        hidden: true,
        note: "Hidden by moderators: Counterfeit brand",
      });
      expect((await call("GET", paths.id, { token: owner.key })).body.data.moderation.hidden).toBe(true);
      expect(await shows(paths.shop, owner.key)).toBe(true);

      expect((await restore("product", product.id)).status).toBe(200);
      for (const path of Object.values(paths)) expect(await shows(path), path).toBe(true);
      expect(await searched()).toBe(true);
      expect(await countOf()).toBe(before);
      expect((await call("GET", paths.slug)).body.data.moderation).toBeUndefined();
      await expect.poll(onOther).toBe(200);
      const twice = await restore("product", product.id);
      expect(twice.status).toBe(404);
      expect(twice.body.code).toBe("not_moderated");
    });

    it("takes it off the category, related, followed-shops, saved and recently-viewed lists too, until restored", async () => {
      const shop = (await aShop(server.db, { owner_id: owner.id, name: "Nakasero Wholesale" })).id;
      const product = await aListedProduct("Hidden gas cooker", shop);
      const sibling = await aListedProduct("Sibling gas cooker");
      const categoryId = (
        await server.db
          .selectFrom("products")
          .select("category_id")
          .where("id", "=", product.id)
          .executeTakeFirstOrThrow()
      ).category_id;
      expect(
        (
          await call("POST", "shop/follow/", {
            token: shopper.key,
            json: { token: shopper.key, shop_id: shop },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call("POST", "product/save/", {
            token: shopper.key,
            json: { token: shopper.key, product_id: product.id },
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await call("POST", "product/browse-history/", {
            token: shopper.key,
            json: { token: shopper.key, product_id: product.id },
          })
        ).status,
      ).toBe(201);
      const paths: [string, string | undefined][] = [
        [`product/category/${categoryId}/?page_size=50`, undefined],
        [`product/related/${sibling.id}/?limit=50`, undefined],
        ["product/from-followed-shops/", shopper.key],
        ["product/save/", shopper.key],
        ["product/browse-history/", shopper.key],
      ];
      const shows = async (path: string, token?: string) => {
        const answer = await call("GET", path, { ...(token && { token }) });
        expect(answer.status, path).toBe(200);
        return JSON.stringify(answer.body).includes(product.slug);
      };
      for (const [path, token] of paths) expect(await shows(path, token), path).toBe(true);

      const filed = await report(stranger.key, { target: "product", target_id: product.id, reason: "scam" });
      expect((await resolve(filed.body.data.id, "hide", "Scam")).status).toBe(200);
      for (const [path, token] of paths) expect(await shows(path, token), path).toBe(false);

      expect((await restore("product", product.id)).status).toBe(200);
      for (const [path, token] of paths) expect(await shows(path, token), path).toBe(true);
    });

    it("is told to nobody: a follower hears nothing of a hidden product's price drop", async () => {
      // Delivery reads the product as it is now (notifications/deliver-event.ts): hidden is gone.
      const product = await aListedProduct("Quiet kettle");
      await sql`UPDATE products SET hidden = true WHERE id = ${product.id}`.execute(server.db);
      const { deliverEvent } = await import("../notifications/deliver-event.js");
      await sql`INSERT INTO saved_products (user_id, product_id) VALUES (${shopper.id}, ${product.id})`.execute(
        server.db,
      );
      const told = await deliverEvent(server.db, {
        event_id: `test-${product.id}`,
        kind: "saved_product_back_in_stock",
        actor_id: owner.id,
        product_id: product.id,
      } as Parameters<typeof deliverEvent>[1]);
      expect(told).toEqual([]);
      await sql`UPDATE products SET hidden = false WHERE id = ${product.id}`.execute(server.db);
    });
  });

  it("leaves a hidden product's notifications out of the inbox until it is restored", async () => {
    const product = await aListedProduct("Notified blender");
    await sql`
      INSERT INTO notifications (user_id, kind, subject, detail, url)
      VALUES (${shopper.id}, 'saved_product_back_in_stock', ${product.name}, '{}', ${`/item/${product.slug}`})`.execute(
      server.db,
    );
    const inbox = async () => {
      const answer = await call("GET", "notifications/", { token: shopper.key });
      return answer.body.results.map((n: { url: string }) => n.url) as string[];
    };
    expect(await inbox()).toContain(`/item/${product.slug}`);
    const filed = await report(stranger.key, {
      target: "product",
      target_id: product.id,
      reason: "prohibited",
    });
    expect((await resolve(filed.body.data.id, "hide")).status).toBe(200);
    expect(await inbox()).not.toContain(`/item/${product.slug}`);
    expect((await restore("product", product.id)).status).toBe(200);
    expect(await inbox()).toContain(`/item/${product.slug}`);
  });

  it("leaves a hidden chat message's words out of the other side's inbox entry until it is restored", async () => {
    const room = (await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key })).body.data
      .slug as string;
    const text = "Pay the deposit to 0772 000000 before we meet";
    const message = await aMessage(room, owner.id, text);
    const roomId = (
      await server.db.selectFrom("chat_rooms").select("id").where("slug", "=", room).executeTakeFirstOrThrow()
    ).id;
    await sql`
      INSERT INTO notifications (user_id, kind, fold_key, subject, detail, url)
      VALUES (${shopper.id}, 'chat_message', ${`chat:${roomId}`}, 'Owino Deals',
              ${JSON.stringify({ preview: text })}, ${`/account/chat-room?room=${room}`})`.execute(server.db);
    const entry = async () =>
      (
        (await call("GET", "notifications/", { token: shopper.key })).body.results as {
          kind: string;
          url: string;
          body: string;
        }[]
      ).find((n) => n.kind === "chat_message" && n.url.endsWith(room));
    expect((await entry())?.body).toBe(text);
    const filed = await report(shopper.key, { target: "message", target_id: message, reason: "scam" });
    expect((await resolve(filed.body.data.id, "hide", "Advance payment")).status).toBe(200);
    // The entry stays (a message came), without the hidden words.
    expect(await entry()).toMatchObject({ body: "" });
    expect((await restore("message", message)).status).toBe(200);
    expect((await entry())?.body).toBe(text);
  });

  it("hides a review from the product's reviews, and a chat message from all but its sender", async () => {
    const product = await aListedProduct("Reviewed radio");
    const review = await aComment(server.db, {
      product_id: product.id,
      user_id: stranger.id,
      comment: "Scam!!",
    });
    const reviews = async () =>
      (await call("GET", `product/comment/${product.id}/`)).body.data.map(
        (c: { comment_id: number }) => c.comment_id,
      );
    expect(await reviews()).toContain(review.id);
    const filedReview = await report(owner.key, {
      target: "review",
      target_id: review.id,
      reason: "offensive",
    });
    expect((await resolve(filedReview.body.data.id, "hide", "Abusive")).status).toBe(200);
    expect(await reviews()).not.toContain(review.id);
    // Its author still finds it among their own reviews, with the moderators' note; nobody else does.
    const byAuthor = async (token?: string) =>
      (await call("GET", `product/comment/user/${stranger.id}/`, { ...(token && { token }) })).body.data.find(
        (c: { comment_id: number }) => c.comment_id === review.id,
      );
    expect((await byAuthor(stranger.key))?.moderation).toEqual({
      hidden: true,
      note: "Hidden by moderators: Abusive",
    });
    expect(await byAuthor()).toBeUndefined();
    expect(await byAuthor(shopper.key)).toBeUndefined();

    const room = (await call("GET", `chat/room/get-room/${shopId}`, { token: shopper.key })).body.data
      .slug as string;
    const message = await aMessage(room, owner.id, "Send the money to this number first");
    const history = async (token: string) =>
      (await call("GET", `chat/room/${room}`, { token })).body.data.data.messages.map(
        (m: { message: string }) => m.message,
      );
    // Nor is it the room's last message in the shopper's list of rooms.
    const lastInList = async (token: string) =>
      (
        (await call("GET", "chat/room/", { token })).body.data as {
          slug: string;
          last_message: { message: string } | null;
        }[]
      ).find((r) => r.slug === room)?.last_message?.message;
    expect(await lastInList(shopper.key)).toBe("Send the money to this number first");
    const filed = await report(shopper.key, { target: "message", target_id: message, reason: "scam" });
    expect((await resolve(filed.body.data.id, "hide", "Advance payment")).status).toBe(200);
    expect(await history(shopper.key)).not.toContain("Send the money to this number first");
    expect(await history(owner.key)).toContain("Send the money to this number first");
    expect(await lastInList(shopper.key)).not.toBe("Send the money to this number first");
    expect(await lastInList(owner.key)).toBe("Send the money to this number first");
    expect((await restore("message", message)).status).toBe(200);
    expect(await history(shopper.key)).toContain("Send the money to this number first");
    expect(await lastInList(shopper.key)).toBe("Send the money to this number first");
  });

  describe("suspending", () => {
    it("a shop hides all its products and stops its owner listing; restore undoes it", async () => {
      const seller = await aSignedInUser(server);
      const shop = (await aShop(server.db, { owner_id: seller.id, name: "Suspended Stall" })).id;
      const products = [
        await aListedProduct("Stall item one", shop),
        await aListedProduct("Stall item two", shop),
      ];
      const filed = await report(shopper.key, { target: "shop", target_id: shop, reason: "scam" });
      expect((await resolve(filed.body.data.id, "suspend", "Fake shop")).status).toBe(200);
      for (const p of products) expect((await call("GET", `product/slug/${p.slug}/`)).status).toBe(404);
      expect((await call("GET", `shop/${shop}/`)).status).toBe(404);
      expect((await call("GET", `shop/${shop}/`, { token: seller.key })).status).toBe(200);
      const listing = await call("POST", "product/", { token: seller.key, form: await productForm(shop) });
      expect(listing.status).toBe(403);
      expect(listing.body.code).toBe("shop_suspended");

      expect((await restore("shop", shop)).status).toBe(200);
      for (const p of products) expect((await call("GET", `product/slug/${p.slug}/`)).status).toBe(200);
      expect((await call("GET", `shop/${shop}/`)).status).toBe(200);
      expect(
        (await call("POST", "product/", { token: seller.key, form: await productForm(shop) })).status,
      ).toBe(201);
    });

    it("a shop leaves the shop lists, and its products every listing, search and browse, until restored", async () => {
      const seller = await aSignedInUser(server);
      const shop = (await aShop(server.db, { owner_id: seller.id, name: "Quartz Stall" })).id;
      const product = await aListedProduct("Quartz suspended lamp", shop);
      await call("POST", "shop/follow/", { token: shopper.key, json: { token: shopper.key, shop_id: shop } });
      const shopPaths: [string, string | undefined][] = [
        ["shop/", undefined],
        [`shop/?ids=${shop}`, undefined],
        [`shop/follow/${shopper.id}/`, undefined],
      ];
      const productPaths: [string, string | undefined][] = [
        ["product/paginated/?page_size=50", undefined],
        [`product/sub-category/${subCategoryId}/?page_size=50`, undefined],
        ["product/browse/?q=quartz", undefined],
        [`product/shop/${shop}/`, undefined],
        ["product/from-followed-shops/", shopper.key],
      ];
      const answerOf = async (path: string, token?: string) => {
        const answer = await call("GET", path, { ...(token && { token }) });
        return answer.status === 200 ? JSON.stringify(answer.body) : "";
      };
      const shopShown = async (path: string, token?: string) =>
        (await answerOf(path, token)).includes("Quartz Stall");
      const productShown = async (path: string, token?: string) =>
        (await answerOf(path, token)).includes(product.slug);
      const searched = async () =>
        JSON.stringify(
          (await call("POST", "product/search/", { json: { search_query: "quartz" } })).body,
        ).includes(product.slug);
      for (const [path, token] of shopPaths) expect(await shopShown(path, token), path).toBe(true);
      for (const [path, token] of productPaths) expect(await productShown(path, token), path).toBe(true);
      expect(await searched()).toBe(true);

      const filed = await report(shopper.key, { target: "shop", target_id: shop, reason: "scam" });
      expect((await resolve(filed.body.data.id, "suspend", "Fake shop")).status).toBe(200);
      for (const [path, token] of shopPaths) expect(await shopShown(path, token), path).toBe(false);
      for (const [path, token] of productPaths) expect(await productShown(path, token), path).toBe(false);
      expect(await searched()).toBe(false);

      expect((await restore("shop", shop)).status).toBe(200);
      for (const [path, token] of shopPaths) expect(await shopShown(path, token), path).toBe(true);
      for (const [path, token] of productPaths) expect(await productShown(path, token), path).toBe(true);
      expect(await searched()).toBe(true);
    });

    it("stops its owner listing from their other shops, or opening a new one, until restored", async () => {
      const seller = await aSignedInUser(server);
      const suspended = (await aShop(server.db, { owner_id: seller.id, name: "Shady Stall" })).id;
      const other = (await aShop(server.db, { owner_id: seller.id, name: "Second Stall" })).id;
      const kept = await aListedProduct("Second stall item", other);
      const category = (await server.db.selectFrom("categories").select("id").executeTakeFirstOrThrow()).id;
      const newShop = (name: string) =>
        call("POST", "shop/", {
          token: seller.key,
          json: { name, category: [category], location_latitude: 0.3136, location_longitude: 32.5811 },
        });
      const filed = await report(shopper.key, { target: "shop", target_id: suspended, reason: "scam" });
      expect((await resolve(filed.body.data.id, "suspend", "Fake shop")).status).toBe(200);

      const listing = await call("POST", "product/", { token: seller.key, form: await productForm(other) });
      expect(listing.status).toBe(403);
      expect(listing.body.code).toBe("shop_suspended");
      const edit = await call("PATCH", `product/${kept.id}/`, {
        token: seller.key,
        form: form({ product_name: "Renamed to dodge" }),
      });
      expect(edit.status).toBe(403);
      expect(edit.body.code).toBe("shop_suspended");
      const opened = await newShop("Fresh Start Stall");
      expect(opened.status).toBe(403);
      expect(opened.body.code).toBe("shop_suspended");

      expect((await restore("shop", suspended)).status).toBe(200);
      expect(
        (await call("POST", "product/", { token: seller.key, form: await productForm(other) })).status,
      ).toBe(201);
      expect((await newShop("Fresh Start Stall")).status).toBe(201);
    });

    it("a user ends their sessions and refuses their login; restore lets them in again", async () => {
      const rogue = await aSignedInUser(server);
      const filed = await report(shopper.key, { target: "user", target_id: rogue.id, reason: "scam" });
      expect((await resolve(filed.body.data.id, "suspend", "Scammer")).status).toBe(200);
      expect((await call("GET", "notifications/", { token: rogue.key })).status).toBe(401);
      const login = await authPost(server, "login/", { username: rogue.email, password: rogue.password });
      expect(login.status).toBe(403);
      expect(login.body.code).toBe("account_suspended");
      expect(login.body.error).toMatch(/suspended/);
      expect((await restore("user", rogue.id)).status).toBe(200);
      expect(
        (await authPost(server, "login/", { username: rogue.email, password: rogue.password })).status,
      ).toBe(200);
    });
  });

  it("a suspended user's chat socket that was open stops at once: closed, nothing more stored or sent", async () => {
    const rogue = await aSignedInUser(server);
    const room = (await call("GET", `chat/room/get-room/${shopId}`, { token: rogue.key })).body.data
      .slug as string;
    const theirs = await openChat(server, room, rogue.key);
    const sellers = await openChat(server, room, owner.key);
    theirs.send({ message: "Is it still for sale?" });
    expect(await sellers.next()).toMatchObject({ message: { message: "Is it still for sale?" } });
    await theirs.next();

    const filed = await report(owner.key, { target: "user", target_id: rogue.id, reason: "scam" });
    expect((await resolve(filed.body.data.id, "suspend", "Scammer")).status).toBe(200);
    theirs.send({ message: "Pay to this number first" });
    expect((await theirs.closed).code).toBe(CHAT_CLOSE.unauthorized);
    expect(await sellers.quiet()).toBe(true);
    const history = await call("GET", `chat/room/${room}`, { token: owner.key });
    expect(history.body.data.data.messages.map((m: { message: string }) => m.message)).not.toContain(
      "Pay to this number first",
    );
    await sellers.close();
    expect((await restore("user", rogue.id)).status).toBe(200);
  });

  it("hides a target once three different users report it, telling its owner why", async () => {
    const product = await aListedProduct("Auto hidden charger");
    const reporters = [shopper, stranger, await aSignedInUser(server)];
    for (const [i, user] of reporters.entries()) {
      expect((await call("GET", `product/slug/${product.slug}/`)).status).toBe(200);
      const filed = await report(user.key, {
        target: "product",
        target_id: product.id,
        reason: "prohibited",
      });
      expect(filed.status, `report ${i + 1}`).toBe(201);
    }
    expect((await call("GET", `product/slug/${product.slug}/`)).status).toBe(404);
    const own = await call("GET", `product/slug/${product.slug}/`, { token: owner.key });
    expect(own.body.data.moderation.note).toBe("Hidden until our team has looked at the reports about it");
    // The admin dismisses the reports: the product is back.
    const open = await call("GET", "reports/?target=product", { token: admin.key });
    const one = open.body.results.find((r: { target_id: number }) => r.target_id === product.id);
    expect(one.reports_on_target).toBe(3);
    expect((await resolve(one.id, "dismiss")).status).toBe(200);
    expect((await call("GET", `product/slug/${product.slug}/`)).status).toBe(200);
  });

  it("lets an account less than a day old list 2 products (NEW_ACCOUNT_DAILY_PRODUCTS), then 429", async () => {
    const fresh = await aUser(server.db, {
      created_at: new Date(),
      password_hash: await hashPassword(TEST_PASSWORD),
    });
    const key = (await authPost(server, "login/", { username: fresh.email, password: TEST_PASSWORD })).body
      .key as string;
    const shop = (await aShop(server.db, { owner_id: fresh.id, name: "Brand New Kiosk" })).id;
    const first = await call("POST", "product/", { token: key, form: await productForm(shop) });
    expect(first.status).toBe(201);
    // A batch counts each product: the second of the day is added, the third refused as POST product/ is.
    const item = {
      product_name: "Listed in a batch",
      description: "Fresh from the market",
      price: 15000,
      in_stock: 3,
      category_id: first.body.data.category_id,
      sub_category_id: first.body.data.sub_category_id,
      images: first.body.data.images,
    };
    const batch = await call("POST", "product/batch/", {
      token: key,
      json: { shop_id: shop, products: [item, item] },
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0].product.product_name).toBe("Listed in a batch");
    expect(batch.body.data[1]).toMatchObject({ status: 429, error: { code: "new_account_limit" } });
    const refused = await call("POST", "product/", { token: key, form: await productForm(shop) });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("new_account_limit");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    // An account older than a day is not limited.
    for (let i = 0; i < 3; i++) {
      expect(
        (await call("POST", "product/", { token: owner.key, form: await productForm(shopId) })).status,
      ).toBe(201);
    }
  });

  describe("the audit log", () => {
    it("gets exactly one entry per admin mutation, naming who, what, the target and the address", async () => {
      const mutations: [string, () => Promise<{ status: number }>][] = [
        [
          "category.create",
          () => call("POST", "category/", { token: admin.key, form: form({ name: "Audited" }) }),
        ],
        [
          "admin.grant",
          () => authPost(server, "users/admin/", { email: stranger.email }, { token: admin.key }),
        ],
      ];
      for (const [action, mutate] of mutations) {
        const before = await auditCount();
        expect((await mutate()).status, action).toBeLessThan(300);
        expect(await auditCount(), action).toBe(before + 1);
        const last = await call("GET", "admin/audit/", { token: admin.key });
        expect(last.body.results[0]).toMatchObject({ action, actor: { id: admin.id } });
        expect(last.body.results[0].address).not.toBe("");
      }
      const categoryId = (await call("GET", "admin/audit/?target=category", { token: admin.key })).body
        .results[0].target_id as string;
      for (const [action, mutate] of [
        [
          "category.update",
          () =>
            call("PATCH", `category/${categoryId}/patch/`, {
              token: admin.key,
              form: form({ name: "Audited 2" }),
            }),
        ],
        ["category.delete", () => call("DELETE", `category/${categoryId}/delete`, { token: admin.key })],
        [
          "admin.revoke",
          () =>
            authPost(
              server,
              "users/admin/",
              { email: stranger.email },
              { token: admin.key, method: "DELETE" },
            ),
        ],
      ] as const) {
        const before = await auditCount();
        expect((await mutate()).status, action).toBeLessThan(300);
        expect(await auditCount(), action).toBe(before + 1);
      }
      const history = await call("GET", `admin/audit/?target=category:${categoryId}`, { token: admin.key });
      expect(history.body.results.map((e: { action: string }) => e.action)).toEqual([
        "category.delete",
        "category.update",
        "category.create",
      ]);
      expect(history.body.results[1]).toMatchObject({
        before: { name: "Audited" },
        after: { name: "Audited 2" },
      });

      // Moderation: one entry for a resolution (however many reports it closes) and one for a restore.
      const product = await aListedProduct("Audited product");
      const a = await report(shopper.key, { target: "product", target_id: product.id, reason: "spam" });
      await report(stranger.key, { target: "product", target_id: product.id, reason: "spam" });
      let before = await auditCount();
      await resolve(a.body.data.id, "hide", "Spam");
      expect(await auditCount()).toBe(before + 1);
      before = await auditCount();
      await restore("product", product.id);
      expect(await auditCount()).toBe(before + 1);
      const mine = await call("GET", `admin/audit/?actor=${admin.id}&target=product:${product.id}`, {
        token: admin.key,
      });
      expect(mine.body.results.map((e: { action: string }) => e.action)).toEqual([
        "moderation.restore",
        "report.hide",
      ]);
      expect(mine.body).toMatchObject({ count: 2, next: null, previous: null });
      // Pages of 50; past the last one, or a query it cannot read, is refused in words.
      const whole = await call("GET", "admin/audit/?page=1", { token: admin.key });
      const pages = Math.max(1, Math.ceil(whole.body.count / 50));
      const past = await call("GET", `admin/audit/?page=${pages + 1}`, { token: admin.key });
      expect(past.status).toBe(404);
      expect(past.body.code).toBe("invalid_page");
      expect((await call("GET", "admin/audit/?actor=someone", { token: admin.key })).status).toBe(400);
      expect(
        (await call("GET", `admin/audit/?actor=${shopper.id}`, { token: admin.key })).body.results,
      ).toEqual([]);
      // Users' own acts and refused calls write nothing.
      before = await auditCount();
      await report(shopper.key, { target: "product", target_id: product.id, reason: "spam" });
      await call("POST", "category/", { token: shopper.key, form: form({ name: "Not mine" }) });
      expect(await auditCount()).toBe(before);
    });

    it("gets one entry per sub category, filter and filter value change, and per product or review an admin removes", async () => {
      const category = await aCategory(server.db, { name: "Audited computers" });
      const newest = async () => (await call("GET", "admin/audit/", { token: admin.key })).body.results[0];
      /** Runs the call, expects it to succeed with exactly one new entry, and answers the call and the entry. */
      const once = async (
        action: string,
        mutate: () => ReturnType<typeof call>,
      ): Promise<[Awaited<ReturnType<typeof call>>, Record<string, unknown>]> => {
        const before = await auditCount();
        const done = await mutate();
        expect(done.status, `${action} ${JSON.stringify(done.body)}`).toBeLessThan(300);
        expect(await auditCount(), action).toBe(before + 1);
        const entry = await newest();
        expect(entry, action).toMatchObject({ action, actor: { id: admin.id, name: expect.any(String) } });
        expect(entry.address, action).not.toBe("");
        return [done, entry];
      };
      const [sub] = await once("sub_category.create", async () =>
        call("POST", "category/subcategory/", {
          token: admin.key,
          form: form({ category: category.id, name: "Audited laptops", image: await aPhoto() }),
        }),
      );
      const subId = sub.body.data.id as number;
      const [, subEdit] = await once("sub_category.update", async () =>
        call("PUT", `category/subcategory/${subId}/`, {
          token: admin.key,
          form: form({ category: category.id, name: "Audited notebooks" }),
        }),
      );
      expect(subEdit).toMatchObject({
        target: "sub_category",
        target_id: String(subId),
        before: { name: "Audited laptops" },
        after: { name: "Audited notebooks" },
      });
      const [filter] = await once("filter.create", () =>
        call("POST", "category/filter/", { token: admin.key, json: { name: "Brand", subcategory: subId } }),
      );
      const filterId = filter.body.data.filter_id as number;
      await once("filter.update", () =>
        call("PATCH", `category/filter/${filterId}/`, { token: admin.key, json: { name: "Make" } }),
      );
      const [value] = await once("filter_value.create", () =>
        call("POST", "category/filtervalue/", { token: admin.key, json: { filter: filterId, name: "Dell" } }),
      );
      const valueId = value.body.data.id as number;
      await once("filter_value.update", () =>
        call("PATCH", `category/filtervalue/${valueId}/`, { token: admin.key, json: { name: "HP" } }),
      );
      await once("filter_value.delete", () =>
        call("DELETE", `category/filtervalue/${valueId}/`, { token: admin.key }),
      );
      await once("filter.delete", () => call("DELETE", `category/filter/${filterId}/`, { token: admin.key }));
      await once("sub_category.delete", () =>
        call("DELETE", `category/subcategory/${subId}/`, { token: admin.key }),
      );

      // An admin removing someone's product or review is noted; an owner removing their own is not.
      const product = await aListedProduct("Audited removal");
      const [, removal] = await once("product.delete", () =>
        call("DELETE", `product/${product.id}/`, { token: admin.key }),
      );
      expect(removal).toMatchObject({ target: "product", target_id: String(product.id) });
      const review = await aComment(server.db, { product_id: (await aListedProduct("Reviewed")).id });
      await once("review.delete", () =>
        call("DELETE", `product/comment/${review.id}/`, { token: admin.key }),
      );
      const own = await aListedProduct("Owner removes it");
      const before = await auditCount();
      expect((await call("DELETE", `product/${own.id}/`, { token: owner.key })).status).toBe(204);
      // A refused admin write (a sub category of no category) notes nothing either.
      const refused = await call("POST", "category/subcategory/", {
        token: admin.key,
        form: form({ category: 999_999, name: "Nowhere", image: await aPhoto() }),
      });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(await auditCount()).toBe(before);
    });

    it("is written in the change's own transaction: when the entry cannot be written, nothing changes", async () => {
      await sql`CREATE FUNCTION audit_refuses() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit entry refused by the test'; END $$`.execute(server.db);
      await sql`CREATE TRIGGER audit_refuses BEFORE INSERT ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_refuses()`.execute(server.db);
      try {
        const created = await call("POST", "category/", {
          token: admin.key,
          form: form({ name: "Unaudited" }),
        });
        expect(created.status).toBe(500);
        const names = (await call("GET", "category/")).body.categories.map((c: { name: string }) => c.name);
        expect(names).not.toContain("Unaudited");

        const product = await aListedProduct("Unaudited hide");
        const filed = await report(shopper.key, { target: "product", target_id: product.id, reason: "spam" });
        expect((await resolve(filed.body.data.id, "hide", "Spam")).status).toBe(500);
        expect((await call("GET", `product/slug/${product.slug}/`)).status).toBe(200);
        const open = await call("GET", "reports/?target=product", { token: admin.key });
        expect(open.body.results.find((r: { id: number }) => r.id === filed.body.data.id)?.status).toBe(
          "open",
        );
      } finally {
        await sql`DROP TRIGGER audit_refuses ON audit_log`.execute(server.db);
        await sql`DROP FUNCTION audit_refuses()`.execute(server.db);
      }
    });

    it("cannot be changed or removed, through the API or the database", async () => {
      for (const method of ["PUT", "PATCH", "DELETE"] as const) {
        expect((await call(method, "admin/audit/", { token: admin.key, json: {} })).status).toBe(404);
      }
      await expect(sql`DELETE FROM audit_log`.execute(server.db)).rejects.toThrow(/append-only/);
      await expect(sql`UPDATE audit_log SET action = 'nothing'`.execute(server.db)).rejects.toThrow(
        /append-only/,
      );
    });
  });

  async function aMessage(roomSlug: string, senderId: number, text: string): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO chat_messages (room_id, sender_id, message, created_at)
      SELECT id, ${senderId}, ${text}, now() FROM chat_rooms WHERE slug = ${roomSlug}
      RETURNING id`.execute(server.db);
    return rows[0]!.id;
  }

  let made = 0;
  async function productForm(shop: number) {
    const sub = await server.db
      .selectFrom("sub_categories")
      .select(["id", "category_id"])
      .where("id", "=", subCategoryId)
      .executeTakeFirstOrThrow();
    made++;
    return form({
      product_name: `Listed item ${made}`,
      description: "Fresh from the market",
      price: 15000,
      in_stock: 3,
      category_id: sub.category_id,
      sub_category_id: sub.id,
      shop_id: shop,
      image_1: await aPhoto(),
    });
  }
});
