import type { Product } from "@katale/domain";
import { Box, Text } from "ink";
import { ItemList, type Row } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useHome } from "./use-home.js";

const FOLLOWING_SHOWN = 8;

/** Home: Trending, Following (signed in), and For you, which loads more as the selection nears its end. */
export function HomeScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const { signedIn, trending, following, forYou, forYouFooter: footer, loadMore } = useHome();

  const open = (p: Product) => () => tui.open({ screen: "product", slug: p.slug, title: p.name });
  const productRows = (group: string, products: readonly Product[]): Row[] =>
    products.map((p, i) => ({ key: `${group}-${p.id}-${i}`, text: productLine(p, width), onOpen: open(p) }));

  if (trending.state !== "ok") return <LoadedView loaded={trending}>{() => null}</LoadedView>;
  const rows: Row[] = [
    { key: "h-trending", text: "Trending", heading: true },
    ...productRows("t", trending.value),
  ];
  if (signedIn && following.state === "ok" && following.value.length > 0) {
    rows.push({ key: "h-following", text: "Following", heading: true });
    rows.push(...productRows("f", following.value.slice(0, FOLLOWING_SHOWN)));
  }
  rows.push({ key: "h-for-you", text: "For you", heading: true });
  rows.push(...productRows("y", forYou));

  return (
    <Box flexDirection="column">
      {following.state === "failed" ? <ErrorLine text={following.message} /> : null}
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
