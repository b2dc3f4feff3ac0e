import { messages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { ratingCell, shopLabel } from "../../output/formatting.js";
import { truncate } from "../../output/text.js";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { useSaveFollow } from "../engagement/use-save-follow.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useShop } from "./use-shop.js";

/** A shop: name with its tick, bio, followers, rating, and its products; follow and chat keys. */
export function ShopScreen({ shopId }: { shopId: number }) {
  const tui = useTui();
  const { width, height } = tui;
  const { page, following, setFollowing } = useShop(shopId);
  const { follow } = useSaveFollow();

  useScreenKeys([
    { keys: "f", does: following ? "unfollow" : "follow" },
    { keys: "c", does: "chat with the shop" },
  ]);
  useInput(
    (input) => {
      if (page.loaded.state !== "ok") return;
      const shop = page.loaded.value.shop;
      if (input === "c") tui.open({ screen: "chat-room", shopId, title: shop.name });
      if (input !== "f") return;
      void follow(shopId, !following).then((t) => {
        if (t === undefined) return;
        setFollowing(t.following);
        page.reload();
      });
    },
    { isActive: tui.active },
  );

  return (
    <LoadedView loaded={page.loaded}>
      {({ shop, products, numberOfProducts, numberOfFollowers }) => {
        const facts = [
          tuiMessages.productsCount(numberOfProducts),
          tuiMessages.followers(numberOfFollowers),
          `rating ${ratingCell(shop.rating)}`,
          following ? "you follow it" : "",
        ].filter((f) => f !== "");
        return (
          <Box flexDirection="column">
            <Text bold wrap="truncate">
              {shopLabel(shop.name, shop.verificationStatus, width)}
            </Text>
            <Text wrap="truncate">{truncate(facts.join(" · "), width)}</Text>
            <Text dimColor wrap="truncate">
              {truncate(shop.bio, width)}
            </Text>
            {products.length === 0 ? (
              <Text>{messages.products.noProducts}</Text>
            ) : (
              <ItemList
                width={width}
                height={height - 3}
                rows={products.map((p) => ({
                  key: String(p.id),
                  text: productLine(p, width, false),
                  onOpen: () => tui.open({ screen: "product", slug: p.slug, title: p.name }),
                }))}
              />
            )}
          </Box>
        );
      }}
    </LoadedView>
  );
}
