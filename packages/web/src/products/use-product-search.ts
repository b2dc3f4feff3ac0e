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
