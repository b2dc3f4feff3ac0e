import type { ImageUpload } from "@katale/domain";

/**
 * A picked picture made small for upload (media/image-resize.ts: at most 1,600 px, WebP or JPEG
 * at quality 0.8). The resizer loads on the first picture: the first screen does not carry it.
 * Verification documents do not come here: they keep their full resolution.
 */
export async function downscaleImage(file: File): Promise<ImageUpload> {
  const { resizeImage } = await import("./image-resize.js");
  return resizeImage(file);
}
