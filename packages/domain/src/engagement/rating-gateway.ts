import type { Result } from "../result.js";

/** A product's rating after rating it: the user's own (stored 0–10) and the product's new average. */
export interface ProductRating {
  readonly productId: number;
  /** The stored value, 0–10 (the stars doubled, spec §9). */
  readonly rating: number;
  /** 0–5. */
  readonly averageRating: number;
  readonly numberOfUsersRated: number;
}

/** Rating products (spec §7 POST product/rating/). */
export interface RatingGateway {
  /** `rating` is the stored 0–10 value; rating again replaces the user's rating. 'not-found' for an unknown product. */
  rate(token: string, productId: number, rating: number): Promise<Result<ProductRating>>;
}
