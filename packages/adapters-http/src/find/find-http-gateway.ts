import {
  type BrowseAsk,
  type BrowseResult,
  mapResult,
  type ProductFinder,
  type Result,
  type SavedSearch,
} from "@katale/domain";
import { findCalls, type SavedSearchWire } from "../contract/find.js";
import type { HttpClient } from "../http/http-client.js";
import { toBrowseResult } from "./find-wire-mapping.js";

// GET product/browse/ and saved-search/ on the shop service.

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
    return mapResult(answer, (body) => toBrowseResult(body, page));
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
