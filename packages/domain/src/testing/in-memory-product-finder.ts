import { LISTING_PAGE_SIZE } from "../constants.js";
import type {
  BrowseAsk,
  BrowseFacets,
  BrowseResult,
  ProductFinder,
  SavedSearch,
} from "../find/product-finder.js";
import type { Product } from "../products/product.js";
import { err, ok, type Result } from "../result.js";
import { paginate } from "./paginate.js";

/**
 * Browse and saved searches over products held in memory, for screens' tests: narrows by category,
 * sub category, words, filter values (each product's `filters`), price, stock and sorts by price;
 * the facets count each filter's values over the other narrowings, as the service does.
 */
export class InMemoryProductFinder implements ProductFinder {
  readonly asked: BrowseAsk[] = [];
  private readonly searches = new Map<string, SavedSearch[]>();
  private nextId = 1;

  constructor(
    private readonly products: readonly Product[],
    private readonly now: () => Date = () => new Date("2026-01-05T10:00:00Z"),
  ) {}

  async browse(ask: BrowseAsk): Promise<Result<BrowseResult>> {
    this.asked.push(ask);
    const chosen = new Set(ask.valueIds ?? []);
    const chosenFilters = new Set(
      this.products
        .flatMap((p) => p.filters ?? [])
        .filter((f) => chosen.has(f.valueId))
        .map((f) => f.filterId),
    );
    const passes = (p: Product, except?: number) =>
      (ask.categoryId === undefined || p.categoryId === ask.categoryId) &&
      (ask.subCategoryId === undefined || p.subCategoryId === ask.subCategoryId) &&
      (ask.q === undefined || p.name.toLowerCase().includes(ask.q.toLowerCase())) &&
      (ask.priceMin === undefined || p.price >= ask.priceMin) &&
      (ask.priceMax === undefined || p.price <= ask.priceMax) &&
      (!ask.inStockOnly || p.inStock > 0) &&
      (!ask.verifiedOnly || p.shopVerificationStatus === "VERIFIED") &&
      [...chosenFilters].every(
        (filterId) =>
          filterId === except ||
          (p.filters ?? []).some((f) => f.filterId === filterId && chosen.has(f.valueId)),
      );
    const found = this.products.filter((p) => passes(p));
    if (ask.sort === "price_asc") found.sort((a, b) => a.price - b.price);
    if (ask.sort === "price_desc") found.sort((a, b) => b.price - a.price);
    const page = paginate(found, ask.page ?? 1, ask.pageSize ?? LISTING_PAGE_SIZE);
    if (!page.ok) return page;
    const filters = new Map<
      number,
      {
        filterId: number;
        filterName: string;
        values: Map<number, { valueId: number; valueName: string; count: number }>;
      }
    >();
    for (const p of this.products)
      for (const f of p.filters ?? []) {
        const filter = filters.get(f.filterId) ?? {
          filterId: f.filterId,
          filterName: f.filterName,
          values: new Map(),
        };
        filters.set(f.filterId, filter);
        const value = filter.values.get(f.valueId) ?? {
          valueId: f.valueId,
          valueName: f.valueName,
          count: 0,
        };
        filter.values.set(f.valueId, value);
        if (passes(p, f.filterId)) value.count += 1;
      }
    const prices = found.map((p) => p.price);
    const facets: BrowseFacets = {
      filters: [...filters.values()].map((f) => ({ ...f, values: [...f.values.values()] })),
      price: {
        min: prices.length ? Math.min(...prices) : null,
        max: prices.length ? Math.max(...prices) : null,
      },
      districts: [],
      verified: found.filter((p) => p.shopVerificationStatus === "VERIFIED").length,
      inStock: found.filter((p) => p.inStock > 0).length,
    };
    return ok({ page: page.value, facets });
  }

  async saveSearch(token: string, name: string, query: string): Promise<Result<SavedSearch>> {
    const mine = this.searches.get(token) ?? [];
    if (mine.length >= 20) return err({ kind: "invalid", message: "too_many_saved_searches" });
    const saved = { id: this.nextId++, name, query, createdAt: this.now().toISOString() };
    this.searches.set(token, [saved, ...mine]);
    return ok(saved);
  }

  async listSavedSearches(token: string): Promise<Result<SavedSearch[]>> {
    return ok([...(this.searches.get(token) ?? [])]);
  }

  async deleteSavedSearch(token: string, id: number): Promise<Result<void>> {
    const mine = this.searches.get(token) ?? [];
    if (!mine.some((s) => s.id === id)) return err({ kind: "not-found" });
    this.searches.set(
      token,
      mine.filter((s) => s.id !== id),
    );
    return ok(undefined);
  }
}
