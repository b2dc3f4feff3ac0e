import type { CommentWire } from "@katale/adapters-http/contract";
import { COMMENTS_PER_PAGE } from "@katale/domain";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aComment, aProduct } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { shopCaller } from "./engagement-test-client.js";

// Reviews (comments, spec §7): 4 a page newest first, 'Invalid page.' past the end, plain text
// trimmed to 1–2,000 characters, edited by the author only, deleted by the author or an admin.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

const MARKUP = "<img src=x onerror=alert(1)>";

describe.each(databaseKinds())("reviews (%s)", (kind) => {
  let server: TestServer;
  const call = shopCaller(() => server);
  let alice: Signed;
  let bob: Signed;
  let admin: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    alice = await aSignedInUser(server);
    bob = await aSignedInUser(server);
    admin = await aSignedInUser(server, { role: "admin" });
  });
  afterAll(() => server?.close());

  const comments = (productId: number, page?: string) =>
    call("GET", `product/comment/${productId}/${page === undefined ? "" : `?page=${page}`}`);

  it("pages a product's reviews 4 at a time, newest first, and says 'Invalid page.' past the end", async () => {
    const product = await aProduct(server.db);
    const empty = await comments(product.id);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: [], number_of_comments: 0 });

    for (let i = 1; i <= 6; i++) {
      const added = await call("POST", "product/comment/", {
        token: alice.key,
        body: { comment: `Review ${i}`, product_id: product.id },
      });
      expect(added.status).toBe(201);
    }
    const first = await comments(product.id, "1");
    expect(first.body.number_of_comments).toBe(6);
    expect(first.body.data).toHaveLength(COMMENTS_PER_PAGE);
    expect(first.body.data.map((c: CommentWire) => c.comment)).toEqual([
      "Review 6",
      "Review 5",
      "Review 4",
      "Review 3",
    ]);
    const second = await comments(product.id, "2");
    expect(second.body.data.map((c: CommentWire) => c.comment)).toEqual(["Review 2", "Review 1"]);
    for (const page of ["3", "0", "abc", "-1"]) {
      const past = await comments(product.id, page);
      expect(past.status, page).toBe(404);
      expect(past.body).toEqual({ detail: "Invalid page.", code: "invalid_page" });
    }
    expect((await comments(product.id, "2")).body.number_of_comments).toBe(6);
  });

  it("answers 404 for an unknown product and 400 for a bad id", async () => {
    expect((await comments(99999999)).body).toEqual({
      detail: "Product not found",
      code: "product_not_found",
    });
    expect((await call("GET", "product/comment/abc/")).status).toBe(400);
    const added = await call("POST", "product/comment/", {
      token: alice.key,
      body: { comment: "Fine", product_id: 99999999 },
    });
    expect(added.status).toBe(404);
  });

  it("stores the text trimmed and as typed: markup stays text", async () => {
    const product = await aProduct(server.db);
    await comments(product.id); // cached before the write: the new review must still show
    const added = await call("POST", "product/comment/", {
      token: alice.key,
      body: { comment: `  ${MARKUP}  `, product_id: String(product.id) },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({
      comment: MARKUP,
      product_id: product.id,
      user_id: alice.id,
      commentor_name: alice.name,
      comment_images: [],
    });
    expect(new Date(added.body.data.date_commented).getTime()).not.toBeNaN();
    expect((await comments(product.id)).body.data.map((c: CommentWire) => c.comment)).toEqual([MARKUP]);
  });

  it("takes 1 to 2,000 characters", async () => {
    const product = await aProduct(server.db);
    const post = (comment: unknown) =>
      call("POST", "product/comment/", { token: alice.key, body: { comment, product_id: product.id } });
    expect((await post("x".repeat(2000))).status).toBe(201);
    expect((await post(` ${"x".repeat(2000)} `)).status).toBe(201);
    const blank = await post("   ");
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ comment: ["Please write a comment"], code: "invalid_input" });
    const long = await post("x".repeat(2001));
    expect(long.status).toBe(400);
    expect(long.body.comment).toEqual(["A review is at most 2,000 characters"]);
    expect((await post(undefined)).status).toBe(400);
    expect((await comments(product.id)).body.number_of_comments).toBe(2);
  });

  it("takes the spec's form with the token in it, and images", async () => {
    const product = await aProduct(server.db);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a7" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("token", bob.key);
    form.append("comment", "With a photo");
    form.append("product_id", String(product.id));
    form.append("image_1", new Blob([photo], { type: "image/jpeg" }), "p.jpg");
    const response = await fetch(`${server.shopUrl}product/comment/`, { method: "POST", body: form });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { data: CommentWire };
    expect(body.data).toMatchObject({ comment: "With a photo", user_id: bob.id });
    expect(body.data.comment_images).toHaveLength(1);
    expect(body.data.comment_images[0]).toMatch(/^\/media\/comments\/.+\.webp$/);

    const notAnImage = new FormData();
    notAnImage.append("comment", "Broken photo");
    notAnImage.append("product_id", String(product.id));
    notAnImage.append("image_1", new Blob([Buffer.from("not an image")], { type: "image/png" }), "x.png");
    const refused = await fetch(`${server.shopUrl}product/comment/`, {
      method: "POST",
      body: notAnImage,
      headers: { authorization: `Token ${bob.key}` },
    });
    expect(refused.status).toBe(400);
    expect((await comments(product.id)).body.number_of_comments).toBe(1);

    // 2,000 characters of 4 bytes each arrive whole.
    const long = new FormData();
    long.append("comment", "🙂".repeat(2000));
    long.append("product_id", String(product.id));
    const whole = await fetch(`${server.shopUrl}product/comment/`, {
      method: "POST",
      body: long,
      headers: { authorization: `Token ${bob.key}` },
    });
    expect(whole.status).toBe(201);
    expect(((await whole.json()) as { data: CommentWire }).data.comment).toBe("🙂".repeat(2000));
  });

  it("lets only the author edit, and the author or an admin delete", async () => {
    const product = await aProduct(server.db);
    const added = await call("POST", "product/comment/", {
      token: alice.key,
      body: { comment: "Good", product_id: product.id },
    });
    const id = added.body.data.comment_id;

    expect((await call("PATCH", `product/comment/${id}/`, { body: { comment: "Hacked" } })).status).toBe(401);
    for (const someoneElse of [bob, admin]) {
      const refused = await call("PATCH", `product/comment/${id}/`, {
        token: someoneElse.key,
        body: { comment: "Hacked" },
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: "You are not the owner", code: "forbidden" });
    }
    const blank = await call("PATCH", `product/comment/${id}/`, { token: alice.key, body: { comment: " " } });
    expect(blank.status).toBe(400);
    const edited = await call("PATCH", `product/comment/${id}`, {
      body: { token: alice.key, comment: " Very good " },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      detail: "comment successfully edited",
      data: { comment_id: id, comment: "Very good" },
    });
    expect(
      (await call("PATCH", "product/comment/99999999/", { token: alice.key, body: { comment: "x" } })).body
        .code,
    ).toBe("comment_not_found");

    expect((await call("DELETE", `product/comment/${id}/`)).status).toBe(401);
    const refused = await call("DELETE", `product/comment/${id}/`, { token: bob.key });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("You are not the owner");
    expect((await call("DELETE", `product/comment/${id}/`, { body: { user_token: alice.key } })).status).toBe(
      204,
    );
    expect((await call("DELETE", `product/comment/${id}/`, { token: alice.key })).status).toBe(404);

    const bobs = await aComment(server.db, { product_id: product.id, user_id: bob.id, comment: "Meh" });
    expect((await call("DELETE", `product/comment/${bobs.id}/`, { token: admin.key })).status).toBe(204);
    expect((await comments(product.id)).body).toEqual({ data: [], number_of_comments: 0 });
    expect((await call("DELETE", "product/comment/abc/", { token: alice.key })).status).toBe(400);
  });

  it("lists a user's reviews newest first", async () => {
    const carol = await aSignedInUser(server);
    const [a, b] = await Promise.all([aProduct(server.db), aProduct(server.db)]);
    await call("POST", "product/comment/", {
      token: carol.key,
      body: { comment: "First", product_id: a.id },
    });
    await call("POST", "product/comment/", {
      token: carol.key,
      body: { comment: "Second", product_id: b.id },
    });
    const mine = await call("GET", `product/comment/user/${carol.id}/`);
    expect(mine.status).toBe(200);
    expect(mine.body.number_of_comments).toBe(2);
    expect(mine.body.data.map((c: CommentWire) => [c.comment, c.product_id])).toEqual([
      ["Second", b.id],
      ["First", a.id],
    ]);
    expect((await call("GET", "product/comment/user/99999999/")).body.code).toBe("user_not_found");
    expect((await call("GET", "product/comment/user/x/")).status).toBe(400);
  });
});
