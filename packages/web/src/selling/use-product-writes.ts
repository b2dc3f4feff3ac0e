import { addProduct, deleteProduct, editProduct, type Product } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import type { PickedImage } from "./product-form-images.js";
import { prepareUploads, type UploadStage } from "./product-form-upload.js";

/** The query key of a product the shop owner edits. */
export const ownProductKey = (id: number) => ["admin-product", id] as const;

/** A product to edit, by id (asked only for a real id). */
export function useOwnProduct(id: number) {
  const { products } = useServices();
  return useQuery({
    queryKey: ownProductKey(id),
    queryFn: () => products.getProduct(id),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The shop owner's product steps: images readied for upload, add, edit, delete. */
export function useProductWrites() {
  const { productAdmin, local, media } = useServices();
  const ports = { productAdmin, storage: local };
  return {
    /** Downscales and reads the picked images, telling each stage; stops once `cancelled`. */
    prepareUploads: (
      images: readonly PickedImage[],
      onStage: (stage: UploadStage) => void,
      cancelled?: () => boolean,
    ) => prepareUploads(images, media, onStage, cancelled),
    add: (shopId: number, input: Parameters<typeof addProduct>[2]) => addProduct(ports, shopId, input),
    edit: (product: Product, change: Parameters<typeof editProduct>[2]) =>
      editProduct(ports, product, change),
    remove: (productId: number) => deleteProduct(ports, productId),
    /** What an added product's page and the shop's pages read next (activeShopid, activeProduct). */
    rememberAdded(shopId: number, productId: number) {
      local.set("activeShopid", shopId);
      local.set("activeProduct", productId);
    },
  };
}
