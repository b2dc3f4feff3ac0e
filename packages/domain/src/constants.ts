// The numbers of spec §4 and §9, in one place so no component carries a literal.

/** Viewport width (px) at or below which the narrow layouts apply (spec §4). */
export const NARROW_BREAKPOINT_PX = 768;

// Carousels and grids (spec §4, §9).
export const CAROUSEL_PER_PAGE_WIDE = 14;
export const CAROUSEL_PER_PAGE_NARROW = 4;
export const TRENDING_PER_PAGE_WIDE = 4;
export const TRENDING_PER_PAGE_NARROW = 2;
export const PROMO_GRID_PER_PAGE_WIDE = 4;
export const PROMO_GRID_PER_PAGE_NARROW = 1;
export const INFINITE_SCROLL_PAGE_SIZE = 8;
/** Not in the spec: page size of category and sub-category listings (the service's default too). */
export const LISTING_PAGE_SIZE = 20;
/** Not in the spec: how many products the Trending carousel pages through. */
export const TRENDING_COUNT = 12;
/** Trending counts the ratings, saves and views of this many days. */
export const TRENDING_DAYS = 14;
/** How wide a Trending card's picture is shown (its <img sizes>); the server preloads the first one with it. */
export const TRENDING_IMAGE_SIZES = "(min-width: 768px) 25vw, 45vw";
/** How wide a product grid card's picture is shown (category and other listings); the server preloads the first. */
export const PRODUCT_GRID_IMAGE_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";
/** How wide the product page's main picture is shown; the server preloads it with this. */
export const PRODUCT_GALLERY_IMAGE_SIZES = "(min-width: 768px) 50vw, 100vw";
export const FEATURED_SHOPS_COUNT = 4;
export const BANNER_CATEGORIES_COUNT = 12;
export const BANNER_AUTO_ADVANCE_MS = 3000;

// Product detail and account (spec §9).
export const COMMENTS_PER_PAGE = 4;
export const PROFILE_REVIEWS_COUNT = 4;
export const MORE_FROM_SHOP_COUNT = 8;
export const RECOMMENDED_FOR_YOU_COUNT = 8;
/** A review is 1 to 2,000 characters after trimming (issue 8). */
export const REVIEW_MAX_LENGTH = 2000;
/** The browse history keeps a user's last 100 products (issue 8). */
export const BROWSE_HISTORY_MAX = 100;

// Validation bounds (spec §5, §9).
export const OTP_LENGTH = 5;
export const PHONE_MAX_LENGTH = 10;
export const PROFILE_PHONE_MAX_LENGTH = 14;
export const SHOP_CATEGORIES_MAX = 3;
/** OWASP ASVS 2.1.1 / 2.1.2: at least 8, allow at least 64; we allow 128. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PRODUCT_DESCRIPTION_HINT_WORDS = 15;
export const PRODUCT_IMAGES_HINT_COUNT = 3;
/** A product shows 1 to 8 images (issue 9); the first is the display image. */
export const PRODUCT_IMAGES_MAX = 8;
/** product/batch/ (the command line's import) takes at most this many products at once. */
export const PRODUCT_BATCH_MAX = 100;
/** The owner's own product key (sku), at most this many characters. */
export const SKU_MAX_LENGTH = 64;

// Selling (issue 9): the bounds the forms, the clients and the server share.
/** A product has at least one image (and at most PRODUCT_IMAGES_MAX). */
export const PRODUCT_IMAGES_MIN = 1;
export const PRODUCT_NAME_MAX_LENGTH = 200;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 10_000;
/** Whole UGX, above 0. */
export const PRODUCT_PRICE_MAX = 1_000_000_000_000;
/** Whole, 0 or more. */
export const PRODUCT_STOCK_MAX = 1_000_000;
export const SHOP_NAME_MAX_LENGTH = 120;
export const SHOP_BIO_MAX_LENGTH = 2000;

// Ratings: shown 0–5 in half steps, stored doubled as 0–10 (spec §5, §9).
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;
export const RATING_STORED_MAX = 10;

/** Category 5 is "Services": promo grid, services section, service banner (spec §9). */
export const SERVICES_CATEGORY_ID = 5;
/** A service banner is posted with exactly one image (spec §9). */
export const SERVICE_BANNER_IMAGE_COUNT = 1;

/** The server caps page_size at this (issue 2). */
export const PAGE_SIZE_MAX = 100;
/** Product search (POST product/search/) answers at most this many products, best first. */
export const SEARCH_RESULTS_MAX = 50;

// Images (lead's media convention): a main file at most 1200 px wide plus three variants.
export const IMAGE_VARIANT_WIDTHS = [240, 480, 800] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
export const IMAGE_MAX_WIDTH = 1200;

// Delays (spec §4, §9), in milliseconds.
export const OTP_POPUP_DELAY_MS = 1000;
export const LOGIN_PROMPT_LOADER_MS = 1000;
export const CHAT_INPUT_DELAY_MS = 800;
export const SHOP_LIST_LOAD_DELAY_MS = 1000;
export const PRODUCT_LIST_SPINNER_MS = 3000;
export const RELOAD_AFTER_CREATE_MS = 1000;
export const SERVICE_REDIRECT_MS = 3000;
export const VERIFICATION_SUCCESS_BANNER_MS = 5000;
export const SHOP_VERIFICATION_ERROR_BANNER_MS = 2000;
export const USER_VERIFICATION_ERROR_BANNER_MS = 3000;
export const CONNECTIVITY_TOAST_MS = 3000;
/** Toasts (spec §9: 3 s), e.g. after saving a product or following a shop. */
export const TOAST_MS = 3000;
export const MISSING_PRODUCT_REDIRECT_MS = 2000;
export const RATING_CONFIRMATION_MS = 1000;
export const COMMENT_EDIT_CONFIRMATION_MS = 2000;
export const LINK_COPIED_NOTICE_MS = 2000;
export const FEEDBACK_ERROR_CLEAR_MS = 3000;
export const PRODUCT_CREATE_ERROR_MS = 4000;
/** "Success banners 1-3 s": the short and the long end. */
export const SUCCESS_BANNER_SHORT_MS = 1000;
export const SUCCESS_BANNER_LONG_MS = 3000;
