import { ADMIN_PORTS, GATEWAY_PORTS, PORTS, type PortToken, type ShopGateway } from "@katale/domain";
import { Container } from "inversify";
import { describe, expect, it } from "vitest";
import { createDeferredHttpGateways } from "./create-deferred-http-gateways.js";
import { createHttpGateways } from "./create-http-gateways.js";
import type { FetchLike } from "./fetch-like.js";
import { httpGatewaysModule } from "./http-gateways-module.js";

describe("HTTP gateways module", () => {
  it("binds every gateway port to the services at the given URLs", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [], number_of_comments: 0 }) };
    };
    const container = new Container();
    container.load(
      httpGatewaysModule({ authUrl: "http://a.test/api/auth/", shopUrl: "http://s.test/api/shop/", fetch }),
    );
    const get = <T>(token: PortToken<T>): T => container.get<T>(token);
    expect(await get(PORTS.reviews).listReviews(3, 2)).toEqual({
      ok: true,
      value: { comments: [], total: 0 },
    });
    await get(PORTS.shops).listShopsByIds([4, 2]);
    await get(PORTS.products).listShopProducts(4, { limit: 9 });
    await get(PORTS.products).listRelatedProducts(3, 20);
    expect(asked).toEqual([
      "http://s.test/api/shop/product/comment/3/?page=2",
      "http://s.test/api/shop/shop/?ids=4%2C2",
      "http://s.test/api/shop/product/shop/4/?limit=9",
      "http://s.test/api/shop/product/related/3/?limit=20",
    ]);
    for (const token of [
      PORTS.categories,
      PORTS.support,
      PORTS.auth,
      PORTS.userVerification,
      PORTS.addresses,
    ]) {
      expect(container.isBound(token)).toBe(true);
    }
  });

  it("gives a first visit the same calls, each port loading its own gateway when first asked", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => JSON.stringify({ data: [], number_of_comments: 0 }) };
    };
    const gateways = createDeferredHttpGateways({
      authUrl: "http://a.test/api/auth/",
      shopUrl: "http://s.test/api/shop/",
      fetch,
    });
    const [reviews] = await Promise.all([
      gateways.reviews.listReviews(3, 2),
      gateways.shops.listShopsByIds([4, 2]),
      gateways.products.listRelatedProducts(3, 20),
    ]);
    expect(reviews).toEqual({ ok: true, value: { comments: [], total: 0 } });
    expect(asked.sort()).toEqual([
      "http://s.test/api/shop/product/comment/3/?page=2",
      "http://s.test/api/shop/product/related/3/?limit=20",
      "http://s.test/api/shop/shop/?ids=4%2C2",
    ]);
  });

  it("asks for no shops when given no ids", async () => {
    const asked: string[] = [];
    const fetch: FetchLike = async (url) => {
      asked.push(url);
      return { status: 200, text: async () => "{}" };
    };
    const container = new Container();
    container.load(httpGatewaysModule({ authUrl: "http://a.test/", shopUrl: "http://s.test/", fetch }));
    const shops = container.get<ShopGateway>(PORTS.shops);
    expect(await shops.listShopsByIds([])).toEqual({ ok: true, value: [] });
    expect(asked).toEqual([]);
  });

  it("binds every port of the domain's gateway and admin lists, and the first visit gets every one", () => {
    const options = {
      authUrl: "http://a.test/",
      shopUrl: "http://s.test/",
      fetch: async () => ({ status: 200, text: async () => "{}" }),
    };
    const container = new Container();
    container.load(httpGatewaysModule(options));
    for (const token of [...Object.values(GATEWAY_PORTS), ...Object.values(ADMIN_PORTS)]) {
      expect(container.isBound(token)).toBe(true);
    }
    const names = Object.keys(GATEWAY_PORTS).sort();
    expect(Object.keys(createHttpGateways(options)).sort()).toEqual(names);
    expect(Object.keys(createDeferredHttpGateways(options)).sort()).toEqual(names);
  });
});
