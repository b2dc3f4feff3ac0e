import { z } from "zod";
import {
  PRODUCT_DESCRIPTION_HINT_WORDS,
  PRODUCT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_IMAGES_HINT_COUNT,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
  PRODUCT_STOCK_MAX,
  SKU_MAX_LENGTH,
} from "../constants.js";
import { imageUploadSchema } from "../media/image-upload.js";
import { messages } from "../messages.js";

const text = messages.selling;

/** A whole number typed into a form (a number, or digits as text); anything else is `message`. */
function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );
}

function requiredId(message: string) {
  return z.preprocess(
    (value) => (typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message),
  );
}

export const productNameField = z
  .string({ error: text.productNameRequired })
  .trim()
  .min(1, text.productNameRequired)
  .max(PRODUCT_NAME_MAX_LENGTH, text.productNameTooLong);
/** The Add Service form's banner title: a product's name, worded as the form names it. */
export const serviceTitleField = z
  .string({ error: messages.services.titleRequired })
  .trim()
  .min(1, messages.services.titleRequired)
  .max(PRODUCT_NAME_MAX_LENGTH, messages.services.titleTooLong);
export const productDescriptionField = z
  .string({ error: text.descriptionRequired })
  .trim()
  .min(1, text.descriptionRequired)
  .max(PRODUCT_DESCRIPTION_MAX_LENGTH, text.descriptionTooLong);
/** Whole UGX, above 0. */
export const priceField = wholeNumber(1, PRODUCT_PRICE_MAX, text.priceInvalid);
/** Whole, 0 or more (spec §5). */
export const stockField = wholeNumber(0, PRODUCT_STOCK_MAX, text.stockInvalid);
export const categoryIdField = requiredId(text.categoryRequired);
/** 'sub-category ID not selected.' (spec §8). */
export const subCategoryIdField = requiredId(messages.products.subCategoryNotSelected);
/** The owner's own key: printable, no spaces at either end; blank means none. */
export const skuField = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string()
    .max(SKU_MAX_LENGTH, text.skuInvalid)
    .regex(/^\S(.*\S)?$/, text.skuInvalid)
    .optional(),
);
/** The chosen values of the sub category's filters (each optional); absent leaves them as they are. */
export const filterValueIdsField = z.array(z.number().int().positive()).optional();
export const productImagesField = z
  .array(imageUploadSchema, { error: text.imagesRequired })
  .min(PRODUCT_IMAGES_MIN, text.imagesRequired)
  .max(PRODUCT_IMAGES_MAX, text.imagesTooMany);

/**
 * /account/add-product (spec §2, §5): name, category, sub category, description, price, stock and
 * 1 to 8 images required; the first image is the display image.
 */
export const productFormSchema = z.object({
  name: productNameField,
  categoryId: categoryIdField,
  subCategoryId: subCategoryIdField,
  description: productDescriptionField,
  price: priceField,
  inStock: stockField,
  images: productImagesField,
  sku: skuField,
  filterValueIds: filterValueIdsField,
});
export type ProductForm = z.input<typeof productFormSchema>;
export type CheckedProductForm = z.output<typeof productFormSchema>;

/**
 * The same form editing a product: the fields as they stand after editing, the images kept (paths
 * as the product answers them, in order) and the images added after them; 1 to 8 in all.
 */
export const productEditFormSchema = z
  .object({
    name: productNameField,
    categoryId: categoryIdField,
    subCategoryId: subCategoryIdField,
    description: productDescriptionField,
    price: priceField,
    inStock: stockField,
    keptImages: z.array(z.string().min(1)),
    addedImages: z.array(imageUploadSchema),
    sku: skuField,
    filterValueIds: filterValueIdsField,
  })
  .superRefine((form, context) => {
    const count = form.keptImages.length + form.addedImages.length;
    if (count < PRODUCT_IMAGES_MIN)
      context.addIssue({ code: "custom", path: ["images"], message: text.imagesRequired });
    if (count > PRODUCT_IMAGES_MAX)
      context.addIssue({ code: "custom", path: ["images"], message: text.imagesTooMany });
  });
export type ProductEditForm = z.input<typeof productEditFormSchema>;

/** Hint of spec §2: a description over 15 words and 3 or more images. */
export function followsProductHint(description: string, imageCount: number): boolean {
  return (
    description.trim().split(/\s+/).filter(Boolean).length > PRODUCT_DESCRIPTION_HINT_WORDS &&
    imageCount >= PRODUCT_IMAGES_HINT_COUNT
  );
}
