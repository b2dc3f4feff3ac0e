import { messages } from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";

// What only the terminal says about saving, following, rating, reviewing and the history.

export const engagementCliMessages = {
  /** As `whoami` says it: "You are not logged in. Run 'katale login' first." */
  loginFirst: authCliMessages.notLoggedIn,
  alreadySaved: "This product is already in your wishlist",
  notSaved: "This product is not in your wishlist",
  alreadyFollowing: "You already follow this shop",
  notFollowing: "You don't follow this shop",
  shopNameNotFound: (name: string) => `No shop is called '${name}' (see katale shops list).`,
  shopNameAmbiguous: (name: string, ids: readonly number[]) =>
    `Several shops are called '${name}': give its id (${ids.join(", ")}).`,
  reviewsPastEnd: (page: number) =>
    `${messages.reviews.noCommentsFound}: page ${page} is past the last page.`,
  invalidStars: (value: string) => `${messages.products.invalidRating}, e.g. 3.5 (got '${value}').`,
} as const;
