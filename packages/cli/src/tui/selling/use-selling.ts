import {
  listMyShops,
  type Product,
  type ProductGateway,
  type Result,
  type Shop,
  setStock,
  type WordedError,
} from "@katale/domain";
import { useOnReturn, useTui, useTuiServices } from "../tui-context.js";
import { useFailureText, useSellingFailureText } from "../use-failure-text.js";
import { useLoad } from "../use-load.js";

// The shop owner's lists: my shops, and one shop's products with their stock.

/** The shops the signed-in user owns (none asked for when nobody is signed in). */
export function useMyShops() {
  const { selling } = useTuiServices();
  const { session } = useTui();
  const describe = useSellingFailureText();
  const signedIn = session !== null;
  const { loaded } = useLoad(
    async (): Promise<Result<Shop[], WordedError>> =>
      signedIn && selling ? listMyShops(selling) : { ok: true, value: [] },
    describe,
    [signedIn],
  );
  return { signedIn, shops: loaded };
}

/** Every product of the shop, in stock and out of stock. */
export async function allProducts(products: ProductGateway, shopId: number): Promise<Result<Product[]>> {
  const [inStock, outOfStock] = await Promise.all([
    products.listShopProducts(shopId, { stock: "in" }),
    products.listShopProducts(shopId, { stock: "out" }),
  ]);
  if (!inStock.ok) return inStock;
  if (!outOfStock.ok) return outOfStock;
  return { ok: true, value: [...inStock.value.products, ...outOfStock.value.products] };
}

/**
 * One of my shops' products, loaded again when its screen is shown again (back from the form or
 * the import); `setStock` says how it went and is true once the stock is set.
 */
export function useShopProducts(shopId: number) {
  const services = useTuiServices();
  const { say } = useTui();
  const describe = useFailureText();
  const describeSelling = useSellingFailureText();
  const list = useLoad(() => allProducts(services.products, shopId), describe, [shopId]);
  useOnReturn(list.reload);

  const setStockOf = async (product: Product, value: string): Promise<boolean> => {
    if (services.selling === undefined) return false;
    const outcome = await setStock(services.selling, product.id, value.trim());
    if (!outcome.ok) {
      say(describeSelling(outcome.error), "error");
      return false;
    }
    say(`${outcome.value.product.name}: ${outcome.value.message}`);
    list.reload();
    return true;
  };
  return { products: list.loaded, setStock: setStockOf };
}
