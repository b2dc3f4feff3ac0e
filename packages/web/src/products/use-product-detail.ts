import { err, findProduct, loadProductSurroundings, type ProductRef } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

/**
 * /item/{slug}, or /item with the stored activeProduct id: the product first (the breadcrumbs and
 * the pictures show as soon as it is there), then its shop and the related lists around it, without
 * asking for the product again.
 */
export function useProductDetail(slug: string | undefined) {
  const { products, shops, local } = useServices();
  const storedId = local.get("activeProduct");
  const ref: ProductRef | null = slug ? { slug } : storedId !== null ? { id: storedId } : null;
  const product = useQuery({
    queryKey: ["product", ref],
    queryFn: async () => {
      if (ref === null) return err({ kind: "not-found" as const });
      const found = await findProduct({ products }, ref);
      if (found.ok) local.set("activeProduct", found.value.id);
      return found;
    },
  });
  const found = product.data?.ok ? product.data.value : null;
  const detail = useQuery({
    queryKey: ["product-detail", found?.id],
    queryFn: () => loadProductSurroundings({ products, shops }, found!, local.get("userdid")),
    enabled: found !== null,
  });
  return { product, detail };
}
