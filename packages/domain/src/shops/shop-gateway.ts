import type { Result } from "../result.js";
import type { FeaturedShop } from "./featured-shop.js";
import type { ShopFollowers } from "./follower.js";
import type { Shop } from "./shop.js";

/** Reading shops (spec §7 shop/…). */
export interface ShopGateway {
  /** Newest first. */
  listShops(): Promise<Result<Shop[]>>;
  /**
   * The shops with these ids (at most PAGE_SIZE_MAX), each once, in the order asked; unknown ids
   * are left out.
   */
  listShopsByIds(ids: readonly number[]): Promise<Result<Shop[]>>;
  /** 'not-found' for an unknown shop. */
  getShop(id: number): Promise<Result<Shop>>;
  /**
   * The shops called `name`, case and runs of spaces aside (shopNameKey), newest first; empty when none.
   * Names are unique whatever their case, so several only differ in their spacing.
   */
  findShopsByName(name: string): Promise<Result<Shop[]>>;
  /** Best rated first. */
  listTopRated(): Promise<Result<FeaturedShop[]>>;
  listFollowers(shopId: number): Promise<Result<ShopFollowers>>;
}
