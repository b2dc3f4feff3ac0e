import type { ShopPage } from "@katale/domain";
import { aShop, someProducts } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import { renderShopPage, renderShops } from "./shop-render.js";

describe("shop renderers", () => {
  it("lists shops with a tick for verified ones, rating and phone", () => {
    const text = renderShops(
      [
        aShop({
          id: 1,
          name: "Kikuubo Phone Hub",
          verificationStatus: "VERIFIED",
          rating: 3.14,
          phone: "0757389313",
          bio: "Genuine phones",
        }),
        aShop({ id: 14, name: "Kampala Electronics Plaza", rating: null }),
      ],
      80,
    );
    const [header, first, second] = text.split("\n");
    expect(header).toMatch(/^ID\s+NAME\s+RATING\s+PHONE\s+BIO$/);
    expect(first).toMatch(/^ 1\s+Kikuubo Phone Hub ✓\s+★ 3\.1\s+0757389313\s+Genuine phones$/);
    expect(second).toMatch(/^14\s+Kampala Electronics Plaza\s+–\s+–$/);
  });

  it("says 'no shops' when there are none", () => {
    expect(renderShops([], 80)).toBe("no shops\n");
  });

  const page = (overrides: Partial<ShopPage>): ShopPage => {
    const products = someProducts(3, { shopId: 1 });
    return {
      shop: aShop({
        id: 1,
        name: "Kikuubo Phone Hub",
        verificationStatus: "VERIFIED",
        bio: "Phones since 2012.",
        rating: 3.5,
      }),
      isOwner: false,
      products,
      numberOfProducts: 3,
      numberOfFollowers: 9,
      recommended: products,
      ...overrides,
    };
  };

  it("shows the shop, its followers and its first products", () => {
    const text = renderShopPage(page({ numberOfProducts: 14 }), 80);
    expect(text).toMatch(/^Kikuubo Phone Hub ✓\nPhones since 2012\.\n/);
    expect(text).toContain("Followers: 9\n");
    expect(text).toContain("Items:     14\n");
    expect(text).toContain("Email:     not set\n");
    expect(text).toContain("★★★½☆ 3.5");
    expect(text).toContain("3 of 14 products · all: katale products list --shop 1");
    expect(text).not.toMatch(/SHOP\n/);
  });

  it("says 'No products' for a shop with none", () => {
    const text = renderShopPage(
      page({ products: [], recommended: [], numberOfProducts: 0, numberOfFollowers: null }),
      80,
    );
    expect(text).toContain("Followers: –\n");
    expect(text).toMatch(/Products\nNo products\n$/);
  });
});
