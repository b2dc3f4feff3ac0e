// @vitest-environment happy-dom
import { aCategory, aShop, InMemoryCategoryGateway, InMemoryShopGateway } from "@katale/domain/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import ShopCategoriesPage from "../shops/shop-categories-page.js";
import ShopSearchPage from "../shops/shop-search-page.js";
import { renderWithServices, testServices } from "../testing/test-services.js";
import CategoryPage from "./category-page.js";

// The router hands a page its address's name decoded: a page that decoded it once more failed on a
// name with a '%' in it ('50% off', a shop search for '100%'), and showed the error screen instead.

afterEach(cleanup);

const categories = new InMemoryCategoryGateway([aCategory({ id: 1, name: "50% off" })], []);

describe("names with a '%' in the address", () => {
  it("open their category page", async () => {
    renderWithServices(<CategoryPage />, testServices({ categories }), {
      path: "/products/category/*",
      at: "/products/category/50%25%20off",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Sub categories for 50% off" })).toBeTruthy();
  });

  it("open the shops of their category", async () => {
    renderWithServices(<ShopCategoriesPage />, testServices({ categories }), {
      path: "/shops/categories/*",
      at: "/shops/categories/50%25%20off",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Shops in 50% off" })).toBeTruthy();
  });

  it("search shops", async () => {
    const shops = new InMemoryShopGateway([
      aShop({ name: "100% Cotton Wear" }),
      aShop({ name: "Kikuubo Fabrics" }),
    ]);
    renderWithServices(<ShopSearchPage />, testServices({ shops }), {
      path: "/shops/search/*",
      at: "/shops/search/100%25",
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Shops matching “100%”" })).toBeTruthy();
    expect(await screen.findByText("100% Cotton Wear")).toBeTruthy();
    expect(screen.queryByText("Kikuubo Fabrics")).toBeNull();
  });
});
