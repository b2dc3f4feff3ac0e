import { describe, expect, it } from "vitest";
import { firstScreenAt } from "./first-screens.js";

describe("firstScreenAt", () => {
  it("reads home, a product's slug and a category's name (decoded once)", () => {
    expect(firstScreenAt("/")).toEqual({ screen: "home" });
    expect(firstScreenAt("/item/bicycle-pump-3eel")).toEqual({
      screen: "product",
      slug: "bicycle-pump-3eel",
    });
    expect(firstScreenAt("/item/caf%C3%A9-latte/")).toEqual({ screen: "product", slug: "café-latte" });
    expect(firstScreenAt("/products/category/Home%20%26%20Garden")).toEqual({
      screen: "category",
      name: "Home & Garden",
    });
    expect(firstScreenAt("/products/category/100%2525", "")).toEqual({ screen: "category", name: "100%25" });
  });

  it("inlines only a listing's first page", () => {
    expect(firstScreenAt("/products/category/Electronics", "?page=1")).toEqual({
      screen: "category",
      name: "Electronics",
    });
    expect(firstScreenAt("/products/category/Electronics", "page=2")).toBeNull();
  });

  it("leaves out other pages and addresses it cannot read", () => {
    for (const pathname of [
      "/shops",
      "/item/",
      "/item/a/b",
      "/item/%E0%A4%A",
      `/item/${"x".repeat(301)}`,
      "/products/category/%20%20",
      "/products/category/%E0%A4%A",
      `/products/category/${"x".repeat(101)}`,
      "/products/sub-category/Phones",
    ]) {
      expect(firstScreenAt(pathname), pathname).toBeNull();
    }
  });
});
