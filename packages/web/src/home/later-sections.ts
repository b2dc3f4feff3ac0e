// The home page's sections below its first screen, one chunk of their own: they render only when
// the reader comes near them, so the first visit's JavaScript does not carry them. (Featured shops
// stays with the home page: it renders at the first idle moment, its data already there.)
export { FollowingFeed } from "./following-feed.js";
export { ForYouFeed } from "./for-you-feed.js";
export { PromoGridSection } from "./promo-grid-section.js";
export { ServicesSection } from "./services-section.js";
export { ShopCategoriesSection } from "./shop-categories-section.js";
