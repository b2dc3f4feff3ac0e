import { messages } from "@katale/domain";

// The 404 words of the read routes (spec §8 'Product not found', 'Invalid page.'), shared by every
// feature; the words come from the domain's messages, clients read the error code beside them.
export const PRODUCT_NOT_FOUND = messages.api.productNotFound;
export const INVALID_PAGE = messages.api.invalidPage;
export const CATEGORY_NOT_FOUND = messages.api.categoryNotFound;
export const SUB_CATEGORY_NOT_FOUND = messages.api.subCategoryNotFound;
export const SHOP_NOT_FOUND = messages.api.shopNotFound;
