import {
  chatPartner,
  listBrowseHistory,
  listChats,
  listFollowedShops,
  listSavedProducts,
  type Result,
  toggleSave,
} from "@katale/domain";
import { Text, useInput } from "ink";
import { type ReactNode, useCallback, useState } from "react";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { chatPreview, chatWhen } from "../../chat/chat-render.js";
import { ItemList, type Row } from "../components/item-list.js";
import { productLine } from "../components/product-rows.js";
import { LoadedView } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useOnReturn, useScreenKeys, useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useLoad } from "../use-load.js";

// The signed-in lists: Saved, Following, History and Chats, on the session the commands share.

/** Loads a signed-in list; signed out, says how to log in. */
function useSignedInList<T>(
  what: string,
  load: () => Promise<Result<T>>,
  rows: (value: T) => Row[],
  empty: string,
): { node: ReactNode; reload(): void; selected: Row | undefined } {
  const tui = useTui();
  const describe = useCallback(
    (e: Parameters<typeof failureText>[0]) => failureText(e, tui.services.urls),
    [tui.services],
  );
  const signedIn = tui.session !== null;
  const list = useLoad(
    async () => (signedIn ? load() : ({ ok: true, value: null } as Result<T | null>)),
    describe,
    [signedIn],
  );
  const [selected, setSelected] = useState<Row | undefined>();
  // Back from a product or shop: the list again, as it is now.
  useOnReturn(list.reload);
  if (!signedIn) return { node: <Text>{tuiMessages.signInFor(what)}</Text>, reload: list.reload, selected };
  const node = (
    <LoadedView loaded={list.loaded}>
      {(value) => {
        const all = value === null ? [] : rows(value as T);
        return all.length === 0 ? (
          <Text>{empty}</Text>
        ) : (
          <ItemList rows={all} width={tui.width} height={tui.height} onSelect={setSelected} />
        );
      }}
    </LoadedView>
  );
  return { node, reload: list.reload, selected };
}

export function SavedScreen() {
  const tui = useTui();
  const engagement = tui.services.engagement!;
  const { node, reload, selected } = useSignedInList(
    "your saved products",
    () => listSavedProducts(engagement),
    (saved) =>
      saved.items.map((entry) => ({
        key: String(entry.product.id),
        text: productLine(entry.product, tui.width),
        onOpen: () => tui.open({ screen: "product", slug: entry.product.slug, title: entry.product.name }),
      })),
    tuiMessages.nothingYet("saved products"),
  );
  useScreenKeys([{ keys: "x", does: "remove from saved" }]);
  useInput(
    (input) => {
      if (input !== "x" || selected === undefined) return;
      void toggleSave(engagement, Number(selected.key)).then((t) => {
        if (!t.ok) return tui.say(failureText(t.error, tui.services.urls), "error");
        tui.say(t.value.message);
        reload();
      });
    },
    { isActive: tui.active },
  );
  return <>{node}</>;
}

export function FollowingScreen() {
  const tui = useTui();
  const { node } = useSignedInList(
    "the shops you follow",
    () => listFollowedShops(tui.services.engagement!),
    (records) =>
      records.map((record) => ({
        key: String(record.id),
        text: record.shop.name,
        onOpen: () => tui.open({ screen: "shop", shopId: record.shop.id, title: record.shop.name }),
      })),
    tuiMessages.nothingYet("followed shops"),
  );
  return <>{node}</>;
}

export function HistoryScreen() {
  const tui = useTui();
  const { node } = useSignedInList(
    "the products you viewed",
    () => listBrowseHistory(tui.services.engagement!),
    (history) =>
      history.products.map((product, i) => ({
        key: `${product.id}-${i}`,
        text: productLine(product, tui.width),
        onOpen: () => tui.open({ screen: "product", slug: product.slug, title: product.name }),
      })),
    tuiMessages.nothingYet("viewed products"),
  );
  return <>{node}</>;
}

export function ChatsScreen() {
  const tui = useTui();
  const userId = tui.session?.userId ?? 0;
  const { node } = useSignedInList(
    "your chats",
    () => listChats(tui.services.chat!),
    (rooms) =>
      rooms.map((room) => {
        const viewer = { userId, now: new Date() };
        const partner = chatPartner(room, userId).name;
        const when = room.lastMessage ? chatWhen(room.lastMessage.createdAt, viewer) : "";
        const unread = room.unreadCount > 0 ? ` (${chatCliMessages.unread(room.unreadCount)})` : "";
        return {
          key: room.slug,
          text: `${partner}${unread} · ${when} · ${chatPreview(room.lastMessage, userId)}`,
          onOpen: () => tui.open({ screen: "chat-room", slug: room.slug, title: partner }),
        };
      }),
    tuiMessages.noChats,
  );
  return <>{node}</>;
}
