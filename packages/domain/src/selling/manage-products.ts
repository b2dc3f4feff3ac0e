import { type AuthOutcome, done, parseForm } from "../auth/auth-failure.js";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import type { Product } from "../products/product.js";
import { err, ok, type Result, type WordedError } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
import {
  type CheckedProductForm,
  type ProductEditForm,
  type ProductForm,
  productEditFormSchema,
  productFormSchema,
  stockField,
} from "./product-form.js";
import type { NewListedProduct, ProductAdminGateway, ProductChange } from "./seller-gateways.js";
import { sellingFailure } from "./selling-failure.js";

export interface ProductAdminPorts<K extends keyof ProductAdminGateway = keyof ProductAdminGateway> {
  readonly productAdmin: Pick<ProductAdminGateway, K>;
  readonly storage: KeyValueStorage;
}

const text = messages.selling;
const createWording = { otherwise: messages.products.createFailed };
const editWording = { "not-found": messages.products.notFound, otherwise: messages.products.editFailed };

/** /account/add-product: checks the form (spec §5), then adds the product to the shop: 'Product added'. */
export async function addProduct(
  ports: ProductAdminPorts<"createProduct">,
  shopId: number,
  form: ProductForm,
): Promise<AuthOutcome<{ product: Product }>> {
  const parsed = parseForm(productFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const created = await ports.productAdmin.createProduct(token.value, { shopId, ...parsed.value });
  if (!created.ok) return err(sellingFailure(created.error, createWording));
  return ok(done(text.productAdded, { product: created.value }));
}

/**
 * Adds many products whose fields the caller checked (the import's rows) in one call: each one's
 * product, or its failure in the words addProduct would use.
 */
export async function addProducts(
  ports: ProductAdminPorts<"createProducts">,
  shopId: number,
  products: readonly NewListedProduct[],
): Promise<Result<Result<Product, WordedError>[], WordedError>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const created = await ports.productAdmin.createProducts(token.value, shopId, products);
  if (!created.ok) return err(sellingFailure(created.error, createWording));
  return ok(created.value.map((one) => (one.ok ? one : err(sellingFailure(one.error, createWording)))));
}

/**
 * What an edit changes: only the fields that differ from `product`, and the image flags when the
 * kept images are not all of the product's images or images are added. Null when nothing changes.
 */
export function productChangeOf(
  product: Product,
  form: Omit<CheckedProductForm, "images"> & {
    readonly keptImages: readonly string[];
    readonly addedImages: CheckedProductForm["images"];
  },
): ProductChange | null {
  const change: { -readonly [K in keyof ProductChange]: ProductChange[K] } = {};
  if (form.name !== product.name) change.name = form.name;
  if (form.description !== product.description) change.description = form.description;
  if (form.price !== product.price) change.price = form.price;
  if (form.inStock !== product.inStock) change.inStock = form.inStock;
  if (form.categoryId !== product.categoryId) change.categoryId = form.categoryId;
  if (form.subCategoryId !== product.subCategoryId) change.subCategoryId = form.subCategoryId;
  if (form.sku !== undefined && form.sku !== (product.sku ?? undefined)) change.sku = form.sku;
  if (form.filterValueIds !== undefined) {
    const had = (product.filters ?? []).map((f) => f.valueId).sort((a, b) => a - b);
    const chosen = [...new Set(form.filterValueIds)].sort((a, b) => a - b);
    if (had.join() !== chosen.join()) change.filterValueIds = chosen;
  }
  const kept = new Set(form.keptImages);
  const removed = product.images.filter((image) => !kept.has(image));
  if (removed.length > 0) change.removedImages = removed;
  if (form.addedImages.length > 0) change.addedImages = form.addedImages;
  return Object.keys(change).length === 0 ? null : change;
}

/** The product form editing `product`: 'Successfully edited the product' / 'Editing product failed'. */
export async function editProduct(
  ports: ProductAdminPorts<"updateProduct">,
  product: Product,
  form: ProductEditForm,
): Promise<AuthOutcome<{ product: Product; changed: boolean }>> {
  const parsed = parseForm(productEditFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const change = productChangeOf(product, parsed.value);
  if (change === null) return ok(done(messages.products.edited, { product, changed: false }));
  const updated = await ports.productAdmin.updateProduct(token.value, product.id, change);
  if (!updated.ok) return err(sellingFailure(updated.error, editWording));
  return ok(done(messages.products.edited, { product: updated.value, changed: true }));
}

/** Sets how many are in stock (0 moves the product to the Out stock tab). */
export async function setStock(
  ports: ProductAdminPorts<"updateProduct">,
  productId: number,
  inStock: number | string,
): Promise<AuthOutcome<{ product: Product }>> {
  const parsed = stockField.safeParse(inStock);
  if (!parsed.success)
    return err({
      kind: "invalid-form",
      message: text.stockInvalid,
      fields: { inStock: text.stockInvalid },
    });
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const updated = await ports.productAdmin.updateProduct(token.value, productId, { inStock: parsed.data });
  if (!updated.ok) return err(sellingFailure(updated.error, editWording));
  return ok(done(text.stockSet(updated.value.inStock), { product: updated.value }));
}

/** Deletes a product (after the screen's confirmation): 'Product deleted'. */
export async function deleteProduct(
  ports: ProductAdminPorts<"deleteProduct">,
  productId: number,
): Promise<AuthOutcome<{ productId: number }>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const deleted = await ports.productAdmin.deleteProduct(token.value, productId);
  if (!deleted.ok)
    return err(
      sellingFailure(deleted.error, {
        "not-found": messages.products.notFound,
        otherwise: text.productNotDeleted,
      }),
    );
  return ok(done(text.productDeleted, { productId }));
}
