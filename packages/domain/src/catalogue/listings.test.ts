import { describe, expect, it } from "vitest";
import { aCategory, aProduct, aSubCategory, someProducts } from "../testing/builders.js";
import { InMemoryCategoryGateway } from "../testing/in-memory-category-gateway.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { loadCategoryListing } from "./load-category-listing.js";
import { findSubCategoryByName, loadSubCategoryListing } from "./load-sub-category-listing.js";

const phones = aSubCategory({ id: 11, categoryId: 1, name: "Phones" });
const laptops = aSubCategory({ id: 12, categoryId: 1, name: "Laptops" });
const sofas = aSubCategory({ id: 21, categoryId: 2, name: "Sofas" });

function ports(
  products = [aProduct({ categoryId: 1, subCategoryId: 11 }), aProduct({ categoryId: 2, subCategoryId: 21 })],
) {
  return {
    categories: new InMemoryCategoryGateway(
      [aCategory({ id: 1, name: "Electronics" }), aCategory({ id: 2, name: "Furniture" })],
      [phones, laptops, sofas],
    ),
    products: new InMemoryProductGateway(products),
  };
}

describe("category listing", () => {
  it("names the category and lists its sub categories and products", async () => {
    const listing = await loadCategoryListing(ports(), 1);
    expect(listing.ok).toBe(true);
    if (!listing.ok) return;
    expect(listing.value.category.name).toBe("Electronics");
    expect(listing.value.subCategories.map((s) => s.name)).toEqual(["Phones", "Laptops"]);
    expect(listing.value.products.items.every((p) => p.categoryId === 1)).toBe(true);
  });

  it("an empty category lists no products rather than failing", async () => {
    const listing = await loadCategoryListing(ports([]), 2);
    expect(listing.ok && listing.value.products.items).toEqual([]);
  });

  it("an unknown category is not found", async () => {
    const listing = await loadCategoryListing(ports(), 99);
    expect(listing).toEqual({ ok: false, error: { kind: "not-found" } });
  });

  it("a page past the end stays 'invalid-page'", async () => {
    const listing = await loadCategoryListing(ports(someProducts(3, { categoryId: 1 })), 1, 2, 20);
    expect(listing).toEqual({ ok: false, error: { kind: "invalid-page" } });
  });

  it("reports a network failure", async () => {
    const p = ports();
    p.categories.failures.set("listCategories", { kind: "network" });
    expect(await loadCategoryListing(p, 1)).toEqual({ ok: false, error: { kind: "network" } });
  });
});

describe("sub-category listing", () => {
  it("shows the sub category, its siblings and its products", async () => {
    const listing = await loadSubCategoryListing(ports(), 11);
    expect(listing.ok).toBe(true);
    if (!listing.ok) return;
    expect(listing.value.subCategory.name).toBe("Phones");
    expect(listing.value.siblings.map((s) => s.name)).toEqual(["Phones", "Laptops"]);
    expect(listing.value.products.items.every((p) => p.subCategoryId === 11)).toBe(true);
  });

  it("shows 'No products' when there are none", async () => {
    const listing = await loadSubCategoryListing(ports(), 12);
    expect(listing.ok && listing.value.products.items).toEqual([]);
  });

  it("an unknown sub category is not found", async () => {
    expect(await loadSubCategoryListing(ports(), 404)).toEqual({ ok: false, error: { kind: "not-found" } });
  });

  it("finds a sub category by the name in the route, any case", () => {
    expect(findSubCategoryByName([phones, laptops], " laptops ")?.id).toBe(12);
    expect(findSubCategoryByName([phones], "Tablets")).toBeUndefined();
  });
});
