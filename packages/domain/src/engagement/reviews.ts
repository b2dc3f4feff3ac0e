import { z } from "zod";
import { COMMENTS_PER_PAGE, REVIEW_MAX_LENGTH } from "../constants.js";
import { messages } from "../messages.js";
import { type Page, pageCount } from "../page.js";
import type { Comment } from "../products/comment.js";
import type { ReviewGateway, ReviewPage } from "../products/review-gateway.js";
import { err, ok, type Result } from "../result.js";
import { type SessionPorts, signedInToken, signedInUser } from "./signed-in.js";

export interface ReviewPorts extends SessionPorts {
  readonly reviews: Pick<ReviewGateway, "addReview" | "editReview" | "deleteReview">;
}

/** A review's text (issue 8): trimmed, 1 to 2,000 characters, kept as plain text. */
export const reviewTextSchema = z
  .string()
  .trim()
  .min(1, messages.reviews.empty)
  .max(REVIEW_MAX_LENGTH, messages.reviews.tooLong);

/** The review form (product page): one field, `comment`, as the wire names it. */
export const reviewFormSchema = z.object({ comment: reviewTextSchema });
export type ReviewFormInput = z.input<typeof reviewFormSchema>;

/** The trimmed text, or 'invalid' with the rule it breaks. */
export function reviewText(text: string): Result<string> {
  const parsed = reviewTextSchema.safeParse(text);
  return parsed.success
    ? ok(parsed.data)
    : err({ kind: "invalid", message: parsed.error.issues[0]?.message ?? messages.reviews.empty });
}

/**
 * One page of a product's reviews, 4 a page, newest first (spec §9). A page past the end
 * ('Invalid page.') is the end of the list: no reviews there and no next page (spec §4, §8).
 */
export async function loadReviews(
  ports: { readonly reviews: Pick<ReviewGateway, "listReviews"> },
  productId: number,
  page: number,
): Promise<Result<Page<Comment>>> {
  const answer = await ports.reviews.listReviews(productId, page);
  if (!answer.ok) {
    return answer.error.kind === "invalid-page"
      ? ok({ items: [], count: 0, page, hasNext: false, hasPrevious: page > 1 })
      : answer;
  }
  return ok(reviewsPage(answer.value, page));
}

/** The page as the list shows it: its reviews and whether there are pages before and after. */
export function reviewsPage(answer: ReviewPage, page: number): Page<Comment> {
  return {
    items: answer.comments,
    count: answer.total,
    page,
    hasNext: page < pageCount(answer.total, COMMENTS_PER_PAGE),
    hasPrevious: page > 1,
  };
}

/** The signed-in user's reviews; the desktop tab shows the first PROFILE_REVIEWS_COUNT (`limit`), the page all of them. */
export async function listOwnReviews(
  ports: SessionPorts & { readonly reviews: Pick<ReviewGateway, "listUserReviews"> },
  limit?: number,
): Promise<Result<ReviewPage>> {
  const user = signedInUser(ports.storage);
  if (!user.ok) return user;
  const answer = await ports.reviews.listUserReviews(user.value.userId);
  if (!answer.ok || limit === undefined) return answer;
  return ok({ comments: answer.value.comments.slice(0, limit), total: answer.value.total });
}

/** Writes a review on a product. */
export async function addReview(
  ports: ReviewPorts,
  productId: number,
  text: string,
): Promise<Result<Comment>> {
  const checked = reviewText(text);
  if (!checked.ok) return checked;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.reviews.addReview(token.value, productId, checked.value);
}

/** Saves an inline edit: 'comment successfully edited' (spec §8). */
export async function editReview(
  ports: ReviewPorts,
  commentId: number,
  text: string,
): Promise<Result<{ readonly comment: Comment; readonly message: string }>> {
  const checked = reviewText(text);
  if (!checked.ok) return checked;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.reviews.editReview(token.value, commentId, checked.value);
  return answer.ok ? ok({ comment: answer.value, message: messages.reviews.edited }) : answer;
}

/** Deletes one's own review (an admin may delete any). */
export async function deleteReview(ports: ReviewPorts, commentId: number): Promise<Result<void>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.reviews.deleteReview(token.value, commentId);
}
