// The texts the web's first visit of / shows (the frame every screen shares, the home page, the
// offline and update notices) or may show (the usual error lines, a save's answer), apart from the
// rest of `messages`, which spreads them into their areas: that visit downloads these only, and the
// whole table comes with the first screen or section that needs more (docs/performance.md, "The
// web app's first screen"). Those modules and the domain's steps they run read
// `firstScreenMessages`; everything else reads `messages`.

export const firstScreenMessages = {
  common: {
    checkConnection: "Please check your internet connection",
    online: "You are online",
    offline: "You are offline",
    loginFirst: "You need to login first",
  },
  header: {
    category: "Category",
  },
  home: {
    trending: "Trending products",
    services: "Services",
    shopCategories: "Shop category",
    featuredShops: "Featured shops",
    explorerListings: "Explorer Listings",
    forYou: "For you",
    following: "Following",
    noShops: "no shops",
    noCategoriesYet: "No Categories yet",
  },
  otp: {
    serverDown: "Server down, try again later!",
  },
  auth: {
    tooManyAttempts: "Too many attempts, please wait and try again",
  },
  authServer: {
    adminOnly: "You do not have permission to perform this action.",
  },
  products: {
    notFound: "Product not found",
    saved: "Saved to your wishlist",
    unsaved: "Removed from your wishlist",
    noProducts: "No products",
    noMoreProducts: "No more products",
    tabServices: "Services",
  },
  shops: {
    followed: "You are following this shop",
    unfollowed: "You no longer follow this shop",
  },
  catalogue: {
    noSubCategoriesAvailable: "No subcategories available",
    failedToLoadCategories: "Failed to load categories",
  },
  web: {
    skipToContent: "Skip to content",
    brand: "Katale",
    home: "Home",
    shops: "Shops",
    categories: "Categories",
    wishlist: "Wishlist",
    account: "Account",
    userMenu: "User menu",
    searchProducts: "Search products",
    search: "Search",
    loading: "Loading",
    previous: "Previous",
    next: "Next",
    slideOf: (n: number, total: number) => `${n} of ${total}`,
    goToSlide: (n: number) => `Go to slide ${n}`,
    saveProduct: (name: string) => `Save ${name}`,
    verifiedShop: "Verified shop",
    rating: (value: number) => `Rated ${value} out of 5`,
    retry: "Try again",
    productBanner: "Featured products",
  },
  chat: {
    chats: "Chats",
  },
  inbox: {
    bell: "Notifications",
  },
  pwa: {
    savedCopy: "You are offline. This page is a saved copy.",
    savedCopyFrom: (when: string) => `You are offline. This page is a saved copy from ${when}.`,
    updateAvailable: "Update available",
    reload: "Reload",
  },
} as const;

/** '(1 Review)' / '(3 Reviews)': how many reviews (written comments) a product has. */
export function reviewCount(count: number): string {
  return `(${count} ${count === 1 ? "Review" : "Reviews"})`;
}

/**
 * '(1 rating)' / '(3 ratings)' beside a product's stars: how many people rated it. (The spec's cards
 * say 'Reviews', but the count is of ratings, which need no review: it sat above 'No reviews yet.')
 */
export function ratingCount(count: number): string {
  return `(${count} ${count === 1 ? "rating" : "ratings"})`;
}

/** 'In stock: N' on a product card. */
export function inStock(count: number): string {
  return `In stock: ${count}`;
}
