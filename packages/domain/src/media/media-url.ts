const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Where an image the services name can be fetched. A host path ("/media/…") resolves against the
 * origin of `base` (the shop service URL); a value with a scheme is used as is; a protocol-relative
 * or bare "host/path" value (legacy category images, spec §3) gets "https://". Empty means no image.
 */
export function mediaUrl(base: string, path: string | null | undefined): string | null {
  if (path === null || path === undefined || path.trim() === "") return null;
  const value = path.trim();
  if (SCHEME.test(value)) return value;
  if (value.startsWith("//")) return `https:${value}`;
  if (value.startsWith("/")) return `${originOf(base)}${value}`;
  return `https://${value}`;
}

/** "https://katale.ug/api/shop/" -> "https://katale.ug"; a base without a scheme has no origin. */
function originOf(base: string): string {
  return ORIGIN.exec(base)?.[0] ?? "";
}
