import { aShop, InMemoryShopGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeAShopGateway, type ShopsFixture } from "./shops-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP ShopGateway on the real server.

describe("the in-memory shop gateway", () => {
  let fixture: ShopsFixture;

  beforeEach(() => {
    const shops = new InMemoryShopGateway([aShop({ rating: 4.5 }), aShop(), aShop({ rating: 3 })]);
    fixture = {
      shops,
      newShop: async (name) => {
        const shop = aShop({ name });
        shops.shops.push(shop);
        return shop;
      },
    };
  });

  itBehavesLikeAShopGateway(() => fixture);
});
