import { Text } from "ink";
import { shopLabel } from "../../output/formatting.js";
import { ItemList } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useMyShops } from "./use-selling.js";

/** My shops: the shops the signed-in user owns; Enter opens one. */
export function MyShopsScreen() {
  const tui = useTui();
  const { signedIn, shops: loaded } = useMyShops();
  if (!signedIn) return <Text>{tuiMessages.signInFor("your shops")}</Text>;
  return (
    <LoadedView loaded={loaded}>
      {(shops) =>
        shops.length === 0 ? (
          <Text>{tuiMessages.noShops}</Text>
        ) : (
          <ItemList
            width={tui.width}
            height={tui.height}
            rows={shops.map((shop) => ({
              key: String(shop.id),
              text: shopLabel(shop.name, shop.verificationStatus),
              onOpen: () => tui.open({ screen: "my-shop", shopId: shop.id, title: shop.name }),
            }))}
          />
        )
      }
    </LoadedView>
  );
}
