// Query keys of the signed-in user's engagement lists. They all start with "engagement", so signing
// out or a change elsewhere can drop them at once.

export const SAVED_PRODUCTS_KEY = ["engagement", "saved-products"] as const;
export const FOLLOWED_SHOPS_KEY = ["engagement", "followed-shops"] as const;
export const FOLLOWED_SHOPS_PRODUCTS_KEY = ["engagement", "followed-shops-products"] as const;
export const OWN_REVIEWS_KEY = ["engagement", "own-reviews"] as const;
export const BROWSE_HISTORY_KEY = ["engagement", "browse-history"] as const;

/**
 * After a login or logout: the lists of whoever was signed in go, and the pages that tell an owner
 * from a customer (product detail, shop page) are read again.
 */
export function forgetSignedInData(client: {
  removeQueries(filters: { queryKey: readonly unknown[] }): void;
  invalidateQueries(filters: { queryKey: readonly unknown[] }): Promise<void>;
}): void {
  client.removeQueries({ queryKey: ["engagement"] });
  void client.invalidateQueries({ queryKey: ["product-detail"] });
  void client.invalidateQueries({ queryKey: ["shop-page"] });
}
