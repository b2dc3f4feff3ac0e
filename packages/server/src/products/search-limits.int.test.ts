import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FromAddress } from "../testing/from-address.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { SEARCH_WORDS_MAX, searchWords } from "./product-search.js";

// Search is limited per client like the other public calls: past SEARCH_PER_MINUTE searches from
// one address in a minute it answers 429 with Retry-After, and another address still searches.
// Real sockets from two loopback addresses.

const PER_MINUTE = 5;

describe.each(databaseKinds())("search limits (%s)", (kind) => {
  let server: TestServer;
  let flooder: FromAddress;
  let shopper: FromAddress;

  beforeAll(async () => {
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: { SEARCH_PER_MINUTE: String(PER_MINUTE) },
    });
    flooder = new FromAddress("127.0.0.2");
    shopper = new FromAddress("127.0.0.3");
  });
  afterAll(async () => {
    flooder?.close();
    shopper?.close();
    await server?.close();
  });

  it("answers 429 with Retry-After past the allowance, to that address only", async () => {
    const search = (from: FromAddress, n: number) =>
      from.post(`${server.shopUrl}product/search/`, { search_query: `tecno spark ${n}` });
    for (let i = 0; i < PER_MINUTE; i++) expect((await search(flooder, i)).status).toBe(200);
    const refused = await search(flooder, 99);
    expect(refused).toMatchObject({
      status: 429,
      body: { detail: "You are searching too fast; wait a moment and try again", code: "rate_limited" },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(await search(shopper, 1)).toMatchObject({ status: 200, body: { products: [] } });
  });

  it("looks for at most the first distinct words of a long search", () => {
    const words = Array.from({ length: 33 }, (_, i) => `word${i % 20}`).join(" ");
    expect(searchWords(words)).toHaveLength(SEARCH_WORDS_MAX);
    expect(searchWords("Matooke matooke MATOOKE")).toEqual(["matooke"]);
  });
});
