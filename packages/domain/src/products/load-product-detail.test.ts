import { describe, expect, it, vi } from "vitest";
import { aProduct, aShop, someProducts } from "../testing/builders.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { InMemoryShopGateway } from "../testing/in-memory-shop-gateway.js";
import { findProduct, loadProductDetail, loadProductSurroundings } from "./load-product-detail.js";

const ownShop = aShop({ id: 1, owner: 7, name: "Owino Gadgets" });
const otherShop = aShop({ id: 2, name: "Kikuubo Phones" });
const unrelatedShop = aShop({ id: 3, name: "Far Away" });
const product = aProduct({ slug: "tecno-spark", shopId: 1, subCategoryId: 11 });

function ports() {
  return {
    products: new InMemoryProductGateway([
      product,
      ...someProducts(10, { shopId: 1, subCategoryId: 12 }),
      aProduct({ shopId: 2, subCategoryId: 11, name: "Other shop phone" }),
      aProduct({ shopId: 3, subCategoryId: 99 }),
    ]),
    shops: new InMemoryShopGateway([ownShop, otherShop, unrelatedShop]),
  };
}

describe("product detail", () => {
  it("loads the product by slug with its shop", async () => {
    const detail = await loadProductDetail(ports(), { slug: "tecno-spark" });
    expect(detail.ok && detail.value.product.id).toBe(product.id);
    expect(detail.ok && detail.value.shop?.name).toBe("Owino Gadgets");
  });

  it("loads the product by the stored id too", async () => {
    const detail = await loadProductDetail(ports(), { id: product.id });
    expect(detail.ok && detail.value.product.slug).toBe("tecno-spark");
  });

  it("a missing product is not found", async () => {
    const detail = await loadProductDetail(ports(), { slug: "no-such-thing" });
    expect(detail).toEqual({ ok: false, error: { kind: "not-found", message: "Product not found" } });
  });

  it("'More products from us' holds the shop's first 8 other products", async () => {
    const detail = await loadProductDetail(ports(), { slug: "tecno-spark" });
    if (!detail.ok) throw new Error("expected a detail");
    expect(detail.value.moreFromShop).toHaveLength(8);
    expect(detail.value.moreFromShop.every((p) => p.shopId === 1 && p.id !== product.id)).toBe(true);
  });

  it("related products come from other shops in the same sub category, with their shops", async () => {
    const detail = await loadProductDetail(ports(), { slug: "tecno-spark" });
    if (!detail.ok) throw new Error("expected a detail");
    expect(detail.value.relatedFromOtherShops.map((p) => p.name)).toEqual(["Other shop phone"]);
    expect(detail.value.relatedShops.map((s) => s.name)).toEqual(["Kikuubo Phones"]);
  });

  it("marks the shop owner as owner, and nobody else", async () => {
    const asOwner = await loadProductDetail(ports(), { slug: "tecno-spark" }, 7);
    const asVisitor = await loadProductDetail(ports(), { slug: "tecno-spark" });
    expect(asOwner.ok && asOwner.value.isOwner).toBe(true);
    expect(asVisitor.ok && asVisitor.value.isOwner).toBe(false);
  });

  it("still shows the product when the related lists fail", async () => {
    const p = ports();
    p.products.failures.set("listShopProducts", { kind: "network" });
    p.shops.failures.set("listShopsByIds", { kind: "network" });
    const detail = await loadProductDetail(p, { slug: "tecno-spark" });
    expect(detail.ok && detail.value.moreFromShop).toEqual([]);
    expect(detail.ok && detail.value.relatedShops).toEqual([]);
  });

  it("asks for no more than the page shows: 9 shop products, related shops by id", async () => {
    const p = ports();
    const listShopProducts = vi.spyOn(p.products, "listShopProducts");
    const listShops = vi.spyOn(p.shops, "listShops");
    const byIds = vi.spyOn(p.shops, "listShopsByIds");
    await loadProductDetail(p, { slug: "tecno-spark" });
    expect(listShopProducts).toHaveBeenCalledWith(1, { limit: 9 });
    expect(byIds).toHaveBeenCalledWith([2]);
    expect(listShops).not.toHaveBeenCalled();
  });

  it("finds the product alone, then completes the detail without asking for it again", async () => {
    const p = ports();
    const bySlug = vi.spyOn(p.products, "getProductBySlug");
    const found = await findProduct(p, { slug: "tecno-spark" });
    if (!found.ok) throw new Error("expected the product");
    const detail = await loadProductSurroundings(p, found.value, 7);
    expect(detail.shop?.name).toBe("Owino Gadgets");
    expect(detail.isOwner).toBe(true);
    expect(detail.relatedShops.map((s) => s.name)).toEqual(["Kikuubo Phones"]);
    expect(bySlug).toHaveBeenCalledTimes(1);
  });
});
