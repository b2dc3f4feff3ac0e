import { type BrowseAnswerWire, browseAnswer, errorCodeOf } from "@katale/adapters-http/contract";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// product/browse/ on the demo catalogue: each facet's count is what choosing it would list (the
// facet rule: a filter's counts apply every other narrowing but its own values), for random
// combinations of values, districts, price and switches; and random hostile queries never get a 5xx.

const PARAMS = [
  "category",
  "subcategory",
  "q",
  "value",
  "price_min",
  "price_max",
  "district",
  "near",
  "radius_km",
  "verified",
  "in_stock",
  "sort",
  "page",
  "page_size",
];

describe.each(databaseKinds())("browse facets (%s)", (kind) => {
  let server: TestServer;
  let subCategories: { id: number; values: { id: number; filterId: number }[] }[];

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    const rows = await server.db
      .selectFrom("filter_values as v")
      .innerJoin("filters as f", "f.id", "v.filter_id")
      .select(["f.sub_category_id", "f.id as filter_id", "v.id"])
      .execute();
    const bySub = new Map<number, { id: number; filterId: number }[]>();
    for (const row of rows)
      bySub.set(row.sub_category_id, [
        ...(bySub.get(row.sub_category_id) ?? []),
        { id: row.id, filterId: row.filter_id },
      ]);
    subCategories = [...bySub].map(([id, values]) => ({ id, values }));
  });
  afterAll(() => server?.close());

  async function browse(query: URLSearchParams): Promise<BrowseAnswerWire> {
    const response = await fetch(`${server.shopUrl}product/browse/?${query}`);
    const text = await response.text();
    expect(response.status, `${query}: ${text.slice(0, 200)}`).toBe(200);
    return browseAnswer.parse(JSON.parse(text));
  }

  /** The query without a parameter's values, then with `value` added under that name. */
  const swapped = (query: URLSearchParams, name: string, values: string[], value: string) => {
    const next = new URLSearchParams([...query].filter(([n, v]) => n !== name || !values.includes(v)));
    next.append(name, value);
    return next;
  };

  it("counts each facet as choosing it would list", async () => {
    const ask = fc.record({
      sub: fc.nat(),
      picks: fc.array(fc.nat(), { maxLength: 3 }),
      district: fc.option(fc.constantFrom("Kampala", "Wakiso", "Mukono", "Jinja"), { nil: undefined }),
      priceMax: fc.option(fc.constantFrom(20_000, 100_000, 1_000_000), { nil: undefined }),
      verified: fc.boolean(),
      inStock: fc.boolean(),
      bySub: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(ask, async (a) => {
        const sub = subCategories[a.sub % subCategories.length]!;
        const query = new URLSearchParams();
        if (a.bySub) query.set("subcategory", String(sub.id));
        for (const pick of a.picks) query.append("value", String(sub.values[pick % sub.values.length]!.id));
        if (a.district) query.set("district", a.district);
        if (a.priceMax) query.set("price_max", String(a.priceMax));
        if (a.verified) query.set("verified", "1");
        if (a.inStock) query.set("in_stock", "1");
        const answer = await browse(query);
        const chosen = query.getAll("value");
        for (const filter of answer.facets.filters) {
          const own = filter.values.map((v) => String(v.value_id)).filter((v) => chosen.includes(v));
          for (const value of filter.values.slice(0, 3)) {
            const alone = await browse(swapped(query, "value", own, String(value.value_id)));
            expect(alone.count, `${query} value ${value.value_id}`).toBe(value.count);
          }
        }
        for (const { district, count } of answer.facets.districts.slice(0, 2)) {
          const chosenDistricts = query.getAll("district");
          expect((await browse(swapped(query, "district", chosenDistricts, district))).count).toBe(count);
        }
        const verified = new URLSearchParams(query);
        verified.set("verified", "1");
        expect((await browse(verified)).count).toBe(answer.facets.verified);
        const stocked = new URLSearchParams(query);
        stocked.set("in_stock", "1");
        expect((await browse(stocked)).count).toBe(answer.facets.in_stock);
      }),
      { numRuns: 25 },
    );
  });

  it("never answers 5xx to random browse queries, and names the parameter it refuses", async () => {
    const value = fc.oneof(
      fc.constantFrom(
        "",
        "0",
        "1",
        "-1",
        "1.5",
        "999999",
        "2147483648",
        "0.3,32.5",
        "91,0",
        "abc",
        "%00",
        "🙂",
      ),
      fc.string({ maxLength: 20 }).map(encodeURIComponent),
    );
    const pairs = fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(pairs, async (list) => {
        const query = list.map(([k, v]) => `${k}=${v}`).join("&");
        const response = await fetch(`${server.shopUrl}product/browse/?${query}`);
        const text = await response.text();
        expect(response.status, `${query} -> ${text.slice(0, 200)}`).toBeLessThan(500);
        if (response.status === 400) {
          const body = JSON.parse(text);
          expect(errorCodeOf(body)).toBeDefined();
          const named = PARAMS.some((name) => new RegExp(`'${name}(\\.\\d+)?'`).test(body.detail));
          expect(named, `${query}: ${text}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
