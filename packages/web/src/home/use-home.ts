import {
  BANNER_CATEGORIES_COUNT,
  bannerItems,
  loadBannerCategories,
  loadFeaturedShops,
  loadServices,
  mapResult,
  type Product,
  type Result,
  selectTrending,
} from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

export function useBannerCategories() {
  const { categories } = useServices();
  return useQuery({
    queryKey: ["home", "banner-categories"],
    queryFn: () => loadBannerCategories(categories),
  });
}

export function useServiceSubCategories() {
  const { categories } = useServices();
  return useQuery({ queryKey: ["home", "services"], queryFn: () => loadServices(categories) });
}

export function useFeaturedShops() {
  const { shops } = useServices();
  return useQuery({ queryKey: ["home", "featured-shops"], queryFn: () => loadFeaturedShops(shops) });
}

// Trending and the product banner both come from the one list of all products (one request);
// module-level selectors keep their results stable between renders.
const trendingOf = (all: Result<Product[]>) => mapResult(all, (list) => selectTrending(list));
const slidesOf = (all: Result<Product[]>) =>
  mapResult(all, (list) => bannerItems(list).slice(0, BANNER_CATEGORIES_COUNT));

export function useTrending() {
  const { products } = useServices();
  return useQuery({
    queryKey: ["products", "all"],
    queryFn: () => products.listProducts(),
    select: trendingOf,
  });
}

/** The product banner: the newest products that have a picture. */
export function useBannerSlides() {
  const { products } = useServices();
  return useQuery({
    queryKey: ["products", "all"],
    queryFn: () => products.listProducts(),
    select: slidesOf,
  });
}
