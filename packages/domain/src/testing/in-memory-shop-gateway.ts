import { err, ok, type Result } from "../result.js";
import type { FeaturedShop } from "../shops/featured-shop.js";
import type { Follower, ShopFollowers } from "../shops/follower.js";
import type { Shop } from "../shops/shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";
import { Failures } from "./failures.js";

export class InMemoryShopGateway implements ShopGateway {
  readonly failures = new Failures<keyof ShopGateway>();

  constructor(
    public shops: Shop[] = [],
    public followers: Map<number, Follower[]> = new Map(),
  ) {}

  async listShops(): Promise<Result<Shop[]>> {
    return this.failures.answer("listShops", () => ok([...this.shops]));
  }

  async listShopsByIds(ids: readonly number[]): Promise<Result<Shop[]>> {
    return this.failures.answer("listShopsByIds", () =>
      ok([...new Set(ids)].flatMap((id) => this.shops.find((s) => s.id === id) ?? [])),
    );
  }

  async getShop(id: number): Promise<Result<Shop>> {
    return this.failures.answer("getShop", () => {
      const shop = this.shops.find((s) => s.id === id);
      return shop === undefined ? err({ kind: "not-found", message: "Shop not found" }) : ok(shop);
    });
  }

  async listTopRated(): Promise<Result<FeaturedShop[]>> {
    return this.failures.answer("listTopRated", () =>
      ok(
        this.shops
          .map((shop) => ({ shop, averageTotalRating: shop.rating ?? 0 }))
          .sort((a, b) => b.averageTotalRating - a.averageTotalRating),
      ),
    );
  }

  async listFollowers(shopId: number): Promise<Result<ShopFollowers>> {
    return this.failures.answer("listFollowers", () => {
      if (!this.shops.some((s) => s.id === shopId))
        return err({ kind: "not-found", message: "Shop not found" });
      const followers = this.followers.get(shopId) ?? [];
      return ok({ numberOfFollowers: followers.length, followers });
    });
  }
}
