import { SERVICES_CATEGORY_ID } from "../constants.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import type { DomainError } from "../result.js";

export interface PromoGridState {
  /** 1-based; 0 before the first load. */
  readonly page: number;
  readonly items: readonly Product[];
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
  readonly loading: boolean;
  readonly error: DomainError | null;
}

/**
 * The home promo grid (spec §4): products of category 5, `perPage` at a time (4 wide, 1 narrow),
 * paged forward and back. Past the end it starts again at page 1, as it does when the service
 * answers 'Invalid page.'.
 */
export class PromoGrid {
  private current: PromoGridState = {
    page: 0,
    items: [],
    hasNext: false,
    hasPrevious: false,
    loading: false,
    error: null,
  };

  constructor(
    private readonly products: Pick<ProductGateway, "listCategoryProductsPage">,
    private perPage: number,
    private readonly categoryId: number = SERVICES_CATEGORY_ID,
  ) {}

  get state(): PromoGridState {
    return this.current;
  }

  load(): Promise<PromoGridState> {
    return this.show(1);
  }

  next(): Promise<PromoGridState> {
    return this.show(this.current.hasNext ? this.current.page + 1 : 1);
  }

  previous(): Promise<PromoGridState> {
    return this.show(Math.max(1, this.current.page - 1));
  }

  /** The screen crossed the breakpoint: new page size, back to page 1. */
  resize(perPage: number): Promise<PromoGridState> {
    this.perPage = perPage;
    return this.show(1);
  }

  private async show(page: number): Promise<PromoGridState> {
    this.current = { ...this.current, loading: true };
    const result = await this.products.listCategoryProductsPage(this.categoryId, page, this.perPage);
    if (!result.ok && result.error.kind === "invalid-page" && page !== 1) return this.show(1);
    if (!result.ok) {
      const empty = result.error.kind === "invalid-page";
      this.current = empty
        ? { page: 1, items: [], hasNext: false, hasPrevious: false, loading: false, error: null }
        : { ...this.current, loading: false, error: result.error };
      return this.current;
    }
    const { items, hasNext, hasPrevious } = result.value;
    this.current = { page, items, hasNext, hasPrevious, loading: false, error: null };
    return this.current;
  }
}
