import { errorCodeOf } from "@katale/adapters-http/contract";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Throws random paths, queries and bodies at every read route of the shop service and checks that
// the server never answers 5xx, and that every error carries a message.

const hostile = fc.oneof(
  fc.constantFrom(
    "-1",
    "0",
    "1",
    "2",
    "5",
    "999999",
    "2147483648",
    "99999999999999999999",
    "1e3",
    "0x10",
    "1.5",
    "NaN",
    "null",
    "undefined",
    "%00",
    "%ff",
    "..",
    "%2e%2e",
    "'; DROP TABLE products; --",
    "samsung",
    "matooke",
    "🙂",
    "a".repeat(600),
  ),
  fc.integer({ min: -10, max: 3_000_000_000 }).map(String),
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 20 }).map(encodeURIComponent),
);

const readPaths: ((s: string) => string)[] = [
  () => "category/",
  () => "category/subcategory/",
  (s) => `category/subcategory/${s}/`,
  (s) => `category/filter/${s}`,
  () => "product/",
  (s) => `product/${s}/`,
  (s) => `product/slug/${s}/`,
  () => "product/paginated/",
  (s) => `product/category/${s}/`,
  (s) => `product/sub-category/${s}/`,
  (s) => `product/shop/${s}/`,
  () => "shop/",
  (s) => `shop/${s}/`,
  () => "shop/top-rated/",
  (s) => `shop/followers/${s}/`,
  () => "faqs/",
  () => "faqs/feedback",
];

const query = fc
  .array(fc.tuple(fc.constantFrom("page", "page_size", "stock_type", "limit", "x", "page[]", ""), hostile), {
    maxLength: 3,
  })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const jsonValue = fc.jsonValue({ maxDepth: 3 });
const searchBody = fc.oneof(
  fc.record({ search_query: fc.oneof(fc.string({ maxLength: 300 }), jsonValue) }, { requiredKeys: [] }),
  jsonValue,
);
const rawBody = fc.oneof(
  searchBody.map((v) => ({ body: JSON.stringify(v), type: "application/json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: "application/json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: "text/plain" })),
  fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: "application/x-www-form-urlencoded" })),
  fc.constant({ body: "", type: "application/json" }),
  fc.constant({ body: "{", type: "application/json" }),
);

async function expectNoServerError(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what} -> ${res.status} ${text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const body = JSON.parse(text);
    expect(typeof body.detail === "string" || typeof body.error === "string", `${what}: ${text}`).toBe(true);
    // ... and carries the stable code clients read, the router's own refusals included.
    expect(errorCodeOf(body), `${what}: ${text}`).toBeDefined();
  }
}

describe.each(databaseKinds())("read routes under random input (%s)", (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("never answer 5xx to random paths and queries", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: readPaths.length - 1 }),
        hostile,
        query,
        async (route, segment, q) => {
          const path = readPaths[route]!(segment) + q;
          const res = await fetch(server.shopUrl + path);
          await expectNoServerError(res, `GET ${path}`);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("never answer 5xx to random search bodies and content types", async () => {
    await fc.assert(
      fc.asyncProperty(rawBody, async ({ body, type }) => {
        const res = await fetch(`${server.shopUrl}product/search/`, {
          method: "POST",
          headers: { "content-type": type },
          body,
        });
        await expectNoServerError(res, `POST product/search/ ${type} ${body.slice(0, 80)}`);
      }),
      { numRuns: 200 },
    );
  });

  it("answer malformed JSON and unsupported content types with a clear 4xx", async () => {
    const malformed = await fetch(`${server.shopUrl}product/search/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"search_query": ',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ detail: "Malformed JSON body", code: "invalid_input" });

    const wrongType = await fetch(`${server.shopUrl}product/search/`, {
      method: "POST",
      headers: { "content-type": "application/xml" },
      body: "<search>phone</search>",
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toEqual({ detail: "Unsupported content type", code: "invalid_input" });
  });
});
