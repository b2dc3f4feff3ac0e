import {
  categoryIdField,
  messages,
  PRODUCT_IMAGES_MAX,
  PRODUCT_IMAGES_MIN,
  priceField,
  productDescriptionField,
  productNameField,
  stockField,
  subCategoryIdField,
} from "@katale/domain";
import { z } from "zod";
import type { PickedImage } from "./product-form-images.js";

/** What the product form holds while it is being filled in: the typed text and the picked images. */
export interface ProductFormValues {
  name: string;
  categoryId: string;
  subCategoryId: string;
  description: string;
  price: string;
  inStock: string;
  images: PickedImage[];
  /** The chosen value id of each of the sub category's filters, by filter id ("" for none). */
  filterValues: Record<string, string>;
}

/** "25,000" or "25 000" as typed by people used to thousands separators: the digits only. */
const digitsOnly = (value: unknown) =>
  typeof value === "string" && /^[\d\s,]+$/.test(value.trim()) ? value.replace(/[\s,]/g, "") : value;

const pickedImage = z.custom<PickedImage>(
  (value) => typeof value === "object" && value !== null && "key" in value && "kind" in value,
);

/**
 * The product form (spec §2, §5) with the domain's own field rules and messages; the images are
 * still the picked files, resized only when the form is sent.
 */
export const productFormValuesSchema = z.object({
  name: productNameField,
  categoryId: categoryIdField,
  subCategoryId: subCategoryIdField,
  description: productDescriptionField,
  price: z.preprocess(digitsOnly, priceField),
  inStock: z.preprocess(digitsOnly, stockField),
  images: z
    .array(pickedImage)
    .min(PRODUCT_IMAGES_MIN, messages.selling.imagesRequired)
    .max(PRODUCT_IMAGES_MAX, messages.selling.imagesTooMany),
  filterValues: z.record(z.string(), z.string()),
}) as unknown as z.ZodType<CheckedProductFormValues, ProductFormValues>;

export interface CheckedProductFormValues {
  name: string;
  categoryId: number;
  subCategoryId: number;
  description: string;
  price: number;
  inStock: number;
  images: PickedImage[];
  filterValues: Record<string, string>;
}

/** The value ids the form's filter selects hold. */
export function chosenFilterValueIds(filterValues: Record<string, string>): number[] {
  return Object.values(filterValues)
    .filter((id) => /^\d+$/.test(id))
    .map(Number);
}
