import { describe, expect, it } from "vitest";
import { InMemoryProductFinder } from "../testing/in-memory-product-finder.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { parseBrowseQuery } from "./browse-query.js";
import { type BrowseAsk, browseQueryString } from "./product-finder.js";
import { deleteSavedSearch, listSavedSearches, saveSearch } from "./saved-searches.js";

describe("a browse query string", () => {
  it("reads back what browseQueryString wrote", () => {
    const asks: BrowseAsk[] = [
      {},
      { categoryId: 2, valueIds: [9, 12], priceMin: 5_000, priceMax: 2_000_000, sort: "price_desc" },
      { subCategoryId: 7, q: "smart tv & more", districts: ["Kampala", "Wakiso"], verifiedOnly: true },
      { near: { lat: 0.316, lng: 32.582, radiusKm: 5 }, sort: "nearest", inStockOnly: true, page: 3 },
    ];
    for (const ask of asks) expect(parseBrowseQuery(browseQueryString(ask))).toEqual(ask);
  });

  it("leaves out what it cannot read, as a hand-edited link deserves", () => {
    expect(
      parseBrowseQuery(
        "?category=x&value=3&value=-1&value=3&price_min=1.5&near=999,1&sort=nearest&page=1&verified=yes",
      ),
    ).toEqual({ valueIds: [3] });
    expect(parseBrowseQuery("q=%E0%A4%A&district=+")).toEqual({});
  });
});

describe("saved searches", () => {
  it("need a session, keep the name trimmed and delete what is gone quietly", async () => {
    const finder = new InMemoryProductFinder([]);
    const storage = new InMemoryStorage();
    const ports = { finder, storage };
    const visitor = await saveSearch(ports, "TVs", "subcategory=7");
    expect(!visitor.ok && visitor.error.kind).toBe("not-logged-in");
    storage.set("token", "tok");
    const blank = await saveSearch(ports, "  ", "subcategory=7");
    expect(!blank.ok && blank.error.kind).toBe("invalid-form");
    const saved = await saveSearch(ports, "  TVs ", "subcategory=7");
    expect(saved.ok && saved.value.name).toBe("TVs");
    const list = await listSavedSearches(ports);
    expect(list.ok && list.value.map((s) => s.query)).toEqual(["subcategory=7"]);
    if (saved.ok) {
      expect((await deleteSavedSearch(ports, saved.value.id)).ok).toBe(true);
      expect((await deleteSavedSearch(ports, saved.value.id)).ok).toBe(true);
    }
  });
});
