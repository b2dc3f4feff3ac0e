import { type Product, searchProducts } from "@katale/domain";
import { useCallback, useState } from "react";
import { useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useFailureText } from "../use-failure-text.js";

export type Found =
  | { readonly state: "none" }
  | { readonly state: "searching"; readonly query: string }
  | { readonly state: "found"; readonly query: string; readonly products: Product[] }
  | { readonly state: "failed"; readonly message: string };

/** Searching products: what was found for the last query asked (or why not). */
export function useProductSearch(): { readonly found: Found; search(text: string): Promise<void> } {
  const { products } = useTuiServices();
  const describe = useFailureText();
  const [found, setFound] = useState<Found>({ state: "none" });
  const search = useCallback(
    async (text: string) => {
      setFound({ state: "searching", query: text.trim() });
      try {
        const outcome = await searchProducts(products, text);
        if (!outcome.ok) return setFound({ state: "failed", message: describe(outcome.error) });
        if (outcome.value.kind === "results")
          setFound({ state: "found", query: outcome.value.query, products: outcome.value.products });
      } catch (error) {
        setFound({ state: "failed", message: tuiMessages.unexpected(String(error)) });
      }
    },
    [products, describe],
  );
  return { found, search };
}
