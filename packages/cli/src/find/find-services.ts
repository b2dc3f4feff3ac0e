import type { KeyValueStorage, ProductFinder } from "@katale/domain";

/** What the find commands work with: the browse and saved-search calls, and the stored session. */
export interface FindServices {
  readonly finder: ProductFinder;
  readonly storage: KeyValueStorage;
}
