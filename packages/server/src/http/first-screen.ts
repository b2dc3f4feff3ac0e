import { toProduct } from "@katale/adapters-http";
import { FIRST_SCREEN_ID, productWire } from "@katale/adapters-http/contract";
import {
  BANNER_CATEGORIES_COUNT,
  bannerItems,
  browseQueryString,
  dataSaverSrcSet,
  firstScreenAt,
  imageSrcSet,
  mediaUrl,
  PRODUCT_GALLERY_IMAGE_SIZES,
  PRODUCT_GRID_IMAGE_SIZES,
  PRODUCT_SURROUNDINGS_LIMITS,
  type Product,
  TRENDING_IMAGE_SIZES,
} from "@katale/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

// The first screen's data in the page itself (issue 13): the answers of the calls the screen makes
// first, inlined as JSON, so the app renders them as soon as its JavaScript runs instead of waiting a
// round (or two) of API calls; and a preload of the picture that ends up the largest on screen, so it
// downloads beside the JavaScript. Three screens where visits start: /, a product, a category.

/** The shop-service calls the home screen makes on a first visit, by their path from the service's base. */
export const FIRST_SCREEN_CALLS = ["product/", "category/", "shop/top-rated/", "product/trending/"] as const;

/** The web app's modules (Vite manifest keys) of the screens below, whose chunks the page preloads. */
export const SCREEN_MODULES = {
  product: "src/products/product-detail-page.tsx",
  category: "src/catalogue/category-page.tsx",
} as const;

const productList = z.object({ data: z.array(productWire) });
const productData = z.object({ data: productWire });
const productPage = z.object({ results: z.array(productWire) });
/** Only the shop ids of a product list: a product page's related products, for their shops. */
const productShopIds = z.object({ data: z.array(z.object({ shop_id: z.number() })) });
const categoryList = z.object({ categories: z.array(z.object({ id: z.number(), name: z.string() })) });

export interface FirstScreen {
  /** The `<script type="application/json">` with the answers; empty when there is none. */
  readonly data: string;
  /** The `<link rel=preload>` of the largest picture; empty when there is none. */
  readonly preload: string;
  /** The web module whose chunk this screen needs at once, when it is not part of the entry. */
  readonly module?: string;
  /**
   * What the page shows, before the app starts, between index.html's first-screen marks: the screen's
   * main picture where the app will show it, so it is on screen as soon as it has downloaded.
   */
  readonly skeleton?: string;
}

/** index.html's marks around the part of its skeleton a screen may replace. */
export const SKELETON_START = "<!--first-screen-->";
export const SKELETON_END = "<!--/first-screen-->";

const NONE: FirstScreen = { data: "", preload: "" };

interface Answer {
  readonly path: string;
  readonly body: string;
  readonly ok: boolean;
}

/** One call through the app itself: the same answer as the API's, from the read cache when warm. */
async function ask(app: FastifyInstance, shopBase: string, call: string): Promise<Answer> {
  const path = `${shopBase}${call}`;
  const response = await app.inject({ method: "GET", url: path });
  return { path, ok: response.statusCode === 200, body: response.body };
}

/** The answers as the page's JSON element, keyed by path; the bodies go in as they are. */
function dataElement(answers: readonly Answer[]): string {
  const found = answers.filter((answer) => answer.ok);
  if (found.length === 0) return "";
  const json = `{${found.map(({ path, body }) => `${JSON.stringify(path)}:${body}`).join(",")}}`.replaceAll(
    "<",
    "\\u003c",
  );
  return `<script type="application/json" id="${FIRST_SCREEN_ID}">${json}</script>`;
}

function parsed<T>(schema: z.ZodType<T>, answer: Answer | undefined): T | undefined {
  if (answer === undefined || !answer.ok) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(answer.body));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * The srcset the app gives a picture: with `Save-Data: on` (or the app's data saver, which the page
 * then starts with) a size smaller, so the preload and the skeleton fetch what the app shows.
 */
type SrcSet = (url: string) => string;
const srcSetFor = (saveData: boolean): SrcSet => (saveData ? dataSaverSrcSet : imageSrcSet);

/** `<link rel=preload>` for a picture, with the srcset and sizes the element showing it uses. */
function picturePreload(shopBase: string, path: string | undefined, sizes: string, srcSet: SrcSet): string {
  const url = mediaUrl(shopBase, path);
  if (url === null) return "";
  return `<link rel="preload" as="image" href="${attribute(url)}" imagesrcset="${attribute(srcSet(url))}" imagesizes="${sizes}" fetchpriority="high">`;
}

/**
 * The product page's main picture where the page shows it (product-detail-page.tsx: the breadcrumb
 * row's 44 px, then the gallery's framed square), until the app renders the page over it.
 */
function productSkeleton(shopBase: string, path: string | undefined, srcSet: SrcSet): string | undefined {
  const url = mediaUrl(shopBase, path);
  if (url === null) return undefined;
  const picture = `<img src="${attribute(url)}" srcset="${attribute(srcSet(url))}" sizes="${PRODUCT_GALLERY_IMAGE_SIZES}" alt="" width="800" height="800" fetchpriority="high" class="aspect-square w-full object-cover">`;
  return `<div class="page pb-8"><div style="height:44px"></div><div class="grid gap-6 md:grid-cols-2"><div class="relative overflow-hidden rounded-xl border border-gray-200 bg-white">${picture}</div></div></div>`;
}

/**
 * The home page's first Trending picture where a phone shows it (home-page.tsx: the banner's
 * placeholder as index.html draws it, the categories' 260 px, Trending's title row; then
 * trending-carousel.tsx's first cell and product-card.tsx's framed square), until the app renders
 * the page over it.
 */
function homeSkeleton(shopBase: string, path: string | undefined, srcSet: SrcSet): string | undefined {
  const url = mediaUrl(shopBase, path);
  if (url === null) return undefined;
  const picture = `<img src="${attribute(url)}" srcset="${attribute(srcSet(url))}" sizes="${TRENDING_IMAGE_SIZES}" alt="" width="480" height="480" fetchpriority="high" class="aspect-square w-full bg-gray-100 object-cover">`;
  const card = `<div class="relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">${picture}</div>`;
  const banner = `<div class="page pt-4"><div class="h-56 animate-pulse rounded-2xl bg-brand-50 sm:h-72"></div></div>`;
  return `${banner}<div style="height:260px"></div><div class="page py-5"><div style="height:41px"></div><ul class="grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-4"><li>${card}</li></ul></div>`;
}

/**
 * The home screen's list of all products (`product/`), cut to the ones its first screen shows: the
 * banner's (use-home.ts selects them from that list, and from the cut list selects the same ones, in
 * the list's order). Every product would weigh ~75 KB in the page, parsed and checked by a slow phone
 * before the first render; the app asks for the whole list when it needs it again. Trending is its
 * own call (product/trending/).
 */
function shownProducts(answer: Answer, all: readonly Product[]): Answer {
  if (!answer.ok || all.length === 0) return answer;
  const shown = new Set<number>();
  for (const item of bannerItems(all).slice(0, BANNER_CATEGORIES_COUNT)) shown.add(item.productId);
  if (shown.size === all.length) return answer;
  const body = JSON.parse(answer.body) as { data: { product_id: number }[] };
  const data = body.data.filter((product) => shown.has(product.product_id));
  return { ...answer, body: JSON.stringify({ ...body, data }) };
}

/**
 * The category page's first card picture where the page shows it on a phone (category-page.tsx: the
 * breadcrumb row, title and sub-category row, 224 px; then product-grid.tsx's first cell and
 * product-card.tsx's framed square), until the app renders the page over it.
 */
function categorySkeleton(shopBase: string, path: string | undefined, srcSet: SrcSet): string | undefined {
  const url = mediaUrl(shopBase, path);
  if (url === null) return undefined;
  const picture = `<img src="${attribute(url)}" srcset="${attribute(srcSet(url))}" sizes="${PRODUCT_GRID_IMAGE_SIZES}" alt="" width="480" height="480" fetchpriority="high" class="aspect-square w-full bg-gray-100 object-cover">`;
  return `<div class="page pb-8"><div style="height:224px"></div><ul class="grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-3 lg:grid-cols-4"><li><div class="relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">${picture}</div></li></ul></div>`;
}

/**
 * `/`: products, categories, top-rated shops (not with `saveData`: below the first screen, the app
 * asks for them when they come on screen) and Trending; the first Trending card's picture.
 */
async function homeScreen(
  app: FastifyInstance,
  shopBase: string,
  srcSet: SrcSet,
  saveData: boolean,
): Promise<FirstScreen> {
  const calls = FIRST_SCREEN_CALLS.filter((call) => !saveData || call !== "shop/top-rated/");
  // The calls at once.
  const answers = await Promise.all(calls.map((call) => ask(app, shopBase, call)));
  const answerOf = (call: (typeof calls)[number]) => answers[calls.indexOf(call)];
  const products = parsed(productList, answerOf("product/"));
  const all = products?.data.map(toProduct) ?? [];
  const first = parsed(productList, answerOf("product/trending/"))?.data[0];
  return {
    data: dataElement(
      answers.map((answer) => (answer === answerOf("product/") ? shownProducts(answer, all) : answer)),
    ),
    preload: picturePreload(shopBase, first?.images[0], TRENDING_IMAGE_SIZES, srcSet),
    skeleton: homeSkeleton(shopBase, first?.images[0], srcSet),
  };
}

/**
 * What a product's page asks once it has the product (domain loadProductSurroundings): its shop, the
 * shop's products, related products, then the related products' shops.
 */
async function productSurroundings(
  app: FastifyInstance,
  shopBase: string,
  product: { readonly product_id: number; readonly shop_id: number },
): Promise<Answer[]> {
  const [shop, shopProducts, related] = await Promise.all([
    ask(app, shopBase, `shop/${product.shop_id}/`),
    ask(app, shopBase, `product/shop/${product.shop_id}/?limit=${PRODUCT_SURROUNDINGS_LIMITS.shopProducts}`),
    ask(app, shopBase, `product/related/${product.product_id}/?limit=${PRODUCT_SURROUNDINGS_LIMITS.related}`),
  ]);
  const shopIds = [...new Set(parsed(productShopIds, related)?.data.map((p) => p.shop_id) ?? [])];
  const relatedShops =
    shopIds.length === 0 ? [] : [await ask(app, shopBase, `shop/?ids=${shopIds.join(",")}`)];
  return [shop, shopProducts, related, ...relatedShops];
}

/**
 * `/item/{slug}`: the product (what the page asks first) and what the page shows around it, so its
 * first screen needs neither a call nor the gateways' code; its main picture.
 */
async function productScreen(
  app: FastifyInstance,
  shopBase: string,
  slug: string,
  srcSet: SrcSet,
): Promise<FirstScreen> {
  const answer = await ask(app, shopBase, `product/slug/${encodeURIComponent(slug)}/`);
  const product = parsed(productData, answer);
  const around = product === undefined ? [] : await productSurroundings(app, shopBase, product.data);
  return {
    data: dataElement([answer, ...around]),
    preload: picturePreload(shopBase, product?.data.images[0], PRODUCT_GALLERY_IMAGE_SIZES, srcSet),
    module: SCREEN_MODULES.product,
    skeleton: productSkeleton(shopBase, product?.data.images[0], srcSet),
  };
}

/** `/products/category/{name}`: the categories, the category's sub categories and first page; its first picture. */
async function categoryScreen(
  app: FastifyInstance,
  shopBase: string,
  name: string,
  srcSet: SrcSet,
): Promise<FirstScreen> {
  const categories = await ask(app, shopBase, "category/");
  const wanted = name.trim().toLowerCase();
  const category = parsed(categoryList, categories)?.categories.find((c) => c.name.toLowerCase() === wanted);
  if (category === undefined)
    return { data: dataElement([categories]), preload: "", module: SCREEN_MODULES.category };
  // The listing as the page asks for it (find/browse-listing.tsx: the category's browse, nothing
  // narrowed), so its grid draws at once and its first card is the one the skeleton and preload show.
  const [subCategories, products] = await Promise.all([
    ask(app, shopBase, `category/subcategory/${category.id}/`),
    ask(app, shopBase, `product/browse/?${browseQueryString({ categoryId: category.id })}`),
  ]);
  // The browse grid shows every product it answers (product-grid.tsx, withOutOfStock): the first.
  const first = parsed(productPage, products)?.results[0];
  return {
    data: dataElement([categories, subCategories, products]),
    preload: picturePreload(shopBase, first?.images[0], PRODUCT_GRID_IMAGE_SIZES, srcSet),
    module: SCREEN_MODULES.category,
    skeleton: categorySkeleton(shopBase, first?.images[0], srcSet),
  };
}

/**
 * The first screen of the page at `url` (path and query), or nothing for the other pages; with
 * `saveData` (the request's `Save-Data: on`, or the app's data saver cookie) its pictures a size
 * smaller and, on `/`, nothing below the first screen.
 */
export async function firstScreen(
  app: FastifyInstance,
  shopBase: string,
  url: string,
  saveData = false,
): Promise<FirstScreen> {
  const [pathname = "", query = ""] = url.split("?", 2);
  const address = firstScreenAt(pathname, query);
  const srcSet = srcSetFor(saveData);
  if (address?.screen === "home") return homeScreen(app, shopBase, srcSet, saveData);
  if (address?.screen === "product") return productScreen(app, shopBase, address.slug, srcSet);
  if (address?.screen === "category") return categoryScreen(app, shopBase, address.name, srcSet);
  return NONE;
}
