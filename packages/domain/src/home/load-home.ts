import type { Category } from "../catalogue/category.js";
import type { CategoryGateway } from "../catalogue/category-gateway.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import { BANNER_CATEGORIES_COUNT, FEATURED_SHOPS_COUNT, SERVICES_CATEGORY_ID } from "../constants.js";
import type { Product } from "../products/product.js";
import type { ProductGateway } from "../products/product-gateway.js";
import { mapResult, type Result } from "../result.js";
import type { FeaturedShop } from "../shops/featured-shop.js";
import type { ShopGateway } from "../shops/shop-gateway.js";

// The home page's sections (spec §2). Each loads on its own, so one failing section shows its own
// message while the others render. The promo grid and "For you" page themselves (PromoGrid,
// InfiniteScroll).

/** The banner carousel: the first 12 categories. */
export async function loadBannerCategories(
  categories: Pick<CategoryGateway, "listCategories">,
): Promise<Result<Category[]>> {
  return mapResult(await categories.listCategories(), (all) => all.slice(0, BANNER_CATEGORIES_COUNT));
}

/** The Services section: sub categories of category 5. */
export function loadServices(
  categories: Pick<CategoryGateway, "listSubCategoriesOf">,
): Promise<Result<SubCategory[]>> {
  return categories.listSubCategoriesOf(SERVICES_CATEGORY_ID);
}

/** Featured shops: the 4 best rated. */
export async function loadFeaturedShops(
  shops: Pick<ShopGateway, "listTopRated">,
): Promise<Result<FeaturedShop[]>> {
  return mapResult(await shops.listTopRated(), (all) => all.slice(0, FEATURED_SHOPS_COUNT));
}

/** The Trending carousel: the service ranks it (recent engagement, at most two of a shop). */
export function loadTrending(products: Pick<ProductGateway, "listTrending">): Promise<Result<Product[]>> {
  return products.listTrending();
}

export interface HomePorts {
  readonly categories: Pick<CategoryGateway, "listCategories" | "listSubCategoriesOf">;
  readonly products: Pick<ProductGateway, "listTrending">;
  readonly shops: Pick<ShopGateway, "listTopRated">;
}

export interface HomeSections {
  readonly bannerCategories: Result<Category[]>;
  readonly services: Result<SubCategory[]>;
  readonly featuredShops: Result<FeaturedShop[]>;
  readonly trending: Result<Product[]>;
}

/** All sections at once (the CLI's home screen); the web loads them one query each. */
export async function loadHome(ports: HomePorts): Promise<HomeSections> {
  const [bannerCategories, services, featuredShops, trending] = await Promise.all([
    loadBannerCategories(ports.categories),
    loadServices(ports.categories),
    loadFeaturedShops(ports.shops),
    loadTrending(ports.products),
  ]);
  return { bannerCategories, services, featuredShops, trending };
}
