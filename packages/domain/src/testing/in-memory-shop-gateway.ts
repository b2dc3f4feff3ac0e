import { FEATURED_SHOPS_COUNT } from "../constants.js";
import { messages } from "../messages.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import { shopNameKey } from "../selling/manage-shops.js";
import type { FeaturedShop } from "../shops/featured-shop.js";
import type { Follower, ShopFollowers } from "../shops/follower.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import { Failures } from "./failures.js";

const shopNotFound: DomainError = { kind: "not-found", message: messages.api.shopNotFound };

/**
 * Shops as the shop service answers them (packages/adapters-http/src/testing/shops-behaviour.ts):
 * lists newest first, the featured row the best rated few, unknown shops 'Shop not found'.
 */
export class InMemoryShopGateway implements ShopGateway {
  readonly failures = new Failures<keyof ShopGateway>();

  constructor(
    public shops: Shop[] = [],
    public followers: Map<number, Follower[]> = new Map(),
  ) {}

  async listShops(): Promise<Result<Shop[]>> {
    return this.failures.answer("listShops", () => ok(this.newestFirst(this.shops)));
  }

  async listShopsByIds(ids: readonly number[]): Promise<Result<Shop[]>> {
    return this.failures.answer("listShopsByIds", () =>
      ok([...new Set(ids)].flatMap((id) => this.shops.find((s) => s.id === id) ?? [])),
    );
  }

  async getShop(id: number): Promise<Result<Shop>> {
    return this.failures.answer("getShop", () => {
      const shop = this.shops.find((s) => s.id === id);
      return shop === undefined ? err(shopNotFound) : ok(shop);
    });
  }

  async findShopsByName(name: string): Promise<Result<Shop[]>> {
    return this.failures.answer("findShopsByName", () => {
      const key = shopNameKey(name);
      return ok(this.newestFirst(this.shops.filter((s) => shopNameKey(s.name) === key)));
    });
  }

  /** Best average first; shops without ratings after them, newest first; the first few only. */
  async listTopRated(): Promise<Result<FeaturedShop[]>> {
    return this.failures.answer("listTopRated", () =>
      ok(
        this.newestFirst(this.shops)
          .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1))
          .slice(0, FEATURED_SHOPS_COUNT)
          .map((shop) => ({ shop, averageTotalRating: shop.rating ?? 0 })),
      ),
    );
  }

  async listFollowers(shopId: number): Promise<Result<ShopFollowers>> {
    return this.failures.answer("listFollowers", () => {
      if (!this.shops.some((s) => s.id === shopId)) return err(shopNotFound);
      const followers = this.followers.get(shopId) ?? [];
      return ok({ numberOfFollowers: followers.length, followers });
    });
  }

  private newestFirst(shops: readonly Shop[]): Shop[] {
    return [...shops].sort((a, b) => b.id - a.id);
  }
}
