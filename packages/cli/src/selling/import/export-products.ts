import { createWriteStream, mkdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Category, OwnedProduct, Product, SubCategory } from "@katale/domain";
import { stringify } from "csv-stringify";
import { CliFailure } from "../../cli-failure.js";
import { extensionOf, sniffImageType } from "../image-files.js";
import { sellingCliMessages } from "../selling-cli-messages.js";
import { escapeCell } from "./csv-cells.js";
import {
  EXPORT_COLUMNS,
  type ExportColumn,
  FILTER_SEPARATOR,
  FILTER_VALUE_MARK,
  IMAGE_SEPARATOR,
} from "./csv-columns.js";

export interface ExportOptions {
  readonly products: readonly OwnedProduct[];
  readonly categories: readonly Category[];
  readonly subCategories: readonly SubCategory[];
  /** Where the images are written (the CSV names them relative to it); none: the CSV links them. */
  readonly imagesDir?: string;
  /** The absolute URL of a product image (`/media/...`), for the links. */
  readonly imageLink: (path: string) => string;
  readonly download: (path: string) => Promise<Uint8Array | null>;
}

/** One product as the import reads it (text cells as they are: `csvOf` escapes them). */
export type ExportRow = Record<ExportColumn, string | number>;

/** Products whose images download at once. */
const EXPORT_CONCURRENCY = 4;

/** The images cell: files written to the images folder, or links to the pictures on the service. */
async function imagesCell(product: Product, sku: string, options: ExportOptions): Promise<string> {
  const { imagesDir } = options;
  if (imagesDir === undefined) return product.images.map(options.imageLink).join(IMAGE_SEPARATOR);
  const files: string[] = [];
  for (const [index, path] of product.images.entries()) {
    const bytes = await options.download(path);
    if (bytes === null) throw new CliFailure(sellingCliMessages.downloadFailed(path));
    const name = `${fileStem(sku)}-${index + 1}.${extensionOf(sniffImageType(bytes.subarray(0, 16)))}`;
    await writeFile(join(imagesDir, name), bytes);
    files.push(name);
  }
  return files.join(IMAGE_SEPARATOR);
}

/** The filters cell: `Material=Papyrus;Colour=Red`, by filter id. */
function filtersCell(product: OwnedProduct): string {
  return [...product.filters]
    .sort((a, b) => a.filterId - b.filterId)
    .map((f) => `${f.filterName}${FILTER_VALUE_MARK}${f.valueName}`)
    .join(FILTER_SEPARATOR);
}

async function exportRow(product: OwnedProduct, options: ExportOptions): Promise<ExportRow> {
  const sku = product.sku ?? product.slug;
  const category = options.categories.find((c) => c.id === product.categoryId);
  const sub = options.subCategories.find((s) => s.id === product.subCategoryId);
  return {
    sku,
    name: product.name,
    description: product.description,
    price: product.price,
    stock: product.inStock,
    category: category?.name ?? product.categoryName,
    sub_category: sub?.name ?? product.subCategoryName,
    images: await imagesCell(product, sku, options),
    filters: filtersCell(product),
  };
}

/** A file name from a SKU: letters, digits, dot, dash and underscore. */
function fileStem(sku: string): string {
  return sku.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "_") || "product";
}

/**
 * The shop's products as rows of the import CSV (same header), oldest first, with each product's
 * images downloaded into `imagesDir` when it is given (else linked). The service keeps every
 * picture's SHA-256, so importing the file again, edited or not, changes only what was edited. A
 * product without a SKU is exported under its slug, which `products import` matches.
 */
export async function exportRows(options: ExportOptions): Promise<ExportRow[]> {
  if (options.imagesDir !== undefined) await mkdir(options.imagesDir, { recursive: true });
  const products = [...options.products].sort((a, b) => a.id - b.id);
  const rows: ExportRow[] = new Array(products.length);
  let next = 0;
  // A few products' images download at a time; the rows keep the products' order.
  const worker = async () => {
    while (next < products.length) {
      const index = next++;
      rows[index] = await exportRow(products[index]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPORT_CONCURRENCY, products.length) }, worker));
  return rows;
}

/** Writes rows as the import CSV, text cells behind the formula guard (the import takes it off). */
export async function writeCsv(rows: readonly ExportRow[], output: Writable): Promise<void> {
  const guarded = rows.map((row) => {
    const cells = { ...row };
    for (const column of EXPORT_COLUMNS)
      if (typeof cells[column] === "string") cells[column] = escapeCell(cells[column] as string);
    return cells;
  });
  await pipeline(Readable.from(guarded), stringify({ header: true, columns: [...EXPORT_COLUMNS] }), output);
}

/** A writable for `--output FILE`, or the command's stdout (which stays open). */
export function outputStream(file: string | undefined, out: (text: string) => void): Writable {
  if (file !== undefined) {
    mkdirSync(dirname(resolve(file)), { recursive: true });
    return createWriteStream(file);
  }
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      out(chunk.toString("utf8"));
      callback();
    },
  });
}
