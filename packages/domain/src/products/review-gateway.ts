import type { Result } from "../result.js";
import type { Comment } from "./comment.js";

/** One page of a product's reviews (or a user's reviews) and how many there are in all. */
export interface ReviewPage {
  readonly comments: readonly Comment[];
  readonly total: number;
}

/**
 * A product's reviews (spec §7 product/comment/…). Reading is public; writing needs the token, and
 * editing or deleting answers 'forbidden' ('You are not the owner') on someone else's review.
 */
export interface ReviewGateway {
  /** Newest first, 4 a page; 'invalid-page' past the end, 'not-found' for an unknown product. */
  listReviews(productId: number, page: number): Promise<Result<ReviewPage>>;
  /** The reviews a user wrote, newest first. */
  listUserReviews(userId: number): Promise<Result<ReviewPage>>;
  /** `text` is already trimmed and 1–2,000 characters. */
  addReview(token: string, productId: number, text: string): Promise<Result<Comment>>;
  editReview(token: string, commentId: number, text: string): Promise<Result<Comment>>;
  deleteReview(token: string, commentId: number): Promise<Result<void>>;
}
