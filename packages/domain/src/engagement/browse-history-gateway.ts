import type { Product } from "../products/product.js";
import type { Result } from "../result.js";

/** The products a user viewed, most recent first, one entry each, and how many. */
export interface BrowseHistory {
  readonly products: readonly Product[];
  readonly total: number;
}

/** Browse history (spec §7 product/browse-history/), its owner's only. */
export interface BrowseHistoryGateway {
  /** A new view of a product moves it to the top; 'not-found' for an unknown product. */
  recordView(token: string, productId: number): Promise<Result<void>>;
  listHistory(token: string): Promise<Result<BrowseHistory>>;
}
