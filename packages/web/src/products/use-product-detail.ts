import { err, loadProductDetail, type ProductRef } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

/** /item/{slug}, or /item with the stored activeProduct id. */
export function useProductDetail(slug: string | undefined) {
  const { products, shops, local } = useServices();
  const storedId = local.get("activeProduct");
  const ref: ProductRef | null = slug ? { slug } : storedId !== null ? { id: storedId } : null;
  return useQuery({
    queryKey: ["product-detail", ref],
    queryFn: async () => {
      if (ref === null) return err({ kind: "not-found" as const });
      const detail = await loadProductDetail({ products, shops }, ref, local.get("userdid"));
      if (detail.ok) local.set("activeProduct", detail.value.product.id);
      return detail;
    },
  });
}
