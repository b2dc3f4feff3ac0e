import { randomUUID } from "node:crypto";
import { rename, writeFile } from "node:fs/promises";
import sharp from "sharp";
import {
  ACCEPTED_IMAGE_FORMATS,
  IMAGE_DECODE_TIMEOUT_SECONDS,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  MAX_OUTPUT_ASPECT,
  PUBLIC_WEBP_QUALITY,
} from "./image-limits.js";

export type ImageErrorKind = "not-an-image" | "too-large" | "too-many-pixels" | "too-slow" | "busy";

/** An upload the pipeline refused, with the sentence to show the user. */
export interface ImageError {
  ok: false;
  kind: ImageErrorKind;
  message: string;
}

export const IMAGE_ERROR_MESSAGES: Readonly<Record<ImageErrorKind, string>> = {
  "not-an-image":
    "The file is not an image we can read. Please upload a JPEG, PNG, WebP, GIF or AVIF picture.",
  "too-large": `The image is too large. Please upload a picture of at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.`,
  "too-many-pixels": "The image dimensions are too large. Please upload a smaller picture.",
  "too-slow": "The image took too long to process. Please upload a smaller picture.",
  busy: "We are processing many pictures right now. Please try again in a minute.",
};

export function imageError(kind: ImageErrorKind): ImageError {
  return { ok: false, kind, message: IMAGE_ERROR_MESSAGES[kind] };
}

/** Decoded, upright, already shrunk pixels: every stored file is encoded from these. */
export interface DecodedImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Names the pipeline writes: random for uploads, content hashes for generated images. */
export function randomImageName(): string {
  return randomUUID().replaceAll("-", "").slice(0, 16);
}

/**
 * Checks an upload by its content and decodes it: known raster format, bounded bytes, area and
 * sides (from the header, before any pixel is decoded), a complete file, a bounded decode time. Auto-rotates by EXIF orientation and shrinks to `maxWidth` (never enlarges). The
 * raw pixels carry no metadata, so EXIF (GPS included) cannot survive into what we store.
 */
export async function decodeUpload(
  input: Buffer,
  maxWidth: number,
): Promise<{ ok: true; image: DecodedImage } | ImageError> {
  if (input.length > MAX_IMAGE_BYTES) return imageError("too-large");
  if (input.length === 0) return imageError("not-an-image");

  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // Reads the header only; the pixel limit is checked here by us so the user gets the right reason.
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return imageError("not-an-image");
  }
  if (!format || !ACCEPTED_IMAGE_FORMATS.has(format) || width < 1 || height < 1)
    return imageError("not-an-image");
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE)
    return imageError("too-many-pixels");

  return decodePipeline(
    sharp(input, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true }).timeout({
      seconds: IMAGE_DECODE_TIMEOUT_SECONDS,
    }),
    maxWidth,
  );
}

/** Decodes an image we produced ourselves (e.g. an SVG the seed renders): no upload checks. */
export async function decodeTrusted(source: sharp.Sharp, maxWidth: number): Promise<DecodedImage> {
  const result = await decodePipeline(source, maxWidth);
  if (!result.ok) throw new Error(`Could not render a generated image: ${result.message}`);
  return result.image;
}

async function decodePipeline(
  source: sharp.Sharp,
  maxWidth: number,
): Promise<{ ok: true; image: DecodedImage } | ImageError> {
  try {
    const { data, info } = await source
      .rotate()
      .resize({
        width: maxWidth,
        height: maxWidth * MAX_OUTPUT_ASPECT,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      image: { data, width: info.width, height: info.height, channels: info.channels },
    };
  } catch (error) {
    // Truncated or corrupt data fails here, after the header looked fine.
    const text = error instanceof Error ? error.message : "";
    if (/timeout/i.test(text)) return imageError("too-slow");
    return imageError(/pixel limit/i.test(text) ? "too-many-pixels" : "not-an-image");
  }
}

export interface EncodeOptions {
  /** WebP quality 1–100; PUBLIC_WEBP_QUALITY unless said. */
  quality?: number;
  /** WebP encoder effort 0–6 (4 unless said): lower is faster and larger. */
  effort?: number;
}

export async function encodeWebp(
  image: DecodedImage,
  width: number | undefined,
  options: EncodeOptions = {},
): Promise<Buffer> {
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
  if (width !== undefined && width < image.width) pipeline = pipeline.resize({ width });
  return pipeline
    .webp({ quality: options.quality ?? PUBLIC_WEBP_QUALITY, effort: options.effort ?? 4 })
    .toBuffer();
}

/** Writes through a temporary name and renames: a reader never sees half a file. */
export async function writeAtomically(file: string, content: Buffer): Promise<void> {
  const temporary = `${file}.${randomImageName()}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}

/** One file of an image set: its name ("<name>-240.webp", "<name>.webp") and bytes. */
export interface ImageSetFile {
  file: string;
  bytes: Buffer;
}

/**
 * Encodes `<name>.webp` and its variants `<name>-<w>.webp`. A variant at least as wide as the main
 * file is the main file's bytes (never upscaled). The main file comes last: stores write in order,
 * so its presence means the whole set is complete.
 */
export async function encodeImageSet(
  image: DecodedImage,
  name: string,
  variantWidths: readonly number[],
  options: EncodeOptions = {},
): Promise<ImageSetFile[]> {
  const main = await encodeWebp(image, undefined, options);
  const files: ImageSetFile[] = [];
  for (const width of variantWidths) {
    const bytes = width >= image.width ? main : await encodeWebp(image, width, options);
    files.push({ file: `${name}-${width}.webp`, bytes });
  }
  files.push({ file: `${name}.webp`, bytes: main });
  return files;
}

/**
 * Like encodeImageSet, for a picture we draw ourselves (vector): each size is rendered at its own
 * width instead of being shrunk from the main file, which is sharper and several times cheaper.
 */
export async function renderImageSet(
  render: (width: number) => Promise<DecodedImage>,
  sourceWidth: number,
  name: string,
  options: EncodeOptions & { maxWidth: number; variantWidths: readonly number[] },
): Promise<{ files: ImageSetFile[]; width: number; height: number }> {
  const mainImage = await render(Math.min(sourceWidth, options.maxWidth));
  const main = await encodeWebp(mainImage, undefined, options);
  const files: ImageSetFile[] = [];
  for (const width of options.variantWidths) {
    const bytes = width >= mainImage.width ? main : await encodeWebp(await render(width), undefined, options);
    files.push({ file: `${name}-${width}.webp`, bytes });
  }
  files.push({ file: `${name}.webp`, bytes: main });
  return { files, width: mainImage.width, height: mainImage.height };
}
