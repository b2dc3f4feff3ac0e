import { IMAGE_MAX_WIDTH, type ImageUpload } from "@katale/domain";
import { readImage } from "../account/read-image.js";

// Phones take 12–50 MP photos, 3–10 MB each, on networks billed by the megabyte. Pictures are
// shrunk here before upload: longest side at most 1,600 px and never wider than the server keeps
// (IMAGE_MAX_WIDTH, 1200 px, at most four times as tall; packages/server/src/media), WebP (JPEG
// where the browser cannot write WebP) at quality 0.8. The server still checks and re-encodes what
// arrives. Loaded on first use only (downscale-image.ts): it is not in the first screen's JavaScript.

/** The longest side sent. */
export const LONGEST_SIDE = 1600;
/** The tallest side the server keeps: four times the width cap (its MAX_OUTPUT_ASPECT). */
const MAX_HEIGHT = IMAGE_MAX_WIDTH * 4;
/**
 * A JPEG or WebP that needs no shrinking goes untouched when it is at most this many bytes per
 * pixel (a quality-80 phone JPEG is about 0.3), or at most SMALL_ENOUGH_BYTES: re-encoding it
 * would cost quality for little or no saving.
 */
const AS_IS_BYTES_PER_PIXEL = 0.5;
const SMALL_ENOUGH_BYTES = 400 * 1024;
const QUALITY = 0.8;

/** The scale (at most 1) that brings `width`×`height` inside the bounds above. */
export function resizeScale(width: number, height: number): number {
  return Math.min(1, LONGEST_SIDE / Math.max(width, height), IMAGE_MAX_WIDTH / width, MAX_HEIGHT / height);
}

/** Whether a picture that needs no shrinking is sent as it is. */
export function passesAsIs(type: string, bytes: number, width: number, height: number): boolean {
  if (!/^image\/(jpeg|webp)$/.test(type)) return false;
  return bytes <= Math.max(SMALL_ENOUGH_BYTES, width * height * AS_IS_BYTES_PER_PIXEL);
}

function baseName(name: string): string {
  const dot = name.lastIndexOf(".");
  return (dot > 0 ? name.slice(0, dot) : name) || "image";
}

type Canvas = OffscreenCanvas | HTMLCanvasElement;

function canvasOf(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas === "function") return new OffscreenCanvas(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: Canvas, type: string): Promise<Blob | null> {
  if ("convertToBlob" in canvas) return canvas.convertToBlob({ type, quality: QUALITY }).catch(() => null);
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY));
}

/**
 * A picked file made ready to upload: decoded (EXIF orientation applied), shrunk to fit the
 * bounds above and encoded as WebP (JPEG where the browser cannot write WebP). A small file
 * that needs no shrinking goes as it is; where the browser cannot decode it here, the file goes
 * as it is and the server decides.
 */
export async function resizeImage(file: File): Promise<ImageUpload> {
  if (typeof createImageBitmap !== "function") return readImage(file);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return readImage(file);
  }
  try {
    const scale = resizeScale(bitmap.width, bitmap.height);
    if (scale === 1 && passesAsIs(file.type, file.size, bitmap.width, bitmap.height)) return readImage(file);
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = canvasOf(width, height);
    const context = canvas.getContext("2d") as
      | CanvasRenderingContext2D
      | OffscreenCanvasRenderingContext2D
      | null;
    if (context === null) return readImage(file);
    context.imageSmoothingQuality = "high";
    context.drawImage(bitmap, 0, 0, width, height);
    let blob = await encode(canvas, "image/webp");
    if (blob === null || blob.type !== "image/webp") blob = await encode(canvas, "image/jpeg");
    if (blob === null) return readImage(file);
    // Re-encoding a small, already compressed file can make it bigger: keep the smaller.
    if (scale === 1 && blob.size >= file.size) return readImage(file);
    const extension = blob.type === "image/webp" ? "webp" : "jpg";
    return {
      fileName: `${baseName(file.name)}.${extension}`,
      contentType: blob.type,
      bytes: new Uint8Array(await blob.arrayBuffer()),
    };
  } finally {
    bitmap.close();
  }
}
