import type { Result } from "../result.js";
import type { Comment } from "./comment.js";

/** One page of a product's reviews and how many there are in all. */
export interface ReviewPage {
  readonly comments: readonly Comment[];
  readonly total: number;
}

/** Reading a product's reviews (spec §7 GET product/comment/{productId}/, 4 a page). */
export interface ReviewGateway {
  listReviews(productId: number, page: number): Promise<Result<ReviewPage>>;
}
