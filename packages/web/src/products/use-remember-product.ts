import type { Product } from "@katale/domain";
import { useCallback } from "react";
import { useServices } from "../app/services-context.js";

/** Stores activeProduct (spec §3) so /item can show the product again. */
export function useRememberProduct(): (product: Product) => void {
  const { local } = useServices();
  return useCallback((product: Product) => local.set("activeProduct", product.id), [local]);
}
