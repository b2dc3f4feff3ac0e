import type { FetchLike } from "@katale/adapters-http";
import { describe, expect, it } from "vitest";
import { connectServices } from "./composition-root.js";

const config = {
  authUrl: "http://a.test/api/auth/",
  shopUrl: "http://s.test/api/shop/",
  shopIdSecret: "secret",
};

describe("web composition root", () => {
  it("resolves the ports over HTTP at the configured services, reviews included", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [], number_of_comments: 0 }) };
    };
    const services = connectServices(config, fetch);
    await services.reviews.listReviews(3, 1);
    await services.shops.listShops();
    expect(asked).toEqual([
      "http://s.test/api/shop/product/comment/3/?page=1",
      "http://s.test/api/shop/shop/",
    ]);
  });

  it("keeps the browser's storage, clock, shop links and media addresses", async () => {
    const services = connectServices(config, async () => ({ status: 500, text: async () => "" }));
    services.local.set("userdid", 9);
    expect(window.localStorage.getItem("userdid")).toBe("9");
    services.session.set("previousUrl", "/shops");
    expect(window.sessionStorage.getItem("previousUrl")).toBe('"/shops"');
    expect(services.clock.now()).toBeInstanceOf(Date);
    const token = await services.shopIds.encrypt(42);
    expect(await services.shopIds.decrypt(token)).toBe(42);
    expect(services.media("/media/x.webp")).toBe("http://s.test/media/x.webp");
  });
});
