/** /shops/categories/{category name}: shops selling in a category. */
export function shopCategoryPath(name: string): string {
  return `/shops/categories/${encodeURIComponent(name)}`;
}

/** /shops/search/{query}. */
export function shopSearchPath(query: string): string {
  return `/shops/search/${encodeURIComponent(query)}`;
}
