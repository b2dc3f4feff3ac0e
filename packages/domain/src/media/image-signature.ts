// What a picked file really is, from its first bytes: a browser types a file by its name, so a text
// file named `photo.png` arrives as image/png. The forms accept only what the server's image
// pipeline can read (JPEG, PNG, WebP, GIF, AVIF, HEIC/HEIF), and say so at once.

/** Bytes of a file's start that imageKindOf needs. */
export const IMAGE_SIGNATURE_BYTES = 16;

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]);

/** The kind of image the bytes start, or null when they start no image the service reads. */
export function imageKindOf(start: Uint8Array): "jpeg" | "png" | "gif" | "webp" | "heif" | null {
  if (start.length >= 3 && start[0] === 0xff && start[1] === 0xd8 && start[2] === 0xff) return "jpeg";
  if (start.length >= 4 && ascii(start, 1, 4) === "PNG" && start[0] === 0x89) return "png";
  if (start.length >= 6 && (ascii(start, 0, 6) === "GIF87a" || ascii(start, 0, 6) === "GIF89a")) return "gif";
  if (start.length >= 12 && ascii(start, 0, 4) === "RIFF" && ascii(start, 8, 12) === "WEBP") return "webp";
  if (start.length >= 12 && ascii(start, 4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(start, 8, 12)))
    return "heif";
  return null;
}
