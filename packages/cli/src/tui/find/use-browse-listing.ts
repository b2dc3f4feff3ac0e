import {
  type BrowseFacets,
  type Filter,
  LISTING_PAGE_SIZE,
  mapResult,
  type Page,
  type Product,
  type Result,
} from "@katale/domain";
import { useState } from "react";
import { useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";
import { askOf, type Narrowing } from "./narrowing.js";

/**
 * A sub category's products narrowed as `narrowing` says, a page at a time (`loadMore`), with the
 * counts of the first page (`facets`) for the filter view. Without the browse call (component tests'
 * fakes), the plain listing.
 */
export function useBrowseListing(subCategoryId: number, narrowing: Narrowing) {
  const services = useTuiServices();
  const describe = useFailureText();
  const [facets, setFacets] = useState<BrowseFacets | null>(null);
  const finder = services.find?.finder;
  const key = JSON.stringify(narrowing);
  const { state, loadMore } = useInfinite(
    async (page): Promise<Result<Page<Product>>> => {
      if (finder === undefined)
        return services.products.listSubCategoryProductsPage(subCategoryId, page, LISTING_PAGE_SIZE);
      const found = await finder.browse({
        subCategoryId,
        ...askOf(narrowing),
        page,
        pageSize: LISTING_PAGE_SIZE,
      });
      if (found.ok && page === 1) setFacets(found.value.facets);
      return mapResult(found, (r) => r.page);
    },
    [services, subCategoryId, key],
  );
  return {
    products: state.items,
    failure: state.error ? describe(state.error) : null,
    done: state.done,
    footer: infiniteFooter(state, services.urls),
    loadMore,
    facets,
    canFilter: finder !== undefined,
  };
}

/** The sub category's filters with all their values (the facets count only what is listed). */
export function useFilters(subCategoryId: number) {
  const { categories } = useTuiServices();
  const describe = useFailureText();
  return useLoad((): Promise<Result<Filter[]>> => categories.listFilters(subCategoryId), describe, [
    subCategoryId,
  ]).loaded;
}
