import {
  type BrowseAsk,
  type BrowseResult,
  mapResult,
  type ProductFinder,
  type Result,
  type SavedSearch,
} from "@katale/domain";
import { type BrowseFacetsWire, findCalls, type SavedSearchWire } from "../contract/find.js";
import type { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";
import { toProduct } from "../products/product-wire-mapping.js";

// GET product/browse/ and saved-search/ on the shop service.

export function toFacets(wire: BrowseFacetsWire): BrowseResult["facets"] {
  return {
    filters: wire.filters.map((f) => ({
      filterId: f.filter_id,
      filterName: f.filter_name,
      values: f.values.map((v) => ({ valueId: v.value_id, valueName: v.value_name, count: v.count })),
    })),
    price: wire.price,
    districts: wire.districts,
    verified: wire.verified,
    inStock: wire.in_stock,
  };
}

const toSavedSearch = (wire: SavedSearchWire): SavedSearch => ({
  id: wire.id,
  name: wire.name,
  query: wire.query,
  createdAt: wire.created_at,
});

export class FindHttpGateway implements ProductFinder {
  constructor(private readonly http: HttpClient) {}

  async browse(ask: BrowseAsk): Promise<Result<BrowseResult>> {
    const page = ask.page ?? 1;
    const answer = await this.http.call(findCalls.browse, {
      query: {
        category: ask.categoryId,
        subcategory: ask.subCategoryId,
        q: ask.q?.trim() || undefined,
        value: ask.valueIds,
        price_min: ask.priceMin,
        price_max: ask.priceMax,
        district: ask.districts,
        near: ask.near && `${ask.near.lat},${ask.near.lng}`,
        radius_km: ask.near?.radiusKm,
        verified: ask.verifiedOnly ? 1 : undefined,
        in_stock: ask.inStockOnly ? 1 : undefined,
        sort: ask.sort,
        page: page === 1 ? undefined : page,
        page_size: ask.pageSize,
      },
    });
    return mapResult(answer, (body) => ({
      page: toPage(body, page, toProduct),
      facets: toFacets(body.facets),
    }));
  }

  async saveSearch(token: string, name: string, query: string): Promise<Result<SavedSearch>> {
    const answer = await this.http.call(findCalls.saveSearch, { token, body: { name, query } });
    return mapResult(answer, (body) => toSavedSearch(body.data));
  }

  async listSavedSearches(token: string): Promise<Result<SavedSearch[]>> {
    const answer = await this.http.call(findCalls.savedSearches, { token });
    return mapResult(answer, (body) => body.data.map(toSavedSearch));
  }

  async deleteSavedSearch(token: string, id: number): Promise<Result<void>> {
    const answer = await this.http.call(findCalls.deleteSavedSearch, { token, params: { id } });
    return mapResult(answer, () => undefined);
  }
}
