import { describe, expect, it } from "vitest";
import { aProduct, aShop, someProducts } from "../testing/builders.js";
import { withCallLog } from "../testing/call-log.js";
import { InMemoryProductGateway } from "../testing/in-memory-product-gateway.js";
import { InMemoryShopGateway } from "../testing/in-memory-shop-gateway.js";
import { failureOf, successOf } from "../testing/results.js";
import { ReversibleShopIdCipher } from "../testing/reversible-shop-id-cipher.js";
import { filterShops, ownedShops } from "./filter-shops.js";
import { findShopsByRef } from "./find-shops.js";
import { loadShopPage } from "./load-shop-page.js";
import { searchShopProducts } from "./search-shop-products.js";
import { shopIdFromLink, shopLink } from "./shop-link.js";

const shop = aShop({ id: 4, owner: 9, name: "Jinja Crafts" });

function ports() {
  return {
    shops: new InMemoryShopGateway([shop], new Map([[4, [{ name: "Okello", profilePicture: null }]]])),
    products: new InMemoryProductGateway([
      ...someProducts(10, { shopId: 4 }),
      aProduct({ shopId: 4, inStock: 0 }),
    ]),
  };
}

describe("shop page", () => {
  it("shows the shop, its products in stock, the follower count and 8 recommended", async () => {
    const page = await loadShopPage(ports(), 4);
    if (!page.ok) throw new Error("expected a page");
    expect(page.value.shop.name).toBe("Jinja Crafts");
    expect(page.value.numberOfProducts).toBe(10);
    expect(page.value.numberOfFollowers).toBe(1);
    expect(page.value.recommended).toHaveLength(8);
  });

  it("the owner gets the owner's view", async () => {
    const page = await loadShopPage(ports(), 4, 9);
    expect(page.ok && page.value.isOwner).toBe(true);
  });

  it("an unknown shop is not found", async () => {
    const page = await loadShopPage(ports(), 5);
    expect(!page.ok && page.error.kind).toBe("not-found");
  });

  it("an unknown follower count does not hide the shop", async () => {
    const p = ports();
    p.shops.failures.set("listFollowers", { kind: "network" });
    const page = await loadShopPage(p, 4);
    expect(page.ok && page.value.numberOfFollowers).toBeNull();
  });
});

describe("shop lists", () => {
  const shops = [aShop({ name: "Jinja Crafts", owner: 1 }), aShop({ name: "Gulu Grains", owner: 2 })];

  it("search box matches part of the name, any case", () => {
    expect(filterShops(shops, "grain").map((s) => s.name)).toEqual(["Gulu Grains"]);
    expect(filterShops(shops, "  ")).toHaveLength(2);
  });

  it("'My shops' lists only the user's shops, none when logged out", () => {
    expect(ownedShops(shops, 2).map((s) => s.name)).toEqual(["Gulu Grains"]);
    expect(ownedShops(shops, null)).toEqual([]);
  });

  it("search within a shop matches names and descriptions", () => {
    const products = [
      aProduct({ name: "Basket" }),
      aProduct({ name: "Mat", description: "Woven basket style" }),
    ];
    expect(searchShopProducts(products, "BASKET")).toHaveLength(2);
    expect(searchShopProducts(products, "mat")).toHaveLength(1);
  });
});

describe("shop links", () => {
  it("links to /shops/shop/{token} and reads the id back", async () => {
    const cipher = new ReversibleShopIdCipher();
    const link = await shopLink(cipher, 42);
    expect(link).toMatch(/^\/shops\/shop\/[^/]+$/);
    expect(await shopIdFromLink(cipher, link.split("/").at(-1)!)).toEqual({ ok: true, value: 42 });
  });

  it("a tampered link is not found", async () => {
    expect(await shopIdFromLink(new ReversibleShopIdCipher(), "garbage!")).toEqual({
      ok: false,
      error: { kind: "not-found" },
    });
  });
});

describe("a shop named by id or by name", () => {
  const shops = [aShop({ id: 4, name: "Jinja Crafts" }), aShop({ id: 5, name: "Mukono  Sports Arena" })];

  it("finds it by id or by its name in any case and spacing, with one request", async () => {
    const { gateway, calls } = withCallLog(new InMemoryShopGateway(shops));
    expect(successOf(await findShopsByRef(gateway, " 4 ")).map((s) => s.name)).toEqual(["Jinja Crafts"]);
    expect(successOf(await findShopsByRef(gateway, "mukono sports   ARENA")).map((s) => s.id)).toEqual([5]);
    expect(calls).toEqual(["getShop", "findShopsByName"]);
  });

  it("an unknown id is 'not-found'; an unknown name finds no shop", async () => {
    const gateway = new InMemoryShopGateway(shops);
    expect(failureOf(await findShopsByRef(gateway, "9")).kind).toBe("not-found");
    expect(failureOf(await findShopsByRef(gateway, "99999999999")).kind).toBe("not-found");
    expect(successOf(await findShopsByRef(gateway, "Jinja"))).toEqual([]);
  });

  it("a blank or overlong name finds no shop without asking", async () => {
    const { gateway, calls } = withCallLog(new InMemoryShopGateway(shops));
    expect(successOf(await findShopsByRef(gateway, "   "))).toEqual([]);
    expect(successOf(await findShopsByRef(gateway, "x".repeat(121)))).toEqual([]);
    expect(calls).toEqual([]);
  });
});
