// Bounds and names of the image pipeline. Uploads larger than these are refused before or while
// decoding, so a hostile file cannot exhaust memory or disk.

/** Largest upload accepted, in bytes (the HTTP layer should cap multipart files at the same size). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Largest decoded area: 64 MP phone photos pass, decompression bombs do not. */
export const MAX_IMAGE_PIXELS = 70_000_000;

/**
 * Longest side accepted (issue 14 MF2): a 1×69,000,000 PNG is within the area but costs seconds of
 * CPU per row-heavy decode; 16,384 keeps every phone panorama.
 */
export const MAX_IMAGE_SIDE = 16_384;

/** Longest a decode may run before it is given up (sharp's timeout), in seconds. */
export const IMAGE_DECODE_TIMEOUT_SECONDS = 20;

/** Widest main file of a verification document: wide enough to read a national ID card. */
export const PRIVATE_IMAGE_MAX_WIDTH = 2000;

/**
 * WebP quality of every public picture and its variants (uploads and the demo's drawings): 75, not
 * sharp's 80, is about an eighth fewer bytes with no difference a phone's screen shows. Files already
 * stored keep their encoding; their names and variants do not change.
 */
export const PUBLIC_WEBP_QUALITY = 75;

/** WebP cannot hold sides longer than 16383 px; a very tall image is shrunk to fit this height cap. */
export const MAX_OUTPUT_ASPECT = 4;

/** Formats accepted on input (by content, never by file name). SVG is refused: it is a document. */
export const ACCEPTED_IMAGE_FORMATS: ReadonlySet<string> = new Set([
  "jpeg",
  "png",
  "webp",
  "gif",
  "avif",
  "heif",
]);

/** Public folders under /media/. */
export const IMAGE_KINDS = [
  "products",
  "categories",
  "subcategories",
  "shops",
  "avatars",
  "comments",
  "chat",
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** Private folders under DATA_DIR/private: verification documents. */
export const PRIVATE_IMAGE_KINDS = ["national-ids", "user-photos", "shop-photos"] as const;
export type PrivateImageKind = (typeof PRIVATE_IMAGE_KINDS)[number];

/** Main file width cap and the variant widths: the domain's constants (lead's media convention). */
export { IMAGE_MAX_WIDTH, IMAGE_VARIANT_WIDTHS } from "@katale/domain";
