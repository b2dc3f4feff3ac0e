import { messages } from "@katale/domain";

/**
 * The account's lists (spec §2): their content arrives with the engagement work, so each shows its
 * empty state for now. Each has a page of its own for the mobile menu.
 */
export const accountLists = [
  {
    id: "saved",
    label: messages.account.savedItems,
    path: "/account/saved-products",
    empty: messages.account.noWishlistProducts,
  },
  {
    id: "followed",
    label: messages.account.followedShops,
    path: "/account/followed-shops",
    empty: messages.account.noFollowedShops,
  },
  {
    id: "reviews",
    label: messages.account.yourReviews,
    path: "/account/reviews",
    empty: messages.reviews.noComments,
  },
  {
    id: "history",
    label: messages.account.browseHistory,
    path: "/account/shop-history",
    empty: messages.account.noBrowseHistory,
  },
] as const;

export type AccountList = (typeof accountLists)[number];
