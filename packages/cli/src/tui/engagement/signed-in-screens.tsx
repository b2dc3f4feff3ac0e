import { useInput } from "ink";
import { useState } from "react";
import type { Row } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { SignedInList } from "./signed-in-list.js";
import { useBrowseHistory, useFollowedShops, useSavedProducts } from "./use-engagement-lists.js";
import { useSaveFollow } from "./use-save-follow.js";

// The signed-in lists: Saved, Following and History, on the session the commands share.

export function SavedScreen() {
  const tui = useTui();
  const { save } = useSaveFollow();
  const list = useSavedProducts();
  const { reload } = list;
  const [selected, setSelected] = useState<Row | undefined>();
  useScreenKeys([{ keys: "x", does: "remove from saved" }]);
  useInput(
    (input) => {
      if (input !== "x" || selected === undefined) return;
      void save(Number(selected.key), false).then((t) => t && reload());
    },
    { isActive: tui.active },
  );
  return (
    <SignedInList
      list={list}
      what="your saved products"
      rows={(saved) =>
        saved.items.map((entry) => ({
          key: String(entry.product.id),
          text: productLine(entry.product, tui.width),
          onOpen: () => tui.open({ screen: "product", slug: entry.product.slug, title: entry.product.name }),
        }))
      }
      empty={tuiMessages.nothingYet("saved products")}
      onSelect={setSelected}
    />
  );
}

export function FollowingScreen() {
  const tui = useTui();
  return (
    <SignedInList
      list={useFollowedShops()}
      what="the shops you follow"
      rows={(records) =>
        records.map((record) => ({
          key: String(record.id),
          text: record.shop.name,
          onOpen: () => tui.open({ screen: "shop", shopId: record.shop.id, title: record.shop.name }),
        }))
      }
      empty={tuiMessages.nothingYet("followed shops")}
    />
  );
}

export function HistoryScreen() {
  const tui = useTui();
  return (
    <SignedInList
      list={useBrowseHistory()}
      what="the products you viewed"
      rows={(history) =>
        history.products.map((product, i) => ({
          key: `${product.id}-${i}`,
          text: productLine(product, tui.width),
          onOpen: () => tui.open({ screen: "product", slug: product.slug, title: product.name }),
        }))
      }
      empty={tuiMessages.nothingYet("viewed products")}
    />
  );
}
