/** One page of a paginated list ({count, next, previous, results} on the wire), numbered from 1. */
export interface Page<T> {
  readonly items: readonly T[];
  /** Items across all pages. */
  readonly count: number;
  readonly page: number;
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}
