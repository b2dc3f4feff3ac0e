import { ok, type Result } from "../result.js";
import type { Product } from "./product.js";
import type { ProductGateway } from "./product-gateway.js";

export type SearchOutcome =
  /** Nothing to search for: the results page sends the user home (spec §2). */
  | { readonly kind: "redirect-home" }
  | { readonly kind: "results"; readonly query: string; readonly products: Product[] };

export async function searchProducts(
  products: Pick<ProductGateway, "searchProducts">,
  query: string | null | undefined,
): Promise<Result<SearchOutcome>> {
  const trimmed = (query ?? "").trim();
  if (trimmed === "") return ok({ kind: "redirect-home" });
  const found = await products.searchProducts(trimmed);
  return found.ok ? ok({ kind: "results", query: trimmed, products: found.value }) : found;
}
