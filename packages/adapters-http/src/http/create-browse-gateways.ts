import type {
  CategoryGateway,
  ProductGateway,
  ReviewGateway,
  ShopGateway,
  SupportGateway,
} from "@katale/domain";
import { CategoryHttpGateway } from "../catalogue/category-http-gateway.js";
import { ProductHttpGateway } from "../products/product-http-gateway.js";
import { ReviewHttpGateway } from "../products/review-http-gateway.js";
import { ShopHttpGateway } from "../shops/shop-http-gateway.js";
import { SupportHttpGateway } from "../support/support-http-gateway.js";
import type { FetchLike } from "./fetch-like.js";
import { HttpClient, type ServiceUrls } from "./http-client.js";

export interface BrowseGateways {
  readonly categories: CategoryGateway;
  readonly products: ProductGateway;
  readonly reviews: ReviewGateway;
  readonly shops: ShopGateway;
  readonly support: SupportGateway;
}

export interface BrowseGatewayOptions extends ServiceUrls {
  /** The global `fetch` (browsers, Node) or any function shaped like it (tests). */
  readonly fetch: FetchLike;
}

/** The browse ports over HTTP, sharing one client. */
export function createBrowseGateways(options: BrowseGatewayOptions): BrowseGateways {
  const http = new HttpClient({ authUrl: options.authUrl, shopUrl: options.shopUrl }, options.fetch);
  return {
    categories: new CategoryHttpGateway(http),
    products: new ProductHttpGateway(http),
    reviews: new ReviewHttpGateway(http),
    shops: new ShopHttpGateway(http),
    support: new SupportHttpGateway(http),
  };
}
