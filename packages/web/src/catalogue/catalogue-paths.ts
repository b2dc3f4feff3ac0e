/** /products/category/{name}: the name keeps the link readable and lets a shared link work alone. */
export function categoryPath(name: string): string {
  return `/products/category/${encodeURIComponent(name)}`;
}

/** /products/sub-category/{name} (spec §2). */
export function subCategoryPath(name: string): string {
  return `/products/sub-category/${encodeURIComponent(name)}`;
}

/** /products/search/{query} (spec §2). */
export function searchPath(query: string): string {
  return `/products/search/${encodeURIComponent(query)}`;
}
