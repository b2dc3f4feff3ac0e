import { IMAGE_MAX_WIDTH, type ImageUpload } from "@katale/domain";
import { readImage } from "../account/read-image.js";

// Phones take 12–50 MP photos; the server keeps products at most IMAGE_MAX_WIDTH (1200 px) wide
// and at most four times as tall (packages/server/src/media). Shrinking in the browser first
// sends a few hundred KB instead of several MB over a slow network; the server still checks and
// re-encodes what arrives.

/** The tallest side the server keeps: four times the width cap (its MAX_OUTPUT_ASPECT). */
const MAX_HEIGHT = IMAGE_MAX_WIDTH * 4;
/** Files already this small, in a format the server takes as is, are sent untouched. */
const SMALL_ENOUGH_BYTES = 400 * 1024;
const QUALITY = 0.85;

/** The scale (at most 1) that brings `width`×`height` inside the server's bounds. */
export function resizeScale(width: number, height: number): number {
  return Math.min(1, IMAGE_MAX_WIDTH / width, MAX_HEIGHT / height);
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
 * server's bounds and encoded as WebP (JPEG where the browser cannot write WebP). A small file
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
    const passesAsIs = /^image\/(jpeg|webp)$/.test(file.type) && file.size <= SMALL_ENOUGH_BYTES;
    if (scale === 1 && passesAsIs) return readImage(file);
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
