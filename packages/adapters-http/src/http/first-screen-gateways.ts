import { CategoryHttpGateway } from "../catalogue/category-http-gateway.js";
import { ProductHttpGateway } from "../products/product-http-gateway.js";
import { ShopHttpGateway } from "../shops/shop-http-gateway.js";
import type { HttpGateways } from "./create-http-gateways.js";
import type { FirstScreenPortName } from "./deferred-gateways.js";
import type { HttpClient } from "./http-client.js";

/** The gateways a first screen calls (categories, products, shops), built at once. */
export function firstScreenGateways(http: HttpClient): Pick<HttpGateways, FirstScreenPortName> {
  return {
    categories: new CategoryHttpGateway(http),
    products: new ProductHttpGateway(http),
    shops: new ShopHttpGateway(http),
  };
}
