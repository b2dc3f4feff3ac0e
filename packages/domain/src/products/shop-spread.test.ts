import { describe, expect, it } from "vitest";
import { capPerShop, spreadShops } from "./shop-spread.js";

const of = (shops: number[]) => shops.map((shopId, id) => ({ id, shopId }));
const shopsOf = (items: readonly { shopId: number }[]) => items.map((item) => item.shopId);

describe("one shop does not take over a list", () => {
  it("Trending keeps the order and at most two of a shop", () => {
    expect(shopsOf(capPerShop(of([1, 1, 1, 2, 1, 3, 2, 2]), 5))).toEqual([1, 1, 2, 3, 2]);
  });

  it("For you: a bulk upload ahead of everything gets two places a page", () => {
    const items = of([...Array<number>(20).fill(9), 1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4]);
    const pages = spreadShops(items, 8);
    for (let start = 0; start < 16; start += 8) {
      const page = shopsOf(pages.slice(start, start + 8));
      expect(page.filter((shop) => shop === 9)).toHaveLength(2);
    }
    expect(pages).toHaveLength(items.length);
    expect(new Set(pages.map((item) => item.id)).size).toBe(items.length);
  });

  it("For you: the rest of one shop fills the pages once nothing else is left", () => {
    const pages = spreadShops(of([1, 1, 1, 1, 2]), 4);
    expect(shopsOf(pages)).toEqual([1, 1, 2, 1, 1]);
  });
});
