import type { BrowseResult } from "@katale/domain";
import type { BrowseAnswerWire, BrowseFacetsWire } from "../contract/find.js";
import { toPage } from "../http/page-mapping.js";
import { toProduct } from "../products/product-wire-mapping.js";

// product/browse/'s answer in the domain's terms. Type imports only from the contract: a category's
// first screen maps the answer its page carries without loading zod (inlined-first-screen.ts).

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

/** A browse page (`page`, as asked) with its facets. */
export function toBrowseResult(wire: BrowseAnswerWire, page: number): BrowseResult {
  return { page: toPage(wire, page, toProduct), facets: toFacets(wire.facets) };
}
