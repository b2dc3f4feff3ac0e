import { type BrowseSort, browseAnswer } from "@katale/adapters-http/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { createPrng } from "../seed/prng.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { expectedBrowse, type OracleAsk, type OracleProduct, type OracleValue } from "./browse-oracle.js";

// GET product/browse/ against the slow truth (browse-oracle.ts) on a small seeded catalogue: random
// combinations of every parameter (a property test over a seeded generator), each compared whole
// (count, every page's products in order, every facet), then the refusals and a cached answer
// after a change.

const WORDS = ["zebra", "quokka", "mango", "lantern"];
const PRICES = [5_000, 12_000, 12_000, 35_000, 80_000, 250_000];
/** [district, lat, lng, verified] of the shops; one shop has no location. */
const PLACES = [
  ["Kampala", 0.3163, 32.5822, true],
  ["Wakiso", 0.4044, 32.4594, false],
  ["Jinja", 0.439, 33.2032, true],
  ["Gulu", 2.7746, 32.299, false],
] as const;

describe.each(databaseKinds())("browse (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  const products: OracleProduct[] = [];
  const values: OracleValue[] = [];
  const categories: number[] = [];
  const subCategories: number[] = [];

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const db = server.db;
    const home = (await aCategory(db, { name: "Home" })).id;
    const food = (await aCategory(db, { name: "Food" })).id;
    categories.push(home, food);
    const subs = [
      { id: (await aSubCategory(db, { category_id: home, name: "Baskets" })).id, category: home },
      { id: (await aSubCategory(db, { category_id: home, name: "Mats" })).id, category: home },
      { id: (await aSubCategory(db, { category_id: food, name: "Fruit" })).id, category: food },
    ];
    subCategories.push(...subs.map((s) => s.id));
    const filters: [number, string, string[]][] = [
      [subs[0]!.id, "Material", ["Papyrus", "Raffia", "Sisal"]],
      [subs[0]!.id, "Colour", ["Red", "Natural"]],
      [subs[1]!.id, "Size", ["Small", "Large"]],
    ];
    for (const [subCategoryId, filterName, names] of filters) {
      const filter = await db
        .insertInto("filters")
        .values({ sub_category_id: subCategoryId, name: filterName })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const valueName of names) {
        const value = await db
          .insertInto("filter_values")
          .values({ filter_id: filter.id, name: valueName })
          .returning("id")
          .executeTakeFirstOrThrow();
        values.push({ filterId: filter.id, filterName, valueId: value.id, valueName, subCategoryId });
      }
    }
    const shops = [];
    for (const [district, lat, lng, verified] of PLACES) {
      const shop = await aShop(db, {
        location_latitude: lat,
        location_longitude: lng,
        verification_status: verified ? "VERIFIED" : "UNVERIFIED",
      });
      shops.push({ id: shop.id, district, lat, lng, verified });
    }
    const nowhere = await aShop(db, { location_latitude: null, location_longitude: null });
    shops.push({ id: nowhere.id, district: null, lat: null, lng: null, verified: false });

    const prng = createPrng(29);
    for (let i = 0; i < 60; i++) {
      const sub = prng.pick(subs);
      const shop = prng.pick(shops);
      const name = `${prng.pick(WORDS)} ${prng.pick(WORDS)} ${i}`;
      const made = await aProduct(db, {
        shop_id: shop.id,
        category_id: sub.category,
        sub_category_id: sub.id,
        name,
        price: prng.pick(PRICES),
        in_stock: prng.chance(0.25) ? 0 : prng.int(1, 9),
      });
      const ratingCount = prng.int(0, 3);
      const ratingTotal = ratingCount * prng.int(0, 10);
      await db
        .updateTable("products")
        .set({ rating_total: ratingTotal, rating_count: ratingCount })
        .where("id", "=", made.id)
        .execute();
      const chosen = new Map<number, number>();
      for (const filterId of new Set(
        values.filter((v) => v.subCategoryId === sub.id).map((v) => v.filterId),
      )) {
        if (prng.chance(0.8))
          chosen.set(filterId, prng.pick(values.filter((v) => v.filterId === filterId)).valueId);
      }
      if (chosen.size > 0)
        await db
          .insertInto("product_filter_values")
          .values([...chosen].map(([filter_id, value_id]) => ({ product_id: made.id, filter_id, value_id })))
          .execute();
      products.push({
        id: made.id,
        categoryId: sub.category,
        subCategoryId: sub.id,
        price: made.price,
        inStock: made.in_stock,
        words: `${name} a fine ${name}.`
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter(Boolean),
        ratingTotal,
        ratingCount,
        district: shop.district,
        verified: shop.verified,
        lat: shop.lat,
        lng: shop.lng,
        values: chosen,
      });
    }
  });
  afterAll(() => server?.close());

  /** The query string of an ask; page_size small enough that most answers take several pages. */
  function queryOf(ask: OracleAsk, sortSent: boolean): URLSearchParams {
    const query = new URLSearchParams({ page_size: "7" });
    if (ask.category !== undefined) query.set("category", String(ask.category));
    if (ask.subcategory !== undefined) query.set("subcategory", String(ask.subcategory));
    if (ask.q !== undefined) query.set("q", ask.q);
    for (const value of ask.value) query.append("value", String(value));
    if (ask.price_min !== undefined) query.set("price_min", String(ask.price_min));
    if (ask.price_max !== undefined) query.set("price_max", String(ask.price_max));
    for (const district of ask.district) query.append("district", district.toLowerCase());
    if (ask.near) {
      query.set("near", `${ask.near.lat},${ask.near.lng}`);
      query.set("radius_km", String(ask.near.radius));
    }
    if (ask.verified) query.set("verified", "1");
    if (ask.in_stock) query.set("in_stock", "1");
    if (sortSent) query.set("sort", ask.sort);
    return query;
  }

  /** Every page of a browse, following `next`: the count, the ids in order, the first page's facets. */
  async function browseAll(query: URLSearchParams) {
    let url: string | null | undefined = `${server.shopUrl}product/browse/?${query}`;
    const ids: number[] = [];
    let first: ReturnType<typeof browseAnswer.parse> | undefined;
    while (url) {
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      const page = browseAnswer.parse(await response.json());
      first ??= page;
      expect(page.count).toBe(first.count);
      ids.push(...page.results.map((p) => p.product_id));
      url = page.next?.replace(/^https?:\/\/[^/]+\/api\/shop\//, server.shopUrl);
    }
    return { count: first!.count, ids, facets: first!.facets };
  }

  /** A random combination of every parameter, and whether its sort is sent though it is the default. */
  function randomAsk(prng: ReturnType<typeof createPrng>): { ask: OracleAsk; sortSent: boolean } {
    const near = prng.chance(0.3)
      ? { lat: 0.3163, lng: 32.5822, radius: prng.pick([5, 30, 100, 500]) }
      : undefined;
    const prices = [prng.pick(PRICES), prng.pick(PRICES)].sort((a, b) => a - b);
    const q = prng.chance(0.25) ? prng.sample(WORDS, prng.int(1, 2)).join(" ") : undefined;
    const sorts: BrowseSort[] = [
      "newest",
      "price_asc",
      "price_desc",
      "rating",
      ...(near ? ["nearest" as const] : []),
    ];
    const ask: OracleAsk = {
      ...(prng.chance(0.3) && { category: prng.pick(categories) }),
      ...(prng.chance(0.3) && { subcategory: prng.pick(subCategories) }),
      ...(q !== undefined && { q }),
      value: prng.sample(values, prng.pick([0, 0, 1, 2, 3])).map((v) => v.valueId),
      ...(prng.chance(0.3) && { price_min: prices[0] }),
      ...(prng.chance(0.3) && { price_max: prices[1] }),
      district: prng.sample(
        PLACES.map(([d]) => d),
        prng.pick([0, 0, 1, 2]),
      ),
      ...(near && { near }),
      verified: prng.chance(0.3),
      in_stock: prng.chance(0.4),
      sort: q !== undefined && prng.chance(0.5) ? "relevance" : prng.pick(sorts),
    };
    return { ask, sortSent: ask.sort !== (q ? "relevance" : "newest") || prng.chance(0.5) };
  }

  /** Browses every page of `ask` and compares it whole with the slow truth over `truth`. */
  async function expectTruth(truth: readonly OracleProduct[], ask: OracleAsk, sortSent: boolean) {
    const query = queryOf(ask, sortSent);
    const expected = expectedBrowse(truth, values, ask);
    const got = await browseAll(query);
    expect(got.count, `${query}`).toBe(expected.ids.length);
    // Relevance ranks by ts_rank, which the slow truth does not model: the same products, any order.
    if (ask.sort === "relevance") expect([...got.ids].sort()).toEqual([...expected.ids].sort());
    else expect(got.ids, `${query}`).toEqual(expected.ids);
    expect(got.facets, `${query}`).toEqual(expected.facets);
    return got.count;
  }

  it("narrows, sorts, pages and counts facets as the slow truth does, for random combinations", async () => {
    const prng = createPrng(kind === "pglite" ? 7 : 8);
    let narrowedToSome = 0;
    for (let round = 0; round < 60; round++) {
      const { ask, sortSent } = randomAsk(prng);
      const count = await expectTruth(products, ask, sortSent);
      if (count > 0 && count < products.length) narrowedToSome++;
    }
    // The combinations are not all empty answers or the whole catalogue.
    expect(narrowedToSome).toBeGreaterThan(20);
  });

  it("refuses wrong parameters with 400 naming the parameter", async () => {
    const cases: [string, string][] = [
      ["price_min=cheap", "price_min"],
      ["price_min=5000&price_max=100", "price_max"],
      ["value=0", "value"],
      ["value=999999", "value"],
      ["district=Atlantis", "district"],
      ["near=north", "near"],
      ["near=91,32", "near"],
      ["radius_km=5", "radius_km"],
      ["sort=nearest", "sort"],
      ["sort=cheapest", "sort"],
      ["page_size=49", "page_size"],
      ["category=999999", "category"],
      ["subcategory=x", "subcategory"],
      ["verified=yes", "verified"],
      ["in_stock=2", "in_stock"],
    ];
    for (const [query, name] of cases) {
      const answer = await call("GET", `product/browse/?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.detail, query).toContain(`'${name}'`);
      expect(answer.body.code).toBe("invalid_input");
    }
    expect((await call("GET", "product/browse/?page=99")).status).toBe(404);
  });

  it("answers a change of a product's values, also where the answer was cached", async () => {
    const papyrus = values.find((v) => v.valueName === "Papyrus")!;
    const query = `product/browse/?value=${papyrus.valueId}&page_size=48`;
    const before = await call("GET", query);
    expect((await call("GET", query)).body).toEqual(before.body);
    const target = products.find(
      (p) => p.subCategoryId === papyrus.subCategoryId && p.values.get(papyrus.filterId) !== papyrus.valueId,
    )!;
    // Written as psql would: the database's notice, not the route, tells the cache.
    await sql`
      INSERT INTO product_filter_values (product_id, filter_id, value_id)
      VALUES (${target.id}, ${papyrus.filterId}, ${papyrus.valueId})
      ON CONFLICT (product_id, filter_id) DO UPDATE SET value_id = EXCLUDED.value_id`.execute(server.db);
    await vi.waitFor(async () => {
      const after = await call("GET", query);
      expect(after.body.count).toBe(before.body.count + 1);
      expect(after.body.results.map((p: { product_id: number }) => p.product_id)).toContain(target.id);
    });
  });

  it("shows a change committed before the request at once: a shop's standing, a product's price", async () => {
    // Each read asks another page size: the read cache (dropped by the database's notice) is not asked.
    const cheapest = async (size: number) =>
      (await call("GET", `product/browse/?sort=price_asc&verified=1&page_size=${size}`)).body as {
        count: number;
        results: { product_id: number }[];
      };
    const before = await cheapest(1);
    const product = products.find((p) => !p.verified)!;
    const shop = await server.db
      .selectFrom("products")
      .select("shop_id")
      .where("id", "=", product.id)
      .executeTakeFirstOrThrow();
    // Written as psql would, then read at once: no waiting for a notice.
    await server.db
      .updateTable("shops")
      .set({ verification_status: "VERIFIED" })
      .where("id", "=", shop.shop_id)
      .execute();
    await server.db.updateTable("products").set({ price: 1n }).where("id", "=", product.id).execute();
    const after = await cheapest(2);
    expect(after.count).toBeGreaterThan(before.count);
    expect(after.results[0]?.product_id).toBe(product.id);
  });

  /** The slow truth's products as the database holds them now (names as the catalogue made them). */
  async function truthNow(): Promise<OracleProduct[]> {
    const rows = await server.db
      .selectFrom("products as p")
      .innerJoin("shops as s", "s.id", "p.shop_id")
      .select([
        "p.id",
        "p.category_id",
        "p.sub_category_id",
        "p.price",
        "p.in_stock",
        "p.rating_total",
        "p.rating_count",
        "s.district",
        "s.verification_status",
        "s.location_latitude",
        "s.location_longitude",
      ])
      .where("p.hidden", "=", false)
      .execute();
    const chosen = await server.db
      .selectFrom("product_filter_values")
      .select(["product_id", "filter_id", "value_id"])
      .execute();
    const wordsOf = new Map(products.map((p) => [p.id, p.words]));
    return rows.map((row) => ({
      id: row.id,
      categoryId: row.category_id,
      subCategoryId: row.sub_category_id,
      price: Number(row.price),
      inStock: row.in_stock,
      words: wordsOf.get(row.id) ?? [],
      ratingTotal: row.rating_total,
      ratingCount: row.rating_count,
      district: row.district,
      verified: row.verification_status === "VERIFIED",
      lat: row.location_latitude === null ? null : Number(row.location_latitude),
      lng: row.location_longitude === null ? null : Number(row.location_longitude),
      values: new Map(
        chosen.filter((c) => c.product_id === row.id).map((c) => [c.filter_id, c.value_id] as const),
      ),
    }));
  }

  it("answers as the slow truth right after each change to products, values and the taxonomy", async () => {
    const prng = createPrng(kind === "pglite" ? 17 : 18);
    const [first, second, third] = products;
    const sisal = values.find((v) => v.valueName === "Sisal")!;
    const fruit = subCategories[2]!;
    // Each written as psql would, then browsed at once: no waiting for a notice.
    const changes: [string, () => Promise<unknown>][] = [
      [
        "a price and stock",
        () =>
          server.db
            .updateTable("products")
            .set({ price: 7n, in_stock: 0 })
            .where("id", "=", first!.id)
            .execute(),
      ],
      [
        "a move to another sub category",
        () =>
          server.db
            .updateTable("products")
            .set({ sub_category_id: fruit, category_id: categories[1]! })
            .where("id", "=", second!.id)
            .execute(),
      ],
      [
        "a product's values",
        () => server.db.deleteFrom("product_filter_values").where("product_id", "=", third!.id).execute(),
      ],
      [
        "a hidden product",
        () => server.db.updateTable("products").set({ hidden: true }).where("id", "=", first!.id).execute(),
      ],
      [
        "a value renamed",
        async () => {
          await server.db
            .updateTable("filter_values")
            .set({ name: "Jute" })
            .where("id", "=", sisal.valueId)
            .execute();
          sisal.valueName = "Jute";
        },
      ],
      [
        "a new product with a value",
        async () => {
          const made = await aProduct(server.db, {
            shop_id: (
              await server.db.selectFrom("shops").select("id").orderBy("id").executeTakeFirstOrThrow()
            ).id,
            category_id: categories[0]!,
            sub_category_id: subCategories[0]!,
            name: "zebra lantern new",
            price: 12_000,
            in_stock: 3,
          });
          await server.db
            .insertInto("product_filter_values")
            .values({ product_id: made.id, filter_id: sisal.filterId, value_id: sisal.valueId })
            .execute();
          products.push({
            ...first!,
            id: made.id,
            words: "zebra lantern new a fine zebra lantern new".split(" "),
          });
        },
      ],
    ];
    for (const [what, change] of changes) {
      await change();
      const truth = await truthNow();
      for (let round = 0; round < 8; round++) {
        const { ask, sortSent } = randomAsk(prng);
        await expectTruth(truth, ask, sortSent).catch((error: Error) => {
          throw new Error(`after ${what}: ${error.message}`);
        });
      }
    }
    // A category made a moment ago is known at once: an empty answer, not a refusal.
    const tools = await aCategory(server.db, { name: "Tools" });
    const answer = await call("GET", `product/browse/?category=${tools.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.count).toBe(0);
  });
});
