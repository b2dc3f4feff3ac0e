import { INFINITE_SCROLL_PAGE_SIZE } from "../constants.js";
import type { Page } from "../page.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import type { DomainError, Result } from "../result.js";

export type PageLoader<T> = (page: number) => Promise<Result<Page<T>>>;

export interface InfiniteScrollState<T> {
  readonly items: readonly T[];
  /** The page the next loadMore asks for. */
  readonly nextPage: number;
  /** No more pages: the last answer was empty, the last page, or 'Invalid page.'. */
  readonly done: boolean;
  readonly loading: boolean;
  /** The last failure other than the end of the list; loadMore retries the same page. */
  readonly error: DomainError | null;
}

/**
 * The "For you" list (spec §4): each loadMore appends the next page; it stops on an empty page or
 * 'Invalid page.'. Calls made while a page is loading are ignored, since scroll observers fire often.
 */
export class InfiniteScroll<T> {
  private current: InfiniteScrollState<T> = initial();

  constructor(private readonly loadPage: PageLoader<T>) {}

  get state(): InfiniteScrollState<T> {
    return this.current;
  }

  async loadMore(): Promise<InfiniteScrollState<T>> {
    if (this.current.done || this.current.loading) return this.current;
    const page = this.current.nextPage;
    this.current = { ...this.current, loading: true };
    const result = await this.loadPage(page);
    this.current = this.apply(page, result);
    return this.current;
  }

  reset(): InfiniteScrollState<T> {
    this.current = initial();
    return this.current;
  }

  private apply(page: number, result: Result<Page<T>>): InfiniteScrollState<T> {
    const settled = { ...this.current, loading: false };
    if (!result.ok) {
      return result.error.kind === "invalid-page"
        ? { ...settled, done: true, error: null }
        : { ...settled, error: result.error };
    }
    const { items, hasNext } = result.value;
    return {
      items: [...this.current.items, ...items],
      nextPage: page + 1,
      done: items.length === 0 || !hasNext,
      loading: false,
      error: null,
    };
  }
}

function initial<T>(): InfiniteScrollState<T> {
  return { items: [], nextPage: 1, done: false, loading: false, error: null };
}

/** The home page's "For you" feed: all listed products, pages of 8, at most two of a shop a page. */
export function forYouFeed(products: Pick<ProductGateway, "listForYouPage">): InfiniteScroll<Product> {
  return new InfiniteScroll((page) => products.listForYouPage(page, INFINITE_SCROLL_PAGE_SIZE));
}
