import { aProduct, aShop, InMemoryEngagementGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { type EngagementFixture, itBehavesLikeEngagementGateways } from "./engagement-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateways on the real server.

describe("the in-memory engagement gateway", () => {
  let fixture: EngagementFixture;

  beforeEach(() => {
    const shop = aShop();
    const products = [
      aProduct({ shopId: shop.id }),
      aProduct({ shopId: shop.id }),
      aProduct(),
      aProduct({ shopId: shop.id, inStock: 0 }),
    ];
    const engagement = new InMemoryEngagementGateway(products, [shop, aShop({ id: products[2]!.shopId })]);
    let n = 0;
    fixture = {
      gateways: {
        savedProducts: engagement,
        follows: engagement,
        ratings: engagement,
        reviews: engagement,
        browseHistory: engagement,
        shops: engagement,
      },
      newUser: async (options) => {
        n += 1;
        const user = {
          id: 500 + n,
          token: `token-${n}`,
          name: `Shopper ${n}`,
          isAdmin: options?.admin ?? false,
        };
        engagement.users.push(user);
        return user;
      },
      products: products.slice(0, 3),
      shop,
    };
  });

  itBehavesLikeEngagementGateways(() => fixture);
});
