import { RATING_MAX, RATING_STORED_MAX } from "../constants.js";

/** Stored 0–10 -> shown 0–5 in half steps. */
export function starsFromStored(stored: number): number {
  return clamp(Math.round(stored), 0, RATING_STORED_MAX) / 2;
}

/** Shown 0–5 (any value; rounded to the nearest half) -> stored 0–10. */
export function storedFromStars(stars: number): number {
  return clamp(Math.round(stars * 2), 0, RATING_STORED_MAX);
}

/** Nearest half step on 0–5, e.g. a product's average 3.7 -> 3.5. */
export function roundToHalfStar(rating: number): number {
  return clamp(Math.round(rating * 2) / 2, 0, RATING_MAX);
}

export type StarFill = "full" | "half" | "empty";

/** How the five stars of a 0–5 rating are drawn. */
export function starFills(rating: number): StarFill[] {
  const halves = Math.round(roundToHalfStar(rating) * 2);
  return Array.from({ length: RATING_MAX }, (_, i) => {
    const left = halves - i * 2;
    return left >= 2 ? "full" : left === 1 ? "half" : "empty";
  });
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
