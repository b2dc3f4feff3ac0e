import { IMAGE_MAX_WIDTH, IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "../constants.js";

const WEBP = /\.webp$/i;

/**
 * The path of a stored image's smaller variant: "/media/p/ab12.webp" -> "/media/p/ab12-480.webp".
 * Only our WebP images have variants; any other path is returned unchanged. Query strings and
 * fragments are kept.
 */
export function imageVariant(path: string, width: ImageVariantWidth): string {
  const cut = path.search(/[?#]/);
  const file = cut === -1 ? path : path.slice(0, cut);
  const rest = cut === -1 ? "" : path.slice(cut);
  if (!WEBP.test(file)) return path;
  return `${file.replace(WEBP, "")}-${width}.webp${rest}`;
}

/** A srcset for an image URL: the three variants and the main file (at most IMAGE_MAX_WIDTH wide). */
export function imageSrcSet(url: string): string {
  if (imageVariant(url, IMAGE_VARIANT_WIDTHS[0]) === url) return url;
  const variants = IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariant(url, w)} ${w}w`);
  return [...variants, `${url} ${IMAGE_MAX_WIDTH}w`].join(", ");
}

/**
 * Data saver's srcset: the variants a size smaller than the browser would pick (each claims twice its
 * width), and never the main file. Pictures look softer and cost about a third of the bytes.
 */
export function dataSaverSrcSet(url: string): string {
  if (imageVariant(url, IMAGE_VARIANT_WIDTHS[0]) === url) return url;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariant(url, w)} ${w * 2}w`).join(", ");
}

/**
 * The cookie the web app's data saver switch keeps beside its own setting (`on` or `off`), so the
 * server sends a page's first pictures a size smaller on the next visit too, as with `Save-Data: on`.
 */
export const DATA_SAVER_COOKIE = "katale-data-saver";

/**
 * Whether a page's first screen should save data: the user's switch (the cookie) when set, else the
 * browser's `Save-Data: on`.
 */
export function savesData(saveDataHeader: string | undefined, cookieHeader: string | undefined): boolean {
  const choice = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`).exec(cookieHeader ?? "")?.[1];
  if (choice !== undefined) return choice === "on";
  return (saveDataHeader ?? "").trim().toLowerCase() === "on";
}
