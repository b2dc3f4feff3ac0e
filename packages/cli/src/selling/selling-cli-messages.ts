import { IMPORT_COLUMNS, OPTIONAL_COLUMNS } from "./import/csv-columns.js";

// Texts only the terminal's selling commands say; the forms' rules and outcomes come from the
// domain's messages.

export const sellingCliMessages = {
  noShops: "You don't have any shops yet. Create one with katale shops create.",
  noAddress: (text: string) => `No place matches "${text}". Try another address, or give --lat and --lon.`,
  addressOrCoordinates: "Give the shop's location: --address TEXT, or --lat and --lon.",
  categoryNotFound: (name: string) => `Category "${name}" not found`,
  subCategoryNotFound: (name: string, category: string) => `"${name}" is not a sub category of ${category}`,
  tooManyCategories: "A shop has at most 3 categories.",
  nothingToUpdate: "Nothing to change: give at least one option (see --help).",
  badHeader: (found: string) =>
    `The CSV header must name the columns ${IMPORT_COLUMNS.join(",")} and may add ${OPTIONAL_COLUMNS.join(",")} (found: ${found || "nothing"})`,
  filterSyntax: (item: string) => `filters: '${item}' is not Filter=Value (e.g. Material=Papyrus;Colour=Red)`,
  filterNotFound: (name: string, subCategory: string, filters: readonly string[]) =>
    `filters: ${subCategory} has no filter '${name}' (its filters: ${filters.length === 0 ? "none" : filters.join(", ")})`,
  filterValueNotFound: (value: string, filter: string, values: readonly string[]) =>
    `filters: ${filter} has no value '${value}' (its values: ${values.join(", ")})`,
  filterRepeated: (filter: string) =>
    `filters: ${filter} is given twice (a product has one value of each filter)`,
  skuRequired: "sku: give each row a SKU",
  skuRepeated: (row: number) => `sku: the same SKU is on row ${row} already`,
  imagesMissing: "images: give 1 to 8 image files, separated by ;",
  imageNotFound: (file: string) => `images: ${file} does not exist`,
  imageNotAnImage: (file: string) => `images: ${file} is not an image (JPEG, PNG, WebP, GIF or AVIF)`,
  imageTooLarge: (file: string) => `images: ${file} is larger than 10 MB`,
  fileNotFound: (file: string) => `${file} does not exist or cannot be read.`,
  /** A problem with the file as a whole (its text, its quotes): nothing of it is imported. */
  fileProblem: (file: string, problem: { line?: number; message: string }) =>
    `${file}${problem.line === undefined ? "" : `, line ${problem.line}`}: ${problem.message}. Nothing was imported.`,
  notUtf8: (row: number, column: string | undefined, cell: string) =>
    `row ${row}${column === undefined ? "" : `, column ${column}`}: the text is not UTF-8${cell === "" ? "" : ` ("${cell}")`}; a CSV saved by Excel on Windows reads with --encoding windows-1252`,
  unknownEncoding: (name: string) =>
    `Unknown encoding "${name}": try utf-8 (the default), windows-1252 or latin1.`,
  quoteNotClosed: 'a quoted cell starts here and is never closed (a " is missing)',
  quoteInsideCell: 'a " inside a cell: put the whole cell in quotes and write the " twice ("")',
  textAfterQuote: 'text follows a closing quote; inside a quoted cell write a " twice ("")',
  imageOutside: (file: string) => `images: ${file} is outside the images folder (--images-dir)`,
  verificationNext: "An admin reviews the request; the shop shows its tick once it is approved.",
  priceMissing: "price: give the price in whole shillings",
  priceNotNumber: (cell: string) => `price "${cell}": not a number`,
  priceNotWhole: (cell: string) => `price "${cell}": whole shillings only`,
  priceNotPositive: (cell: string) => `price "${cell}": must be above 0`,
  priceTooHigh: (cell: string) => `price "${cell}": too high`,
  priceBadCommas: (cell: string) => `price "${cell}": commas go between thousands (1,500,000)`,
  concurrencyInvalid: (max: number) => `--concurrency takes a whole number from 1 to ${max}.`,
  imageLinksNotKept:
    "images: links keep a product's own pictures, all of them in order; give files for new pictures",
  productsMoved: (count: number, read: number) =>
    `The shop's products changed while they were read (${count} listed, ${read} read). Nothing was written; run the command again.`,
  progress: (done: number, total: number, sent: string, size: string) =>
    `Importing: ${done}/${total} rows, ${sent} of ${size} uploaded`,
  imageNumberUnknown: (n: string) => `The product has no image ${n}.`,
  dryRun: "Dry run: nothing was changed.",
  summary: (r: { created: number; updated: number; unchanged: number; failed: number }) =>
    `${r.created} created, ${r.updated} updated, ${r.unchanged} unchanged, ${r.failed} failed`,
  exported: (count: number, file: string) =>
    `${count} ${count === 1 ? "product" : "products"} written to ${file}`,
  downloadFailed: (path: string) => `Could not download the image ${path} from the shop service.`,
  deleted: (name: string) => `Deleted ${name}.`,
} as const;
