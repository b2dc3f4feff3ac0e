import {
  type BrowseAsk,
  type BrowseResult,
  mapResult,
  type ProductFinder,
  paginate,
  type Result,
} from "@katale/domain";
import { describe, expect, it } from "vitest";
import { App } from "../app.js";
import { driveTui } from "../tui-driver.js";
import { fakeWorld } from "../tui-fakes.js";

// The listing's filter view (`f`) as a user drives it, on the in-memory ports and a browse that
// narrows the fake products by value, price and sort as the service would.

const KEY = { enter: "\r", escape: "\u001b", tab: "\t" } as const;

function world() {
  const w = fakeWorld();
  w.categories.filters = [
    {
      id: 3,
      name: "Material",
      subCategoryId: 21,
      values: [
        { id: 9, filterId: 3, name: "Steel" },
        { id: 10, filterId: 3, name: "Plastic" },
      ],
    },
  ];
  // The pump is steel; every other product plastic.
  const all = w.products.products;
  const materialOf = (id: number) => (id === w.pump.id ? 9 : 10);
  const asks: BrowseAsk[] = [];
  const finder: ProductFinder = {
    async browse(ask): Promise<Result<BrowseResult>> {
      asks.push(ask);
      const priced = all.filter(
        (p) =>
          p.subCategoryId === ask.subCategoryId &&
          (ask.priceMax === undefined || p.price <= ask.priceMax) &&
          (ask.priceMin === undefined || p.price >= ask.priceMin),
      );
      const listed = priced
        .filter((p) => (ask.valueIds ?? []).length === 0 || ask.valueIds!.includes(materialOf(p.id)))
        .sort((a, b) => (ask.sort === "price_desc" ? b.price - a.price : 0));
      const count = (v: number) => priced.filter((p) => materialOf(p.id) === v).length;
      return mapResult(paginate(listed, ask.page ?? 1, ask.pageSize ?? 20), (page) => ({
        page,
        facets: {
          filters: [
            {
              filterId: 3,
              filterName: "Material",
              values: [
                { valueId: 9, valueName: "Steel", count: count(9) },
                { valueId: 10, valueName: "Plastic", count: count(10) },
              ],
            },
          ],
          price: { min: 1, max: 100 },
          districts: [],
          verified: listed.length,
          inStock: listed.length,
        },
      }));
    },
    saveSearch: () => Promise.reject(new Error("not here")),
    listSavedSearches: () => Promise.reject(new Error("not here")),
    deleteSavedSearch: () => Promise.reject(new Error("not here")),
  };
  const services = { ...w.services, find: { finder, storage: w.storage } };
  return { ...driveTui(<App services={services} size={{ columns: 80, rows: 24 }} />), asks };
}

describe("the filter view of a listing", { timeout: 30_000 }, () => {
  it("ticks a value, sorts, applies, and the list is narrowed; Esc leaves it as it was", async () => {
    const { see, press, frame, asks } = world();
    await see("Trending");
    await press(KEY.tab, KEY.enter, KEY.enter);
    await see("Categories › Sports › Bicycles");
    await see("f filter and sort");
    await press("f");
    await see("[ ] Steel (1)");
    expect(frame()).toContain("[ ] Plastic (30)");
    // Steel, then down to "Highest price first": Plastic, lowest, highest, verified, stock, newest, lowest first, highest first.
    await press(KEY.enter);
    await see("[x] Steel (1)");
    await press("j", "j", "j", "j", "j", "j", "j", "j", KEY.enter);
    await see("(•) Highest price first");
    await press("a");
    await see("2 chosen · f changes");
    await see("1 product");
    expect(frame()).toContain("Bicycle pump");
    expect(asks.at(-1)).toMatchObject({ subCategoryId: 21, valueIds: [9], sort: "price_desc", page: 1 });

    // Esc in the view changes nothing; c then a clears everything.
    await press("f");
    await see("[x] Steel");
    await press("c", KEY.escape);
    await see("2 chosen · f changes");
    await press("f");
    await see("[x] Steel");
    await press("c", "a");
    await see("› Bicycle pump");
    await see(/Product \d+/);
    expect(frame()).not.toContain("chosen");
    expect(asks.at(-1)).toEqual({ subCategoryId: 21, page: 1, pageSize: 20 });
  });

  it("takes a typed price range and refuses one that is not whole shillings", async () => {
    const { see, press, frame, asks } = world();
    await see("Trending");
    await press(KEY.tab, KEY.enter, KEY.enter);
    await see("f filter and sort");
    await press("f");
    await see("[ ] Steel");
    await press("j", "j", KEY.enter);
    await see("Lowest price: ");
    await press(..."ten", KEY.enter);
    await see("Type the price in whole shillings");
    await press(KEY.escape, "j", KEY.enter);
    await see("Highest price: ");
    await press(..."20,000", KEY.enter);
    await see("Highest price: UGX 20,000");
    expect(frame()).not.toContain("Type the price");
    await press("a");
    await see("1 chosen · f changes");
    expect(asks.at(-1)).toMatchObject({ priceMax: 20_000 });
  });
});
