import { PRODUCT_IMAGES_MAX, sellerServerMessages } from "@katale/domain";

// Reading the product form's fields that are not plain values (spec §7 POST/PATCH product/): the
// numbered image_N files and the list of removed pictures.

const m = sellerServerMessages;

/** `image_1`, `image_2`, …: a picture field of the product form. */
export const IMAGE_FIELD = /^image_(\d+)$/;

/** The image_N files of a form, in N order; an error when N does not run 1..count. */
export function imageFields(
  body: Record<string, unknown>,
  declared: number | undefined,
): { ok: true; values: [string, unknown][] } | { ok: false; message: string } {
  const numbered = Object.entries(body)
    .flatMap(([field, value]) => {
      const match = IMAGE_FIELD.exec(field);
      return match ? [[Number(match[1]), field, value] as const] : [];
    })
    .sort((a, b) => a[0] - b[0]);
  if (numbered.length > PRODUCT_IMAGES_MAX) return { ok: false, message: m.tooManyImages };
  const consecutive = numbered.every(([n], index) => n === index + 1);
  if (!consecutive || (declared !== undefined && declared !== numbered.length))
    return { ok: false, message: m.numberOfImagesMismatch };
  return { ok: true, values: numbered.map(([, field, value]) => [field, value]) };
}

/** removed_images_urls: a JSON array of URLs (a comma-separated list is taken too). */
export function parseRemoved(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === "") return [];
  const text = raw.trim();
  if (!text.startsWith("["))
    return text
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((v) => typeof v === "string") ? value : null;
  } catch {
    return null;
  }
}
