import { firstScreenMessages as messages } from "../messages/first-screen.js";
import { ok, type Result } from "../result.js";
import type { SavedProductGateway, SavedProducts } from "./saved-product-gateway.js";
import { type SessionPorts, signedInToken } from "./signed-in.js";

export interface SavedProductsPorts extends SessionPorts {
  readonly savedProducts: Pick<SavedProductGateway, "listSaved" | "save" | "unsave">;
}

export interface SavedState {
  /** The product is saved now. */
  readonly saved: boolean;
  /**
   * The wishlist already was as asked: the service had the product saved already, or (unsaving) the
   * wishlist, read first, did not hold it, so nothing was sent.
   */
  readonly already: boolean;
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
 * The bookmark set to `saved` (spec §4), safe to repeat. Saving is one request: the service keeps one
 * record however often a product is saved, and says whether this request created it. Unsaving deletes a record by its id, so it reads the
 * wishlist once and deletes only when the product is in it.
 */
export async function setSaved(
  ports: SavedProductsPorts,
  productId: number,
  saved: boolean,
): Promise<Result<SavedState>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  if (saved) {
    const record = await ports.savedProducts.save(token.value, productId);
    if (!record.ok) return record;
    return ok({ saved, already: !record.value.created, message: messages.products.saved });
  }
  const current = await ports.savedProducts.listSaved(token.value);
  if (!current.ok) return current;
  const entry = current.value.items.find((e) => e.product.id === productId);
  if (entry !== undefined) {
    const removed = await ports.savedProducts.unsave(token.value, entry.savedProductId);
    if (!removed.ok) return removed;
  }
  return ok({ saved, already: entry === undefined, message: messages.products.unsaved });
}
