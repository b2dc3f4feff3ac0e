import type { ImageUpload } from "@katale/domain";

/** A picked file as the domain's upload (bytes and declared type; the server checks the content). */
export async function readImage(file: File): Promise<ImageUpload> {
  return {
    fileName: file.name || "image",
    contentType: file.type || "application/octet-stream",
    bytes: new Uint8Array(await file.arrayBuffer()),
  };
}
