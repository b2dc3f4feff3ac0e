import {
  INFINITE_SCROLL_PAGE_SIZE,
  listFollowedShopsProducts,
  loadTrending,
  type Product,
} from "@katale/domain";
import { useOnReturn, useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";

/** Home's three lists: Trending, the followed shops' products (signed in), and For you, a page at a time. */
export function useHome() {
  const services = useTuiServices();
  const { session } = useTui();
  const describe = useFailureText();
  const trending = useLoad(() => loadTrending(services.products), describe, []);
  const following = useLoad(
    async () =>
      session === null || services.engagement === undefined
        ? { ok: true as const, value: [] as Product[] }
        : listFollowedShopsProducts(services.engagement),
    describe,
    [session?.userId],
  );
  // Back from a product: Following again (a shop may have been followed there).
  useOnReturn(following.reload);
  const { state: forYou, loadMore } = useInfinite(
    (page) => services.products.listForYouPage(page, INFINITE_SCROLL_PAGE_SIZE),
    [services],
  );
  return {
    signedIn: session !== null,
    trending: trending.loaded,
    following: following.loaded,
    forYou: forYou.items,
    forYouFooter: infiniteFooter(forYou, services.urls),
    loadMore,
  };
}
