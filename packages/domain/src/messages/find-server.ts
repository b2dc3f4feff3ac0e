// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

/** The shop service's answers about finding products: browse parameters, saved searches. */
export const findServerMessages = {
  districtUnknown: "Invalid query parameter 'district': no such district of Uganda",
  valueUnknown: "Invalid query parameter 'value': no such filter value",
  categoryUnknown: "Invalid query parameter 'category': no such category",
  subCategoryUnknown: "Invalid query parameter 'subcategory': no such sub category",
  nearestNeedsNear: "Invalid query parameter 'sort': nearest needs near",
  radiusNeedsNear: "Invalid query parameter 'radius_km': it needs near",
  priceRange: "Invalid query parameter 'price_max': it is below price_min",
  savedSearchQueryInvalid: "The query is not a valid browse query",
  tooManySavedSearches: "You have saved the most searches you may keep (20): delete one first",
  savedSearchNotFound: "Saved search not found",
} as const;
