/**
 * What a write that keeps one record however often it is made answers (saving a product, following
 * a shop): the record, and whether this call created it; false when it was there already.
 */
export interface KeptRecord<T> {
  readonly record: T;
  readonly created: boolean;
}
