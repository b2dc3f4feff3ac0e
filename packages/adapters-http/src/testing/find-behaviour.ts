import { browseQueryString, type ProductFinder, type Result } from "@katale/domain";
import { expect, it } from "vitest";

// What finding products must do, run against the HTTP gateway on the real server with the demo
// catalogue (tests/adapters/find-gateways.int.test.ts). The demo's products carry filter values and
// its shops lie in districts.

export interface FindFixture {
  readonly finder: ProductFinder;
  newUser(): Promise<{ token: string }>;
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function itBehavesLikeProductFinder(fixture: () => FindFixture): void {
  it("browses the catalogue with facets whose counts are what choosing them lists", async () => {
    const { finder } = fixture();
    const all = value(await finder.browse({ pageSize: 8 }));
    expect(all.page.count).toBeGreaterThan(0);
    expect(all.page.items.length).toBe(8);
    expect(all.page.hasNext).toBe(true);
    expect(all.facets.districts.length).toBeGreaterThan(0);
    const filter = all.facets.filters[0]!;
    const chosen = filter.values[0]!;
    const narrowed = value(await finder.browse({ valueIds: [chosen.valueId] }));
    expect(narrowed.page.count).toBe(chosen.count);
    // The chosen filter's other values keep their counts: choosing one does not hide the others.
    expect(narrowed.facets.filters.find((f) => f.filterId === filter.filterId)?.values).toEqual(
      filter.values,
    );
    const { district, count } = all.facets.districts[0]!;
    expect(value(await finder.browse({ districts: [district] })).page.count).toBe(count);
  });

  it("sorts by price and narrows by price", async () => {
    const { finder } = fixture();
    const cheap = value(await finder.browse({ sort: "price_asc", pageSize: 48, priceMax: 50_000 }));
    const prices = cheap.page.items.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices.every((price) => price <= 50_000)).toBe(true);
    const past = await finder.browse({ page: 9999 });
    expect(!past.ok && past.error.kind).toBe("invalid-page");
  });

  it("keeps a user's saved searches to that user", async () => {
    const { finder, newUser } = fixture();
    const [amina, brian] = [await newUser(), await newUser()];
    const query = browseQueryString({ q: "rice", priceMax: 100_000, sort: "price_asc" });
    const saved = value(await finder.saveSearch(amina.token, "Cheap rice", query));
    expect(saved).toMatchObject({ name: "Cheap rice", query });
    expect(value(await finder.listSavedSearches(amina.token)).map((s) => s.id)).toEqual([saved.id]);
    expect(value(await finder.listSavedSearches(brian.token))).toEqual([]);
    const stolen = await finder.deleteSavedSearch(brian.token, saved.id);
    expect(!stolen.ok && stolen.error.kind).toBe("not-found");
    value(await finder.deleteSavedSearch(amina.token, saved.id));
    expect(value(await finder.listSavedSearches(amina.token))).toEqual([]);
  });
}
