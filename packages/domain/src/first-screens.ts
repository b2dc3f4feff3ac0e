// The screens a visit most often starts on, whose first answers the server writes into the page it
// sends (issue 13): the server reads the address to know what to inline, and the web app reads it to
// fill those screens' queries from what was inlined. One reading, so the two cannot drift apart.

/** A first screen, as its address names it. */
export type FirstScreenAddress =
  | { readonly screen: "home" }
  | { readonly screen: "product"; readonly slug: string }
  /** `name` decoded once, as the address carries it. */
  | { readonly screen: "category"; readonly name: string };

/** Longest slug and category name read from an address (longer ones are not first screens). */
const SLUG_MAX = 300;
const CATEGORY_NAME_MAX = 100;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * The first screen at `pathname` and `search` (with or without its "?"): `/`, `/item/{slug}`, and
 * the first page of `/products/category/{name}`; null for every other page, a later page (`?page=2`)
 * or a segment that does not decode.
 */
export function firstScreenAt(pathname: string, search = ""): FirstScreenAddress | null {
  if (pathname === "/") return { screen: "home" };
  const item = /^\/item\/([^/]+)\/?$/.exec(pathname)?.[1];
  const slug = item === undefined ? null : decoded(item);
  if (slug !== null && slug.length > 0 && slug.length <= SLUG_MAX) return { screen: "product", slug };
  const category = /^\/products\/category\/(.+?)\/?$/.exec(pathname)?.[1];
  const name = category === undefined ? null : decoded(category);
  const page = /(?:^|[?&])page=([^&#]*)/.exec(search)?.[1];
  if (
    name !== null &&
    name.trim().length > 0 &&
    name.length <= CATEGORY_NAME_MAX &&
    (page === undefined || page === "1")
  )
    return { screen: "category", name };
  return null;
}
