import { messages } from "@katale/domain";

// Wire messages of the read routes (spec §8 'Product not found', 'Invalid page.'); clients match
// some of them literally, so they come from the domain's messages.
export const PRODUCT_NOT_FOUND = messages.api.productNotFound;
export const INVALID_PAGE = messages.api.invalidPage;
export const CATEGORY_NOT_FOUND = messages.api.categoryNotFound;
export const SUB_CATEGORY_NOT_FOUND = messages.api.subCategoryNotFound;
export const SHOP_NOT_FOUND = messages.api.shopNotFound;
