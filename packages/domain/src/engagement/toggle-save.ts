import { messages } from "../messages.js";
import { ok, type Result } from "../result.js";
import type { SavedProductGateway, SavedProducts } from "./saved-product-gateway.js";
import { type SessionPorts, signedInToken } from "./signed-in.js";

export interface SavedProductsPorts extends SessionPorts {
  readonly savedProducts: Pick<SavedProductGateway, "listSaved" | "save" | "unsave">;
}

export interface SaveToggle {
  /** The product is saved now. */
  readonly saved: boolean;
  /** The wishlist reloaded after the change (spec §4); null when reloading failed. */
  readonly savedProducts: SavedProducts | null;
  readonly message: string;
}

/** Whether the wishlist holds the product (the bookmark's state, spec §4). */
export function isSaved(saved: SavedProducts, productId: number): boolean {
  return saved.items.some((entry) => entry.product.id === productId);
}

/** The wishlist (/account/saved-products, /account/wishlist, 'Saved items'). */
export async function listSavedProducts(
  ports: Pick<SavedProductsPorts, "savedProducts" | "storage">,
): Promise<Result<SavedProducts>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.savedProducts.listSaved(token.value);
}

/**
 * The bookmark (spec §4): the state comes from the saved list; unsaves the product's record when it
 * is there, saves it otherwise, then reloads the list.
 */
export async function toggleSave(ports: SavedProductsPorts, productId: number): Promise<Result<SaveToggle>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const current = await ports.savedProducts.listSaved(token.value);
  if (!current.ok) return current;
  const entry = current.value.items.find((e) => e.product.id === productId);
  const changed = entry
    ? await ports.savedProducts.unsave(token.value, entry.savedProductId)
    : await ports.savedProducts.save(token.value, productId);
  if (!changed.ok) return changed;
  const reloaded = await ports.savedProducts.listSaved(token.value);
  const saved = entry === undefined;
  return ok({
    saved,
    savedProducts: reloaded.ok ? reloaded.value : null,
    message: saved ? messages.products.saved : messages.products.unsaved,
  });
}
