import { describe, expect, it } from "vitest";
import { SERVICES_CATEGORY_ID } from "../constants.js";
import { aCategory, aProduct, aShop, aSubCategory } from "../testing/builders.js";
import { InMemoryCategoryGateway } from "../testing/in-memory-category-gateway.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { InMemoryShopGateway } from "../testing/in-memory-shop-gateway.js";
import { loadHome } from "./load-home.js";

function ports() {
  const categories = Array.from({ length: 15 }, (_, i) => aCategory({ id: i + 1 }));
  const services = [aSubCategory({ categoryId: SERVICES_CATEGORY_ID, name: "Plumbing" })];
  const catalogue = new InMemoryCategoryGateway(categories, [...services, aSubCategory({ categoryId: 2 })]);
  const shops = new InMemoryShopGateway([3, 5, 4.5, 1, 2, 4].map((rating) => aShop({ rating })));
  const products = new InMemoryProductGateway([
    aProduct({ name: "Quiet", shopId: 1, numberOfUsersRated: 0 }),
    aProduct({ name: "Popular", shopId: 2, numberOfUsersRated: 9, averageRating: 3 }),
    aProduct({ name: "Loved", shopId: 3, numberOfUsersRated: 9, averageRating: 4.5 }),
  ]);
  return { categories: catalogue, shops, products };
}

describe("home sections", () => {
  it("banner shows the first 12 categories", async () => {
    const home = await loadHome(ports());
    expect(home.bannerCategories.ok && home.bannerCategories.value.map((c) => c.id)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
  });

  it("services are the sub categories of category 5", async () => {
    const home = await loadHome(ports());
    expect(home.services.ok && home.services.value.map((s) => s.name)).toEqual(["Plumbing"]);
  });

  it("featured shops are the top 4 by rating", async () => {
    const home = await loadHome(ports());
    expect(home.featuredShops.ok && home.featuredShops.value.map((f) => f.averageTotalRating)).toEqual([
      5, 4.5, 4, 3,
    ]);
  });

  it("trending puts the most rated first, the better rated breaking ties", async () => {
    const home = await loadHome(ports());
    expect(home.trending.ok && home.trending.value.map((p) => p.name)).toEqual(["Loved", "Popular", "Quiet"]);
  });

  it("trending shows at most two products of one shop", async () => {
    const p = ports();
    p.products.products = Array.from({ length: 5 }, (_, i) =>
      aProduct({ name: `Bulk ${i}`, shopId: 9, numberOfUsersRated: 5 }),
    ).concat(aProduct({ name: "Other", shopId: 1 }));
    const home = await loadHome(p);
    expect(home.trending.ok && home.trending.value.map((p) => p.name)).toEqual(["Bulk 0", "Bulk 1", "Other"]);
  });

  it("a failing section fails alone", async () => {
    const p = ports();
    p.shops.failures.set("listTopRated", { kind: "network" });
    const home = await loadHome(p);
    expect(home.featuredShops).toEqual({ ok: false, error: { kind: "network" } });
    expect(home.bannerCategories.ok).toBe(true);
  });
});
