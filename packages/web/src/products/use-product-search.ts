import { searchProducts } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

export function useProductSearch(query: string) {
  const { products } = useServices();
  return useQuery({
    queryKey: ["search", query.trim().toLowerCase()],
    queryFn: () => searchProducts(products, query),
  });
}

/** The last search asked for (search_query), which a results page opened without one shows. */
export function useLastSearch() {
  const { local } = useServices();
  return {
    last: (): string | null => local.get("search_query"),
    remember: (query: string) => local.set("search_query", query),
  };
}
