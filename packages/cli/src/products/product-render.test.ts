import { emptyPage, type ProductDetail } from "@katale/domain";
import { aProduct, aShop } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import {
  productTable,
  renderProductDetail,
  renderProductPage,
  renderSearchResults,
} from "./product-render.js";

const pump = aProduct({
  id: 329,
  name: "Bicycle pump",
  slug: "bicycle-pump-3eel",
  price: 1_250_000,
  inStock: 62,
  averageRating: 3.6,
  numberOfUsersRated: 5,
  shopName: "Mukono Sports Arena",
  shopVerificationStatus: "VERIFIED",
});
const helmet = aProduct({
  id: 328,
  name: "Bicycle helmet",
  shopName: "Gulu Boda Spares",
  shopVerificationStatus: "UNVERIFIED",
});

describe("product renderers", () => {
  it("lists id, name, UGX price, stock, rating and the shop with a tick when verified", () => {
    const [header, first, second] = productTable([pump, helmet], 80);
    expect(header).toMatch(/ID\s+NAME\s+PRICE\s+STOCK\s+RATING\s+SHOP/);
    expect(first).toMatch(/^329\s+Bicycle pump\s+UGX 1,250,000\s+62\s+★ 3\.6 \(5\)\s+Mukono Sports Arena ✓$/);
    expect(second).toMatch(/Gulu Boda Spares$/);
    expect(second).toContain("–");
  });

  it("keeps every line within 80 columns", () => {
    const long = aProduct({
      name: "Primary school uniform set (shirt and shorts)",
      shopName: "Kampala Electronics Plaza",
    });
    for (const line of productTable([long, pump], 80)) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("ends a page with where it is", () => {
    const page = { items: [pump, helmet], count: 100, page: 2, hasNext: true, hasPrevious: true };
    expect(renderProductPage(page, 8, 80)).toContain("\n\nPage 2 of 13 · 100 products · next: --page 3\n");
    const last = { items: [pump], count: 9, page: 2, hasNext: false, hasPrevious: true };
    expect(renderProductPage(last, 8, 80)).toMatch(/Page 2 of 2 · 9 products\n$/);
  });

  it("says 'No products' for an empty page and an empty search", () => {
    expect(renderProductPage(emptyPage(), 8, 80)).toBe("No products\n");
    expect(renderProductPage(emptyPage(), 20, 80, { title: "Services" })).toBe("Services\n\nNo products\n");
    expect(renderSearchResults([], "zzqq", 80)).toBe("No products\n");
  });

  it("counts search results", () => {
    expect(renderSearchResults([pump], "pump", 80)).toMatch(/1 product for "pump"\n$/);
  });

  it("shows a product with its price, stock, stars, shop, description and image URL", () => {
    const detail: ProductDetail = {
      product: { ...pump, images: ["/media/products/a.webp", "/media/products/b.webp"] },
      shop: aShop({ id: pump.shopId, phone: "0752115212", email: null }),
      isOwner: false,
      moreFromShop: [helmet],
      relatedFromOtherShops: [],
      relatedShops: [],
    };
    const text = renderProductDetail(detail, 80, "http://127.0.0.1:8090/api/shop/");
    expect(text).toContain("Bicycle pump\nUGX 1,250,000 · In stock: 62\n★★★½☆ 3.6 (5 ratings)\n");
    expect(text).toContain("Mukono Sports Arena ✓");
    expect(text).toContain("0752115212");
    expect(text).not.toContain("Email:");
    expect(text).toContain("http://127.0.0.1:8090/media/products/a.webp (+1 more)");
    expect(text).toContain("Description\n  A fine thing from Kampala");
    expect(text).toContain("More products from us");
    expect(text).not.toContain("Related products from other shops");
  });

  it("shows an unrated product as such", () => {
    const detail: ProductDetail = {
      product: helmet,
      shop: null,
      isOwner: false,
      moreFromShop: [],
      relatedFromOtherShops: [],
      relatedShops: [],
    };
    expect(renderProductDetail(detail, 80, "http://x/api/shop/")).toContain("☆☆☆☆☆ (0 ratings)");
  });
});
