// The home's sections below its first screen, in one chunk of their own (home-page.tsx and
// explorer-listings.tsx load it when the first of them comes near the screen): a first visit's
// JavaScript is the first screen's, and with data saver the rest is downloaded only if scrolled to.
export { FeaturedShopsSection } from "./featured-shops-section.js";
export { FollowingFeed } from "./following-feed.js";
export { ForYouFeed } from "./for-you-feed.js";
export { PromoGridSection } from "./promo-grid-section.js";
export { ServicesSection } from "./services-section.js";
export { ShopCategoriesSection } from "./shop-categories-section.js";
