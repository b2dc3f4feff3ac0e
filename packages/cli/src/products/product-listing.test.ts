import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemoryShopGateway,
  someProducts,
} from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import { loadProductListing, pageOf } from "./product-listing.js";

function ports() {
  const categories = new InMemoryCategoryGateway(
    [aCategory({ id: 1, name: "Phones & Tablets" }), aCategory({ id: 5, name: "Services" })],
    [
      aSubCategory({ id: 11, name: "Smartphones", categoryId: 1, categoryName: "Phones & Tablets" }),
      aSubCategory({ id: 21, name: "Plumbing", categoryId: 5, categoryName: "Services" }),
    ],
  );
  const products = new InMemoryProductGateway([
    ...someProducts(10, { categoryId: 1, subCategoryId: 11, shopId: 3 }),
    ...someProducts(3, { categoryId: 5, subCategoryId: 21, shopId: 4 }),
    aProduct({ categoryId: 5, subCategoryId: 21, shopId: 4, inStock: 0 }),
  ]);
  const shops = new InMemoryShopGateway([aShop({ id: 3, name: "Kikuubo Phone Hub" }), aShop({ id: 4 })]);
  return { categories, products, shops };
}

describe("loadProductListing", () => {
  it("pages through everything in stock, 8 at a time by default", async () => {
    const listing = await loadProductListing(ports(), { kind: "all" }, 2);
    expect(listing.ok && listing.value.products).toMatchObject({ count: 13, page: 2, hasNext: false });
    expect(listing.ok && listing.value.products.items).toHaveLength(5);
    expect(listing.ok && listing.value.pageSize).toBe(8);
  });

  it("finds a category by name in any case, with its sub categories", async () => {
    const listing = await loadProductListing(ports(), { kind: "category", ref: { name: "services" } }, 1);
    if (!listing.ok) throw new Error("expected a listing");
    expect(listing.value.scope).toMatchObject({ kind: "category", category: { id: 5 } });
    expect(listing.value.products.count).toBe(3);
    expect(listing.value.pageSize).toBe(20);
  });

  it("answers 'Category not found' for an unknown category", async () => {
    const listing = await loadProductListing(ports(), { kind: "category", ref: { id: 99 } }, 1);
    expect(listing).toEqual({ ok: false, error: { kind: "not-found", message: "Category not found" } });
  });

  it("lists a sub category by id or name", async () => {
    const byName = await loadProductListing(
      ports(),
      { kind: "sub-category", ref: { name: "Smartphones" } },
      1,
      4,
    );
    expect(byName.ok && byName.value.products.count).toBe(10);
    const unknown = await loadProductListing(ports(), { kind: "sub-category", ref: { id: 77 } }, 1);
    expect(!unknown.ok && unknown.error).toEqual({ kind: "not-found", message: "Sub category not found" });
  });

  it("pages a shop's products itself", async () => {
    const listing = await loadProductListing(ports(), { kind: "shop", id: 3 }, 2, 4);
    if (!listing.ok) throw new Error("expected a listing");
    expect(listing.value.scope).toMatchObject({ kind: "shop", shop: { name: "Kikuubo Phone Hub" } });
    expect(listing.value.products).toMatchObject({ count: 10, page: 2, hasNext: true, hasPrevious: true });
    const missing = await loadProductListing(ports(), { kind: "shop", id: 99 }, 1);
    expect(!missing.ok && missing.error).toEqual({ kind: "not-found", message: "Shop not found" });
  });

  it("answers 'invalid-page' past the end", async () => {
    const listing = await loadProductListing(ports(), { kind: "all" }, 3);
    expect(!listing.ok && listing.error.kind).toBe("invalid-page");
  });
});

describe("pageOf", () => {
  it("gives an empty first page for nothing, and invalid-page after it", () => {
    expect(pageOf([], 1, 8)).toEqual({
      ok: true,
      value: { items: [], count: 0, page: 1, hasNext: false, hasPrevious: false },
    });
    expect(pageOf([], 2, 8)).toEqual({ ok: false, error: { kind: "invalid-page" } });
    expect(pageOf([1, 2, 3], 2, 2)).toEqual({
      ok: true,
      value: { items: [3], count: 3, page: 2, hasNext: false, hasPrevious: true },
    });
  });
});
