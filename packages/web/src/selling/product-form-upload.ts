import type { ImageUpload } from "@katale/domain";
import { downscaleImage } from "../media/downscale-image.js";
import type { UploadStage } from "../media/use-upload-session.js";
import type { PickedImage } from "./product-form-images.js";

export type { UploadStage } from "../media/use-upload-session.js";

/**
 * An edit keeps the product's images in their order and adds new ones after them (spec §7's image
 * flags). The longest start of the picked list that is the product's own images in their own order
 * stays; whatever comes after is sent again as added images, so the order chosen is the order kept.
 */
export function splitForEdit(
  productImages: readonly string[],
  images: readonly PickedImage[],
): { kept: string[]; upload: PickedImage[] } {
  const kept: string[] = [];
  let last = -1;
  let index = 0;
  for (; index < images.length; index++) {
    const image = images[index]!;
    if (image.kind !== "kept") break;
    const at = productImages.indexOf(image.path, last + 1);
    if (at < 0) break;
    kept.push(image.path);
    last = at;
  }
  return { kept, upload: images.slice(index) };
}

/**
 * The images to send, one after the other so a phone holds one decoded photo at a time: new files
 * resized, a product's own image moved later fetched again. `onStage` hears each step; once
 * `cancelled` says so, it stops with an error.
 */
export async function prepareUploads(
  images: readonly PickedImage[],
  media: (path: string) => string | null,
  onStage: (stage: UploadStage) => void,
  cancelled: () => boolean = () => false,
): Promise<ImageUpload[]> {
  const uploads: ImageUpload[] = [];
  for (const [index, image] of images.entries()) {
    if (cancelled()) throw new DOMException("upload cancelled", "AbortError");
    onStage({ step: "resizing", current: index + 1, total: images.length });
    uploads.push(
      await downscaleImage(image.kind === "new" ? image.file : await fetchOwnImage(image.path, media)),
    );
  }
  if (cancelled()) throw new DOMException("upload cancelled", "AbortError");
  onStage({ step: "uploading", total: images.length });
  return uploads;
}

async function fetchOwnImage(path: string, media: (path: string) => string | null): Promise<File> {
  const url = media(path) ?? path;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`image ${path}: HTTP ${response.status}`);
  const blob = await response.blob();
  const name = path.split("/").pop() || "image.webp";
  return new File([blob], name, { type: blob.type || "image/webp" });
}
