/** The columns of `products import` and `products export`, in this order (issue 9). */
export const IMPORT_COLUMNS = [
  "sku",
  "name",
  "description",
  "price",
  "stock",
  "category",
  "sub_category",
  "images",
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** The `images` column: files separated by `;`. */
export const IMAGE_SEPARATOR = ";";
