import { followOf, listFollowedShops, loadShopPage, messages, toggleFollow } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useCallback, useEffect, useState } from "react";
import { cliMessages } from "../../cli-messages.js";
import { ratingCell, shopLabel } from "../../output/formatting.js";
import { truncate } from "../../output/text.js";
import { ItemList } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useLoad } from "../use-load.js";

/** A shop: name with its tick, bio, followers, rating, and its products; follow and chat keys. */
export function ShopScreen({ shopId }: { shopId: number }) {
  const tui = useTui();
  const { services, session, width, height } = tui;
  const describe = useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, services.urls, "shop", cliMessages.shopNotFound),
    [services],
  );
  const page = useLoad(() => loadShopPage(services, shopId, session?.userId ?? null), describe, [shopId]);
  const [following, setFollowing] = useState(false);
  const engagement = services.engagement;

  useEffect(() => {
    if (session === null || engagement === undefined) return;
    void listFollowedShops(engagement).then(
      (r) => r.ok && setFollowing(followOf(r.value, shopId) !== undefined),
    );
  }, [session, engagement, shopId]);

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
      if (session === null || engagement === undefined) return tui.say(messages.common.loginFirst, "error");
      void toggleFollow({ ...engagement, shops: services.shops }, shopId).then((t) => {
        if (!t.ok) return tui.say(failureText(t.error, services.urls), "error");
        setFollowing(t.value.following);
        tui.say(t.value.message);
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
