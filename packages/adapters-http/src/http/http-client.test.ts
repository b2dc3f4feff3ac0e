import { describe, expect, it } from "vitest";
import { authCalls, catalogueCalls, productCalls, verificationCalls } from "../contract/index.js";
import type { FetchLike, RequestInitLike } from "./fetch-like.js";
import { HttpClient } from "./http-client.js";

interface Sent {
  url: string;
  init: RequestInitLike;
}

/** A fetch that answers one canned response and records what it was asked. */
function answering(status: number, body: unknown): { fetch: FetchLike; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetch: FetchLike = async (url, init) => {
    sent.push({ url, init });
    return { status, text: async () => (typeof body === "string" ? body : JSON.stringify(body)) };
  };
  return { fetch, sent };
}

const urls = { authUrl: "http://h/api/auth/", shopUrl: "http://h/api/shop" };
const product = {
  product_id: 1,
  product_name: "Tecno Spark",
  slug: "tecno-spark",
  description: "",
  price: 450000,
  in_stock: 2,
  images: [],
  shop_id: 1,
  shop_name: "Owino Gadgets",
  shop_verification_status: "VERIFIED",
  category_id: 1,
  category_name: "Electronics",
  sub_category_id: 1,
  sub_category_name: "Phones",
  average_rating: 4.5,
  number_of_users_rated: 2,
  filters: [],
};

describe("HttpClient", () => {
  it("builds the URL from the service base, path params and query", async () => {
    const { fetch, sent } = answering(200, { count: 0, next: null, previous: null, results: [] });
    await new HttpClient(urls, fetch).call(productCalls.byCategory, {
      params: { id: 5 },
      query: { page: 2, page_size: 4 },
    });
    expect(sent[0]?.url).toBe("http://h/api/shop/product/category/5/?page=2&page_size=4");
    expect(sent[0]?.init.method).toBe("GET");
  });

  it("sends JSON bodies and the token as 'Authorization: Token <key>'", async () => {
    const { fetch, sent } = answering(200, { products: [] });
    await new HttpClient(urls, fetch).call(productCalls.search, {
      body: { search_query: "pan" },
      token: "k3y",
    });
    expect(sent[0]?.init.headers).toMatchObject({
      authorization: "Token k3y",
      "content-type": "application/json",
    });
    expect(sent[0]?.init.body).toBe('{"search_query":"pan"}');
  });

  it("sends no Authorization header without a token", async () => {
    const { fetch, sent } = answering(200, { categories: [] });
    await new HttpClient(urls, fetch).call(catalogueCalls.listCategories);
    expect(sent[0]?.init.headers.authorization).toBeUndefined();
  });

  it("answers the checked body on success", async () => {
    const { fetch } = answering(200, { data: product });
    const answer = await new HttpClient(urls, fetch).call(productCalls.getById, { params: { id: 1 } });
    expect(answer).toEqual({ ok: true, value: { data: product } });
  });

  it.each([
    [404, { detail: "Invalid page.", code: "invalid_page" }, { kind: "invalid-page", code: "invalid_page" }],
    // The code decides, not the words: other words, the same page past the end.
    [
      404,
      { detail: "Ukurasa huu haupo", code: "invalid_page" },
      { kind: "invalid-page", code: "invalid_page" },
    ],
    [404, { detail: "Invalid page." }, { kind: "not-found", message: "Invalid page." }],
    [
      404,
      { detail: "Product not found", code: "product_not_found" },
      { kind: "not-found", message: "Product not found", code: "product_not_found" },
    ],
    [
      404,
      { detail: "Not found.", code: "not_found" },
      { kind: "not-found", route: true, message: "Not found.", code: "not_found" },
    ],
    [404, "<html>", { kind: "not-found" }],
    [
      400,
      { detail: "page_size must be a positive whole number", code: "invalid_input" },
      { kind: "invalid", message: "page_size must be a positive whole number", code: "invalid_input" },
    ],
    [
      400,
      {
        email: ["User with this email already exists."],
        phone: ["Phone already exists"],
        code: "already_registered",
      },
      {
        kind: "invalid",
        message: "User with this email already exists.",
        fields: { email: ["User with this email already exists."], phone: ["Phone already exists"] },
        code: "already_registered",
      },
    ],
    [
      401,
      { detail: "Invalid token.", code: "invalid_token" },
      { kind: "unauthorized", message: "Invalid token.", code: "invalid_token" },
    ],
    [401, { error: "User not verified" }, { kind: "unauthorized", message: "User not verified" }],
    [
      403,
      { detail: "Admins only", code: "forbidden" },
      { kind: "forbidden", message: "Admins only", code: "forbidden" },
    ],
    [403, { detail: "Not yours" }, { kind: "forbidden", message: "Not yours" }],
    [
      413,
      { detail: "Request body is too large", code: "too_large" },
      { kind: "invalid", message: "Request body is too large", code: "too_large" },
    ],
    [
      429,
      { detail: "Too many requests", code: "rate_limited" },
      { kind: "too-many-attempts", message: "Too many requests", code: "rate_limited" },
    ],
    [500, "Internal Server Error", { kind: "server", status: 500 }],
    [500, { detail: "Server error, try again later", code: "server_error" }, { kind: "server", status: 500 }],
    [503, { detail: "down", code: "unavailable" }, { kind: "server", status: 503 }],
  ])("maps %i %j to a domain error", async (status, body, error) => {
    const { fetch } = answering(status, body);
    const answer = await new HttpClient(urls, fetch).call(productCalls.getById, { params: { id: 1 } });
    expect(answer).toEqual({ ok: false, error });
  });

  it("a failed connection is a network error", async () => {
    const fetch: FetchLike = async () => {
      throw new TypeError("fetch failed");
    };
    const answer = await new HttpClient(urls, fetch).call(catalogueCalls.listCategories);
    expect(answer).toEqual({ ok: false, error: { kind: "network" } });
  });

  it("a create cancelled by the user (AbortError) is not sent again; a dropped one is, with its key", async () => {
    const form = {
      shop_id: 1,
      product_name: "Solar lantern",
      image1: { fileName: "a.jpg", contentType: "image/jpeg", bytes: new Uint8Array([1]) },
    };
    const keys: (string | undefined)[] = [];
    const failing =
      (error: () => Error): FetchLike =>
      async (_url, init) => {
        keys.push(init.headers["idempotency-key"]);
        throw error();
      };
    const cancelled = new HttpClient(
      urls,
      failing(() => new DOMException("cancelled", "AbortError")),
      [0, 0],
    );
    expect(await cancelled.call(productCalls.create, { token: "k", form })).toEqual({
      ok: false,
      error: { kind: "network" },
    });
    expect(keys).toHaveLength(1);

    keys.length = 0;
    const dropped = new HttpClient(
      urls,
      failing(() => new TypeError("fetch failed")),
      [0, 0],
    );
    await dropped.call(productCalls.create, { token: "k", form });
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
  });

  it("an answer that breaks the contract is a server error, not data", async () => {
    const { fetch } = answering(200, { categories: [{ id: "one" }] });
    const answer = await new HttpClient(urls, fetch).call(catalogueCalls.listCategories);
    expect(answer).toEqual({ ok: false, error: { kind: "server", status: 200 } });
  });

  it("sends a multipart form as bytes with its boundary, and the token in the header only", async () => {
    const { fetch, sent } = answering(201, { detail: "Successfully sent verification request" });
    await new HttpClient(urls, fetch).call(verificationCalls.user, {
      token: "k3y",
      form: {
        nin: "CF123",
        user_image: { fileName: "me.jpg", contentType: "image/jpeg", bytes: new Uint8Array([1]) },
      },
    });
    expect(sent[0]?.url).toBe("http://h/api/auth/verification/user/");
    expect(sent[0]?.init.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent[0]?.init.headers.authorization).toBe("Token k3y");
    expect(sent[0]?.init.body).toBeInstanceOf(Uint8Array);
  });

  it("exchange keeps the status and body of a failure", async () => {
    const { fetch } = answering(429, { detail: "Too many attempts" });
    const answer = await new HttpClient(urls, fetch).exchange(authCalls.login, {
      body: { username: "a@b.ug", password: "x" },
    });
    expect(answer).toEqual({
      ok: false,
      error: { kind: "status", status: 429, body: { detail: "Too many attempts" } },
    });
  });
});
