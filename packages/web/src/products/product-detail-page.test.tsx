// @vitest-environment happy-dom
import { messages } from "@katale/domain";
import { aProduct, aShop, InMemoryProductGateway, InMemoryShopGateway } from "@katale/domain/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { findAlert, renderWithServices, testServices } from "../testing/test-services.js";
import ProductDetailPage from "./product-detail-page.js";

const product = aProduct({
  id: 3,
  slug: "tecno-spark",
  name: "Tecno Spark 20",
  shopId: 1,
  subCategoryId: 11,
});

afterEach(cleanup);

describe("product detail page", () => {
  it("asks for the product once, then only for what the page shows around it", async () => {
    const products = new InMemoryProductGateway([
      product,
      aProduct({ shopId: 2, subCategoryId: 11, name: "Other shop phone" }),
    ]);
    const shops = new InMemoryShopGateway([
      aShop({ id: 1, name: "Owino Gadgets" }),
      aShop({ id: 2, name: "Kikuubo Phones" }),
    ]);
    const bySlug = vi.spyOn(products, "getProductBySlug");
    const shopProducts = vi.spyOn(products, "listShopProducts");
    const allShops = vi.spyOn(shops, "listShops");
    const byIds = vi.spyOn(shops, "listShopsByIds");
    const services = testServices({ products, shops });
    renderWithServices(<ProductDetailPage />, services, { path: "/item/:slug", at: "/item/tecno-spark" });

    expect(await screen.findByRole("heading", { level: 1, name: "Tecno Spark 20" })).toBeTruthy();
    // The description comes with the rest of the detail.
    expect(await screen.findByRole("heading", { name: messages.products.description })).toBeTruthy();
    expect(bySlug).toHaveBeenCalledTimes(1);
    expect(shopProducts).toHaveBeenCalledWith(1, { limit: 9 });
    expect(byIds).toHaveBeenCalledWith([2]);
    expect(allShops).not.toHaveBeenCalled();
    expect(services.local.get("activeProduct")).toBe(3);
  });

  it("says a missing product does not exist", async () => {
    renderWithServices(<ProductDetailPage />, testServices(), { path: "/item/:slug", at: "/item/gone" });
    await findAlert("Product does not exist", { exact: true });
  });

  it("tells the owner of a product moderators hid why", async () => {
    const products = new InMemoryProductGateway([
      { ...product, moderation: { hidden: true, note: "Hidden by moderators: Counterfeit goods" } },
    ]);
    const shops = new InMemoryShopGateway([aShop({ id: 1, name: "Owino Gadgets" })]);
    renderWithServices(<ProductDetailPage />, testServices({ products, shops }), {
      path: "/item/:slug",
      at: "/item/tecno-spark",
    });
    expect(await screen.findByText("Hidden by moderators: Counterfeit goods")).toBeTruthy();
  });
});
