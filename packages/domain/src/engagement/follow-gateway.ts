import type { Product } from "../products/product.js";
import type { Result } from "../result.js";
import type { FollowRecord } from "../shops/follow-record.js";
import type { KeptRecord } from "./kept-record.js";

/** Following shops (spec §7 shop/follow/, product/from-followed-shops/). */
export interface FollowGateway {
  /** The shops a user follows (public; empty when none). */
  listFollowed(userId: number): Promise<Result<FollowRecord[]>>;
  /** Following twice keeps one record (`created` says which call made it); 'not-found' for an unknown shop. */
  follow(token: string, shopId: number): Promise<Result<KeptRecord<FollowRecord>>>;
  /** Deletes the follow record; 'forbidden' for someone else's, 'not-found' for an unknown one. */
  unfollow(token: string, followId: number): Promise<Result<void>>;
  /** In-stock products of the shops the token's user follows (home 'Following'). */
  listFollowedShopsProducts(token: string): Promise<Result<Product[]>>;
}
