import { FEATURED_SHOPS_COUNT, type Result, type Shop, type ShopGateway } from "@katale/domain";
import { expect, it } from "vitest";

// What a ShopGateway must do, run against the domain's in-memory fake (shops-behaviour.test.ts) and
// against the HTTP gateway on the real server (tests/adapters/shop-gateway.int.test.ts), so the fake
// cannot drift from the server.

export interface ShopsFixture {
  readonly shops: ShopGateway;
  /** A new shop of that name (unique whatever its case), newer than every shop before it. */
  readonly newShop: (name: string) => Promise<Shop>;
}

const UNKNOWN_ID = 2_000_000_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

let run = 0;
/** A name no other test of this run uses. */
function uniqueName(base: string): string {
  run += 1;
  return `${base} ${Date.now().toString(36)}${run}`;
}

export function itBehavesLikeAShopGateway(fixture: () => ShopsFixture): void {
  it("lists every shop newest first, each as getShop answers it", async () => {
    const { shops, newShop } = fixture();
    const older = await newShop(uniqueName("Jinja Crafts"));
    const newer = await newShop(uniqueName("Gulu Tailors"));
    const listed = value(await shops.listShops());
    const ids = listed.map((s) => s.id);
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(value(await shops.getShop(older.id))).toEqual(listed.find((s) => s.id === older.id));
    expect(value(await shops.getShop(newer.id))).toEqual(newer);
  });

  it("answers the shops asked by id once each, in the order asked, leaving unknown ids out", async () => {
    const { shops, newShop } = fixture();
    const a = await newShop(uniqueName("Mbale Coffee"));
    const b = await newShop(uniqueName("Mbarara Dairy"));
    const asked = value(await shops.listShopsByIds([b.id, UNKNOWN_ID, a.id, b.id]));
    expect(asked).toEqual([b, a]);
    expect(value(await shops.listShopsByIds([]))).toEqual([]);
  });

  it("finds a shop by its name in any case and spacing, and only by its whole name", async () => {
    const { shops, newShop } = fixture();
    const name = uniqueName("Mukono Sports Arena");
    const shop = await newShop(name);
    expect(value(await shops.findShopsByName(name))).toEqual([shop]);
    const typed = `  ${name.toUpperCase().replace(/ /g, "   ")} `;
    expect(value(await shops.findShopsByName(typed))).toEqual([shop]);
    expect(value(await shops.findShopsByName("Mukono Sports"))).toEqual([]);
    expect(value(await shops.findShopsByName(`${name} Annex`))).toEqual([]);
  });

  it("an unknown shop is 'not-found', for the shop and for its followers", async () => {
    const { shops } = fixture();
    expect(kindOf(await shops.getShop(UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await shops.listFollowers(UNKNOWN_ID))).toBe("not-found");
  });

  it("a new shop has no followers", async () => {
    const { shops, newShop } = fixture();
    const shop = await newShop(uniqueName("Entebbe Fish"));
    expect(value(await shops.listFollowers(shop.id))).toEqual({ numberOfFollowers: 0, followers: [] });
  });

  it(`features at most ${FEATURED_SHOPS_COUNT} shops, best rated first`, async () => {
    const { shops, newShop } = fixture();
    await newShop(uniqueName("Lira Honey"));
    const featured = value(await shops.listTopRated());
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.length).toBeLessThanOrEqual(FEATURED_SHOPS_COUNT);
    const ratings = featured.map((f) => f.averageTotalRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    for (const { shop, averageTotalRating } of featured) expect(averageTotalRating).toBe(shop.rating ?? 0);
  });
}
