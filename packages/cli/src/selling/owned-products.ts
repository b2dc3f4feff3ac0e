import type { DomainError, OwnedProduct, ProductAdminGateway } from "@katale/domain";

/** Products asked for in one page of the owner's listing (the service's cap). */
export const OWNED_PAGE_SIZE = 1000;

export type OwnedProductsRead =
  | { readonly ok: true; readonly products: OwnedProduct[] }
  | { readonly ok: false; readonly error: DomainError }
  /** Products were added or removed while the pages were read: the pages do not add up. */
  | { readonly ok: false; readonly moved: { readonly count: number; readonly read: number } };

/**
 * Every product of a shop, in and out of stock, with its pictures' hashes, page by page. The pages
 * must add up to the count the service gave: a product added or removed meanwhile could otherwise
 * be skipped or read twice, so the caller stops and says so.
 */
export async function readOwnedProducts(
  gateway: Pick<ProductAdminGateway, "listOwnedProducts">,
  shopId: number,
): Promise<OwnedProductsRead> {
  const products: OwnedProduct[] = [];
  let count: number | undefined;
  let moved = false;
  for (let page = 1; ; page++) {
    const answer = await gateway.listOwnedProducts(shopId, page, OWNED_PAGE_SIZE);
    if (!answer.ok) {
      if (answer.error.kind === "invalid-page" && count !== undefined) {
        moved = true;
        break;
      }
      return { ok: false, error: answer.error };
    }
    if (count !== undefined && answer.value.count !== count) moved = true;
    count ??= answer.value.count;
    products.push(...answer.value.items);
    if (!answer.value.hasNext) break;
  }
  const read = new Set(products.map((p) => p.id)).size;
  if (moved || read !== products.length || read !== count)
    return { ok: false, moved: { count: count ?? 0, read } };
  return { ok: true, products };
}
