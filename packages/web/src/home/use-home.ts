import {
  BANNER_CATEGORIES_COUNT,
  bannerItems,
  forYouFeed,
  listFollowedShopsProducts,
  loadBannerCategories,
  loadFeaturedShops,
  loadServices,
  mapResult,
  type Product,
  type Result,
} from "@katale/domain";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Services } from "../app/services.js";
import { useServices } from "../app/services-context.js";
import { FOLLOWED_SHOPS_PRODUCTS_KEY } from "../engagement/engagement-keys.js";
import { useInfiniteFeed } from "./use-infinite-feed.js";

/**
 * The home's queries whose answers a first visit's page carries: its hooks use them, and so does
 * app/first-screen-queries.ts, which fills them before the first render.
 */
export const homeQueries = {
  bannerCategories: ({ categories }: Pick<Services, "categories">) =>
    queryOptions({
      queryKey: ["home", "banner-categories"],
      queryFn: () => loadBannerCategories(categories),
    }),
  featuredShops: ({ shops }: Pick<Services, "shops">) =>
    queryOptions({ queryKey: ["home", "featured-shops"], queryFn: () => loadFeaturedShops(shops) }),
  /** Trending, ranked by the service (recent engagement, at most two products of a shop). */
  trending: ({ products }: Pick<Services, "products">) =>
    queryOptions({ queryKey: ["products", "trending"], queryFn: () => products.listTrending() }),
  /** Every product (one request): the product banner selects from it. */
  allProducts: ({ products }: Pick<Services, "products">) =>
    queryOptions({ queryKey: ["products", "all"], queryFn: () => products.listProducts() }),
};

export function useBannerCategories() {
  return useQuery(homeQueries.bannerCategories(useServices()));
}

export function useServiceSubCategories() {
  const { categories } = useServices();
  return useQuery({ queryKey: ["home", "services"], queryFn: () => loadServices(categories) });
}

/** The featured shops; not asked for while `enabled` is false. */
export function useFeaturedShops(enabled = true) {
  return useQuery({ ...homeQueries.featuredShops(useServices()), enabled });
}

// The product banner comes from the list of all products; a module-level selector keeps its
// result stable between renders.
const slidesOf = (all: Result<Product[]>) =>
  mapResult(all, (list) => bannerItems(list).slice(0, BANNER_CATEGORIES_COUNT));

export function useTrending() {
  return useQuery(homeQueries.trending(useServices()));
}

/** The product banner: the newest products that have a picture. */
export function useBannerSlides() {
  return useQuery({ ...homeQueries.allProducts(useServices()), select: slidesOf });
}

/** The signed-in user's 'Following': the products of the shops they follow. */
export function useFollowedShopsProducts() {
  const { follows, local } = useServices();
  return useQuery({
    queryKey: FOLLOWED_SHOPS_PRODUCTS_KEY,
    // Read again each time the tab opens: a follow made a moment ago must show.
    staleTime: 0,
    queryFn: () => listFollowedShopsProducts({ follows, storage: local }),
  });
}

/** 'For you': every product, a page more at each `loadMore`. */
export function useForYouFeed() {
  const { products } = useServices();
  return useInfiniteFeed(() => forYouFeed(products));
}
