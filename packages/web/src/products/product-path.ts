/** /item/{slug} (spec §2). */
export function productPath(slug: string): string {
  return `/item/${encodeURIComponent(slug)}`;
}
