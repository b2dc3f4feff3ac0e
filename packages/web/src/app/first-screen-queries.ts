import { firstScreenAt } from "@katale/domain";
import type { QueryClient } from "@tanstack/react-query";
import { categoryPlaceQuery } from "../catalogue/use-listings.js";
import { homeQueries } from "../home/use-home.js";
import { productQuery } from "../products/use-product-detail.js";
import { dataSaverOn } from "../pwa/data-saver.js";
import type { Services } from "./services.js";

// The screens a visit starts on (/, a product, a category) come with their first answers inlined in
// the page (first-screen-fetch.ts). Their queries are filled from them before the app first renders,
// so the first render draws the screen with its content: the answers arriving after it would
// re-render the whole screen at once, as one task a slow phone spends hundreds of milliseconds on
// (React Query's updates cannot be split up; the first render is, in a transition). Issue 13.

/** Longest wait for the first screen's queries before rendering anyway (an answer that was not inlined). */
export const FIRST_SCREEN_WAIT_MS = 300;

/** Prefetches the queries of the screen at this address that its page carries the answers of. */
function prefetchesOf(client: QueryClient, services: Services, pathname: string, search: string) {
  const address = firstScreenAt(pathname, search);
  if (address?.screen === "home")
    return [
      client.prefetchQuery(homeQueries.allProducts(services)),
      client.prefetchQuery(homeQueries.trending(services)),
      client.prefetchQuery(homeQueries.bannerCategories(services)),
      // Below the first screen: with data saver the page does not carry them (home-page.tsx).
      ...(dataSaverOn() ? [] : [client.prefetchQuery(homeQueries.featuredShops(services))]),
    ];
  if (address?.screen === "product")
    return [client.prefetchQuery(productQuery(services, { slug: address.slug }))];
  if (address?.screen === "category") {
    const place = categoryPlaceQuery(services, address.name);
    // Then its listing, as the page asks for it (find/browse-listing.tsx): the grid draws at once.
    // Its module comes with the category page's chunks (the page preloads them), not with `/`'s.
    const listing = Promise.all([client.prefetchQuery(place), import("../find/use-browse.js")]).then(
      ([, { browseQuery, narrowingOf }]) => {
        const found = client.getQueryData(place.queryKey);
        if (!found?.ok) return;
        return client.prefetchQuery(
          browseQuery(services, { ...narrowingOf(search), categoryId: found.value.category.id }),
        );
      },
    );
    return [listing];
  }
  return [];
}

/**
 * Fills the query cache with the first screen's queries of the page at `location`, waiting at most
 * `waitMs`; a query still running then goes on, and its screen shows it loading as usual.
 */
export async function prefillFirstScreen(
  client: QueryClient,
  services: Services,
  location: Pick<Location, "pathname" | "search">,
  waitMs = FIRST_SCREEN_WAIT_MS,
): Promise<void> {
  const prefetches = prefetchesOf(client, services, location.pathname, location.search);
  if (prefetches.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(prefetches),
    new Promise((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}
