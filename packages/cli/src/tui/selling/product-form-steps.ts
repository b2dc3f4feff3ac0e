import {
  type Category,
  formatUgx,
  PRODUCT_IMAGES_MAX,
  type Product,
  type SubCategory,
  webSellingMessages,
} from "@katale/domain";

import { tuiMessages } from "../tui-messages.js";

// The product form's fields, a step each, and how a done step is shown.

export interface Catalogue {
  readonly categories: Category[];
  readonly subCategories: SubCategory[];
}

export interface FormValues {
  name: string;
  description: string;
  price: string;
  inStock: string;
  categoryId: number | null;
  subCategoryId: number | null;
  /** Editing: the product's own images that stay (paths as the product answers them, in order). */
  keptImages: readonly string[];
  images: string;
  sku: string;
}

export type Step = keyof FormValues;
export const STEPS: readonly Step[] = [
  "name",
  "description",
  "price",
  "inStock",
  "categoryId",
  "subCategoryId",
  "keptImages",
  "images",
  "sku",
];
/** Adding a product: it has no images yet, so no step to remove any. */
export const ADD_STEPS = STEPS.filter((s) => s !== "keptImages");
export const LABELS: Record<Step, string> = {
  name: "Name",
  description: "Description",
  price: "Price (UGX)",
  inStock: "In stock",
  categoryId: "Category",
  subCategoryId: "Sub category",
  keptImages: webSellingMessages.images,
  images: "Image files (separated by ;)",
  sku: "SKU (optional)",
};

export function shownValue(step: Step, values: FormValues, catalogue: Catalogue): string {
  if (step === "categoryId") return catalogue.categories.find((c) => c.id === values.categoryId)?.name ?? "";
  if (step === "subCategoryId")
    return catalogue.subCategories.find((s) => s.id === values.subCategoryId)?.name ?? "";
  if (step === "price" && /^\d+$/.test(values.price)) return formatUgx(Number(values.price));
  if (step === "keptImages") return tuiMessages.pictures(values.keptImages.length);
  return String(values[step]);
}

export function keptSummary(kept: readonly string[]): string {
  return webSellingMessages.imagesCount(kept.length, PRODUCT_IMAGES_MAX);
}

export const NO_VALUES: FormValues = {
  name: "",
  description: "",
  price: "",
  inStock: "",
  categoryId: null,
  subCategoryId: null,
  keptImages: [],
  images: "",
  sku: "",
};

/** Editing: the product's values, its own images kept. */
export function valuesOf(p: Product): FormValues {
  return {
    name: p.name,
    description: p.description,
    price: String(p.price),
    inStock: String(p.inStock),
    categoryId: p.categoryId,
    subCategoryId: p.subCategoryId,
    keptImages: p.images,
    images: "",
    sku: p.sku ?? "",
  };
}
