import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { ImageUpload } from "@katale/domain";

/** What the image pipeline of the service takes; larger files are refused there anyway. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** The image type by content (never by name): the formats the service accepts, else null. */
export function sniffImageType(head: Uint8Array): string | null {
  const at = (i: number) => head[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return "image/jpeg";
  if (at(0) === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (ascii(0, 4) === "GIF8") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (brand === "avif" || brand === "avis") return "image/avif";
    if (["heic", "heix", "mif1", "msf1"].includes(brand)) return "image/heif";
  }
  return null;
}

/** A local image checked without reading it whole: its size, type and content hash. */
export interface LocalImage {
  readonly path: string;
  readonly size: number;
  readonly contentType: string;
  readonly hash: string;
}

export type ImageCheck =
  | { readonly ok: true; readonly image: LocalImage }
  | { readonly ok: false; readonly problem: "missing" | "not-an-image" | "too-large" };

/** Checks that `path` exists, is at most 10 MB and is an image by its first bytes; hashes it by streaming. */
export async function checkImage(path: string): Promise<ImageCheck> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) return { ok: false, problem: "missing" };
    size = info.size;
  } catch {
    return { ok: false, problem: "missing" };
  }
  if (size > IMAGE_MAX_BYTES) return { ok: false, problem: "too-large" };
  const handle = await open(path, "r");
  const head = new Uint8Array(16);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const contentType = sniffImageType(head);
  if (contentType === null) return { ok: false, problem: "not-an-image" };
  return { ok: true, image: { path, size, contentType, hash: await hashFile(path) } };
}

/** SHA-256 of a file, read as a stream. */
export function hashFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** SHA-256 of bytes in memory. */
export function hashBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** The file's bytes as an upload, named by its file name, typed by its content. */
export async function readImage(image: Pick<LocalImage, "path" | "contentType">): Promise<ImageUpload> {
  const bytes = new Uint8Array(await readFile(image.path));
  return { fileName: basename(image.path), contentType: image.contentType, bytes };
}

/** An image file given on the command line (`--image`, `--cover-image`): checked, then read. */
export async function loadImageFile(path: string): Promise<ImageUpload | string> {
  const checked = await checkImage(path);
  if (!checked.ok) return checked.problem;
  return readImage(checked.image);
}

/** The file extension of an image type, for exported files. */
export function extensionOf(contentType: string | null): string {
  switch (contentType) {
    case "image/jpeg":
      return "jpg";
    case "image/png":
      return "png";
    case "image/gif":
      return "gif";
    case "image/avif":
      return "avif";
    case "image/heif":
      return "heic";
    default:
      return "webp";
  }
}
