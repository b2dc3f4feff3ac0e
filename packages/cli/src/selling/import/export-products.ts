import { createWriteStream, mkdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Category, Product, SubCategory } from "@katale/domain";
import { stringify } from "csv-stringify";
import { CliFailure } from "../../cli-failure.js";
import { extensionOf, hashBytes, sniffImageType } from "../image-files.js";
import { sellingCliMessages } from "../selling-cli-messages.js";
import { escapeCell } from "./csv-cells.js";
import { IMAGE_SEPARATOR, IMPORT_COLUMNS, type ImportColumn } from "./csv-columns.js";
import type { ImportState } from "./import-state.js";

export interface ExportOptions {
  readonly products: readonly Product[];
  readonly categories: readonly Category[];
  readonly subCategories: readonly SubCategory[];
  /** Where the images are written; the CSV names them relative to it. */
  readonly imagesDir: string;
  /** Where the CSV goes (a file, or stdout); opened once the images are written. */
  readonly output: () => Writable;
  readonly download: (path: string) => Promise<Uint8Array | null>;
  readonly state: ImportState;
}

/** Products whose images download at once. */
const EXPORT_CONCURRENCY = 4;

/** One product as a CSV row, its images written to the images folder and remembered as uploaded. */
async function exportRow(
  product: Product,
  options: ExportOptions,
): Promise<Record<ImportColumn, string | number>> {
  const sku = product.sku ?? product.slug;
  const files: string[] = [];
  const hashes: string[] = [];
  for (const [index, path] of product.images.entries()) {
    const bytes = await options.download(path);
    if (bytes === null) throw new CliFailure(sellingCliMessages.downloadFailed(path));
    const name = `${fileStem(sku)}-${index + 1}.${extensionOf(sniffImageType(bytes.subarray(0, 16)))}`;
    await writeFile(join(options.imagesDir, name), bytes);
    files.push(name);
    hashes.push(hashBytes(bytes));
  }
  options.state.remember(sku, { hashes, images: product.images });
  const category = options.categories.find((c) => c.id === product.categoryId);
  const sub = options.subCategories.find((s) => s.id === product.subCategoryId);
  // Text cells behind the formula guard; the import takes it off again.
  return {
    sku: escapeCell(sku),
    name: escapeCell(product.name),
    description: escapeCell(product.description),
    price: product.price,
    stock: product.inStock,
    category: escapeCell(category?.name ?? product.categoryName),
    sub_category: escapeCell(sub?.name ?? product.subCategoryName),
    images: escapeCell(files.join(IMAGE_SEPARATOR)),
  };
}

/** A file name from a SKU: letters, digits, dot, dash and underscore. */
function fileStem(sku: string): string {
  return sku.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^\.+/, "_") || "product";
}

/**
 * Writes the shop's products as the import CSV (same header), each product's images downloaded
 * beside it, and remembers them as uploaded from those files: importing the file again, edited or
 * not, changes only what was edited. A product without a SKU is exported under its slug, which
 * `products import` matches.
 */
export async function exportProducts(options: ExportOptions): Promise<number> {
  await mkdir(options.imagesDir, { recursive: true });
  // Oldest first, so a round trip creates products in the order they were made.
  const products = [...options.products].sort((a, b) => a.id - b.id);
  const rows: Record<ImportColumn, string | number>[] = new Array(products.length);
  let next = 0;
  // A few products' images download at a time; the rows keep the products' order.
  const worker = async () => {
    while (next < products.length) {
      const index = next++;
      rows[index] = await exportRow(products[index]!, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(EXPORT_CONCURRENCY, products.length) }, worker));
  await pipeline(
    Readable.from(rows),
    stringify({ header: true, columns: [...IMPORT_COLUMNS] }),
    options.output(),
  );
  return rows.length;
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
