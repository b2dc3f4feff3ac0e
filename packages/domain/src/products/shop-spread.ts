// One shop must not take over a list of products (a bulk upload of hundreds is the newest of all):
// Trending and each screen of For you show at most SHOP_SHARE_MAX products of one shop.

/** At most this many products of one shop in Trending and in each screen (page) of For you. */
export const SHOP_SHARE_MAX = 2;

interface OfShop {
  readonly shopId: number;
}

/** The first `count` of `items`, in their order, at most `perShop` of one shop. */
export function capPerShop<T extends OfShop>(
  items: readonly T[],
  count: number,
  perShop: number = SHOP_SHARE_MAX,
): T[] {
  const taken = new Map<number, number>();
  const out: T[] = [];
  for (const item of items) {
    if (out.length >= count) break;
    const n = taken.get(item.shopId) ?? 0;
    if (n >= perShop) continue;
    taken.set(item.shopId, n + 1);
    out.push(item);
  }
  return out;
}

/**
 * `items` (in order of preference) put in pages of `pageSize`: each page takes the first items whose
 * shop has fewer than `perShop` on it; the others wait for the next page, ahead of the ones after
 * them. Only when too few shops are left to fill a page (the end of a bulk upload, after everything
 * else was shown) does a page take more of one shop. Every item is placed once.
 */
export function spreadShops<T extends OfShop>(
  items: readonly T[],
  pageSize: number,
  perShop: number = SHOP_SHARE_MAX,
): T[] {
  const out: T[] = [];
  let rest = [...items];
  while (rest.length > 0) {
    const onPage = new Map<number, number>();
    const waiting: T[] = [];
    let placed = 0;
    for (const item of rest) {
      const n = onPage.get(item.shopId) ?? 0;
      if (placed < pageSize && n < perShop) {
        onPage.set(item.shopId, n + 1);
        out.push(item);
        placed++;
      } else waiting.push(item);
    }
    if (placed < pageSize) out.push(...waiting.splice(0, pageSize - placed));
    rest = waiting;
  }
  return out;
}
