import { messages } from "@katale/domain";

/**
 * The account's lists (spec §2): desktop tabs on /account, and a page of its own each for the
 * mobile menu; `empty` is the list's empty state (spec §8).
 */
export const accountLists = [
  {
    id: "saved",
    label: messages.account.savedItems,
    path: "/account/saved-products",
    /** /account/wishlist (the header's wishlist icon) shows the same list. */
    aliases: ["/account/wishlist"],
    empty: messages.account.noWishlistProducts,
  },
  {
    id: "followed",
    label: messages.account.followedShops,
    path: "/account/followed-shops",
    aliases: [],
    empty: messages.account.noFollowedShops,
  },
  {
    id: "reviews",
    label: messages.account.yourReviews,
    path: "/account/reviews",
    aliases: [],
    empty: messages.reviews.noComments,
  },
  {
    id: "history",
    label: messages.account.browseHistory,
    path: "/account/shop-history",
    aliases: [],
    empty: messages.account.noBrowseHistory,
  },
] as const;

export type AccountList = (typeof accountLists)[number];

/** The list a path shows (/account/wishlist is the saved items); null for any other path. */
export function accountListAt(pathname: string): AccountList | null {
  const path = pathname.replace(/\/$/, "");
  return (
    accountLists.find((list) => list.path === path || (list.aliases as readonly string[]).includes(path)) ??
    null
  );
}
