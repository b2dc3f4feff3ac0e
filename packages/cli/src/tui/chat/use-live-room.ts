import {
  blockChat,
  CHAT_BLOCKED,
  type ChatRoom,
  chatBlockingMessages,
  LiveRoom,
  type LiveRoomSnapshot,
  loadChatRoom,
  messages,
  openChatWithShop,
  unblockChat,
} from "@katale/domain";
import { useEffect, useState, useSyncExternalStore } from "react";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { failureText } from "../failure-text.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

export type RoomState =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "open"; readonly room: ChatRoom };

const noRoom = (): LiveRoomSnapshot | null => null;
const noSubscription = () => () => {};

/**
 * A room, live, through the domain's LiveRoom (reconnection, what was missed, receipts, the outbox):
 * by slug, or the chat with a shop (opened the first time, as `chat open`). Says on the status line
 * when the connection drops and comes back.
 */
export function useLiveRoom({ slug, shopId }: { slug?: string; shopId?: number }) {
  const tui = useTui();
  const services = useTuiServices();
  const { session } = tui;
  const chat = services.chat;
  const [room, setRoom] = useState<RoomState>({ state: "loading" });
  const [live, setLive] = useState<LiveRoom | null>(null);
  /** Who blocked the room: as loaded, then as the user blocks, unblocks, or the service refuses. */
  const [blockedBy, setBlockedBy] = useState<"you" | "them" | null>(null);
  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noRoom);

  useEffect(() => {
    if (chat === undefined || session === null) {
      setRoom({ state: "failed", message: messages.common.loginFirst });
      return;
    }
    let mounted = true;
    let joined: LiveRoom | undefined;
    const token = chat.storage.get("token")!;
    const fail = (message: string) => mounted && setRoom({ state: "failed", message });
    void (async () => {
      let roomSlug = slug;
      if (roomSlug === undefined) {
        const opened = await openChatWithShop(chat, shopId!);
        if (!opened.ok) return fail(failureText(opened.error, services.urls));
        roomSlug = opened.value;
      }
      const loaded = await loadChatRoom(chat, roomSlug);
      if (!loaded.ok)
        return fail(
          failureText(loaded.error, services.urls, "shop", chatCliMessages.roomOrShopNotFound(roomSlug)),
        );
      if (!mounted) return;
      setRoom({ state: "open", room: loaded.value });
      setBlockedBy(loaded.value.blockedBy ?? null);
      // The domain's live room: reconnection, what was missed, receipts and the outbox.
      const current = LiveRoom.join(
        { chat: chat.chat, sockets: chat.sockets, clock: chat.clock },
        { slug: roomSlug, token, viewerId: session.userId, messages: loaded.value.messages },
      );
      joined = current;
      let previous = current.getSnapshot();
      let wasOpen = false;
      current.subscribe(() => {
        const now = current.getSnapshot();
        const [was, is] = [previous.connection.state, now.connection];
        if (now.refusal !== null && now.refusal !== previous.refusal) {
          tui.say(now.refusal.error, "error");
          if (now.refusal.code === CHAT_BLOCKED) setBlockedBy((by) => by ?? "them");
        }
        previous = now;
        if (is.state === "open" && was !== "open" && wasOpen) tui.say(chatCliMessages.reconnected);
        if (is.state === "open") wasOpen = true;
        if (is.state === "reconnecting" && was !== "reconnecting")
          tui.say(chatCliMessages.reconnecting, "busy");
        if (is.state === "closed" && is.reason !== "left")
          tui.say(chatCliMessages.connectionLost(services.urls.shopUrl), "error");
      });
      setLive(current);
      // A line typed before the room was live said "Connecting…": it is live now.
      tui.unsay(tuiMessages.connecting);
    })();
    return () => {
      mounted = false;
      void joined?.close();
    };
  }, [chat, session, slug, shopId, services, tui.say, tui.unsay]);
  /** Sends a line; false when it was not taken (the status line says why). */
  const send = (text: string): boolean => {
    if (live === null) {
      tui.say(tuiMessages.connecting, "busy");
      return false;
    }
    const sent = live.send(text);
    if (!sent.ok) tui.say(failureText(sent.error, services.urls), "error");
    return sent.ok;
  };
  /** Blocks or unblocks the room (Tab, after y); the status line says what happened. */
  const setBlocked = async (blocking: boolean, partner: string): Promise<void> => {
    if (chat === undefined || room.state !== "open") return;
    const done = blocking ? await blockChat(chat, room.room.slug) : await unblockChat(chat, room.room.slug);
    if (!done.ok) {
      tui.say(failureText(done.error, services.urls), "error");
      return;
    }
    // Unblocking lifts the user's own block only: a block of the other side's may stand (the next send says).
    setBlockedBy(blocking ? "you" : null);
    tui.say(blocking ? chatBlockingMessages.blocked(partner) : chatBlockingMessages.unblocked(partner));
  };
  return { room, snapshot, send, blockedBy, setBlocked };
}
