import { err, findProduct, loadProductSurroundings, type ProductRef } from "@katale/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Services } from "../app/services.js";
import { useServices } from "../app/services-context.js";

/** The product of /item/{slug} (or of the stored id), remembered as the active product once found. */
export function productQuery(
  { products, local }: Pick<Services, "products" | "local">,
  ref: ProductRef | null,
) {
  return queryOptions({
    queryKey: ["product", ref],
    queryFn: async () => {
      if (ref === null) return err({ kind: "not-found" as const });
      let found = await findProduct({ products }, ref);
      // Hidden by moderators: everyone hears 'not found' but its owner (and admins), who are asked
      // for with their token only then, so that signed-in reads stay cacheable.
      const token = local.get("token");
      if (!found.ok && found.error.kind === "not-found" && "slug" in ref && token !== null)
        found = await products.getProductBySlug(ref.slug, token);
      if (found.ok) local.set("activeProduct", found.value.id);
      return found;
    },
  });
}

/**
 * /item/{slug}, or /item with the stored activeProduct id: the product first (the breadcrumbs and
 * the pictures show as soon as it is there), then its shop and the related lists around it, without
 * asking for the product again.
 */
export function useProductDetail(slug: string | undefined) {
  const { products, shops, local } = useServices();
  const storedId = local.get("activeProduct");
  const ref: ProductRef | null = slug ? { slug } : storedId !== null ? { id: storedId } : null;
  const product = useQuery(productQuery({ products, local }, ref));
  const found = product.data?.ok ? product.data.value : null;
  const detail = useQuery({
    queryKey: ["product-detail", found?.id],
    queryFn: () => loadProductSurroundings({ products, shops }, found!, local.get("userdid")),
    enabled: found !== null,
  });
  return { product, detail };
}
