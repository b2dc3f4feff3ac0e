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

/** Columns a file may leave out; the export writes them after IMPORT_COLUMNS. */
export const OPTIONAL_COLUMNS = ["filters"] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/** The columns `products export` writes, in this order. */
export const EXPORT_COLUMNS = [...IMPORT_COLUMNS, ...OPTIONAL_COLUMNS] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** The `filters` column: `Material=Papyrus;Colour=Red`, a filter of the row's sub category and its value. */
export const FILTER_SEPARATOR = ";";
export const FILTER_VALUE_MARK = "=";
