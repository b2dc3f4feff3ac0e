import type { Product } from "../products/product.js";
import type { SavedProduct } from "../products/saved-product.js";
import type { Result } from "../result.js";
import type { KeptRecord } from "./kept-record.js";

/** One entry of the wishlist: the record's id (what unsaving deletes) and the product. */
export interface SavedProductEntry {
  readonly savedProductId: number;
  readonly product: Product;
}

/** The wishlist: saved products in stock, newest saved first, and how many. */
export interface SavedProducts {
  readonly items: readonly SavedProductEntry[];
  readonly total: number;
}

/** Saved products (spec §7 product/save/). Every call needs the token. */
export interface SavedProductGateway {
  listSaved(token: string): Promise<Result<SavedProducts>>;
  /** Saving twice keeps one record (`created` says which call made it); 'not-found' for an unknown product. */
  save(token: string, productId: number): Promise<Result<KeptRecord<SavedProduct>>>;
  /** 'forbidden' for someone else's record, 'not-found' for an unknown one. */
  unsave(token: string, savedProductId: number): Promise<Result<void>>;
}
