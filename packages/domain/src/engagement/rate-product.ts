import { RATING_MAX, RATING_MIN, RATING_STEP } from "../constants.js";
import { starsFromStored, storedFromStars } from "../format/stars.js";
import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { RatingGateway } from "./rating-gateway.js";
import { type SessionPorts, signedInToken } from "./signed-in.js";

export interface RatingPorts extends SessionPorts {
  readonly ratings: Pick<RatingGateway, "rate">;
}

/** What the rating widget shows after rating: the user's stars and the product's new average. */
export interface RatingOutcome {
  /** 0–5 in half steps. */
  readonly stars: number;
  /** 0–5. */
  readonly averageRating: number;
  readonly numberOfUsersRated: number;
  readonly message: string;
}

/** Stars as the widget gives them (0–5 in half steps, spec §9) as the stored 0–10, or 'invalid'. */
export function storedRating(stars: number): Result<number> {
  const valid =
    Number.isFinite(stars) &&
    stars >= RATING_MIN &&
    stars <= RATING_MAX &&
    Number.isInteger(stars / RATING_STEP);
  return valid
    ? ok(storedFromStars(stars))
    : err({ kind: "invalid", message: messages.products.invalidRating });
}

/** Rates a product (spec §5, §9): the stars doubled on the wire; rating again replaces the rating. */
export async function rateProduct(
  ports: RatingPorts,
  productId: number,
  stars: number,
): Promise<Result<RatingOutcome>> {
  const stored = storedRating(stars);
  if (!stored.ok) return stored;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const answer = await ports.ratings.rate(token.value, productId, stored.value);
  if (!answer.ok) return answer;
  return ok({
    stars: starsFromStored(answer.value.rating),
    averageRating: answer.value.averageRating,
    numberOfUsersRated: answer.value.numberOfUsersRated,
    message: messages.products.rated,
  });
}
