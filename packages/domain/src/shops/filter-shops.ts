import type { Shop } from "./shop.js";

/** The shops list's search box: name contains the text, any case; blank shows all. */
export function filterShops(shops: readonly Shop[], query: string): Shop[] {
  const wanted = query.trim().toLowerCase();
  return wanted === "" ? [...shops] : shops.filter((s) => s.name.toLowerCase().includes(wanted));
}

/** "My shops": the shops the user owns. */
export function ownedShops(shops: readonly Shop[], userId: number | null | undefined): Shop[] {
  return userId === null || userId === undefined ? [] : shops.filter((s) => s.owner === userId);
}
