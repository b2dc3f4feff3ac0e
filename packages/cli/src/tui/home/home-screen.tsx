import {
  INFINITE_SCROLL_PAGE_SIZE,
  listFollowedShopsProducts,
  loadTrending,
  type Product,
} from "@katale/domain";
import { Box, Text } from "ink";
import { useCallback } from "react";
import { ItemList, type Row } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useOnReturn, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";
import { useLoad } from "../use-load.js";

const FOLLOWING_SHOWN = 8;

/** Home: Trending, Following (signed in), and For you, which loads more as the selection nears its end. */
export function HomeScreen() {
  const tui = useTui();
  const { services, session, width, height } = tui;
  const describe = useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, services.urls),
    [services],
  );
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
    (page) => services.products.listProductsPage(page, INFINITE_SCROLL_PAGE_SIZE),
    [services],
  );

  const open = (p: Product) => () => tui.open({ screen: "product", slug: p.slug, title: p.name });
  const productRows = (group: string, products: readonly Product[]): Row[] =>
    products.map((p, i) => ({ key: `${group}-${p.id}-${i}`, text: productLine(p, width), onOpen: open(p) }));

  if (trending.loaded.state !== "ok") return <LoadedView loaded={trending.loaded}>{() => null}</LoadedView>;
  const rows: Row[] = [
    { key: "h-trending", text: "Trending", heading: true },
    ...productRows("t", trending.loaded.value),
  ];
  if (session !== null && following.loaded.state === "ok" && following.loaded.value.length > 0) {
    rows.push({ key: "h-following", text: "Following", heading: true });
    rows.push(...productRows("f", following.loaded.value.slice(0, FOLLOWING_SHOWN)));
  }
  rows.push({ key: "h-for-you", text: "For you", heading: true });
  rows.push(...productRows("y", forYou.items));
  const footer = infiniteFooter(forYou, services.urls);

  return (
    <Box flexDirection="column">
      {following.loaded.state === "failed" ? <ErrorLine text={following.loaded.message} /> : null}
      <ItemList
        rows={rows}
        width={width}
        height={height}
        onNearEnd={loadMore}
        {...(footer ? { footer } : {})}
      />
      {rows.length === 2 ? <Text>{tuiMessages.nothingYet("products")}</Text> : null}
    </Box>
  );
}
