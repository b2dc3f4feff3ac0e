import {
  type ChatRoom,
  chatPartner,
  LiveRoom,
  type LiveRoomSnapshot,
  loadChatRoom,
  messages,
  openChatWithShop,
} from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useEffect, useState, useSyncExternalStore } from "react";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { ConversationPrinter } from "../../chat/chat-render.js";
import { truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ErrorLine } from "../components/status.js";
import { failureText } from "../failure-text.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";

type RoomState =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "open"; readonly room: ChatRoom };

const noRoom = (): LiveRoomSnapshot | null => null;
const noSubscription = () => () => {};

/**
 * A chat room, live: the last messages, then what arrives over the room's socket (each once); the
 * line at the bottom sends. By slug, or the chat with a shop (opened the first time, as `chat open`).
 */
export function ChatRoomScreen({ slug, shopId }: { slug?: string; shopId?: number }) {
  const tui = useTui();
  const { services, session, width, height } = tui;
  const chat = services.chat;
  const [room, setRoom] = useState<RoomState>({ state: "loading" });
  const [live, setLive] = useState<LiveRoom | null>(null);
  const snapshot = useSyncExternalStore(live?.subscribe ?? noSubscription, live?.getSnapshot ?? noRoom);
  const [draft, setDraft] = useState(0);
  useTyping(room.state === "open");
  useScreenKeys([{ keys: "Enter", does: "send" }]);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && room.state === "open" });

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
        if (now.refusal !== null && now.refusal !== previous.refusal) tui.say(now.refusal.error, "error");
        previous = now;
        if (is.state === "open" && was !== "open" && wasOpen) tui.say(chatCliMessages.reconnected);
        if (is.state === "open") wasOpen = true;
        if (is.state === "reconnecting" && was !== "reconnecting")
          tui.say(chatCliMessages.reconnecting, "error");
        if (is.state === "closed" && is.reason !== "left")
          tui.say(chatCliMessages.connectionLost(services.urls.shopUrl), "error");
      });
      setLive(current);
    })();
    return () => {
      mounted = false;
      void joined?.close();
    };
  }, [chat, session, slug, shopId, services, tui.say]);

  if (room.state === "loading") return <Text>{tuiMessages.loading}</Text>;
  if (room.state === "failed") return <ErrorLine text={room.message} />;

  const partner = chatPartner(room.room, session!.userId).name;
  const printer = new ConversationPrinter({ userId: session!.userId }, partner, width);
  const conversation = snapshot?.messages ?? room.room.messages;
  const waiting = (snapshot?.pending ?? []).filter((p) => !p.sending);
  const lines = [
    ...conversation.flatMap((m) => printer.print(m).replace(/\n$/, "").split("\n")),
    ...waiting.map((p) => `  ${p.text} · ${messages.chat.waitingToSend}`),
  ];
  const room_height = Math.max(1, height - 3);
  const shown = lines.slice(-room_height);

  const connected = snapshot?.connection.state === "open";
  const send = (text: string) => {
    if (live === null) return tui.say(tuiMessages.connecting, "error");
    const sent = live.send(text);
    if (!sent.ok) return tui.say(failureText(sent.error, services.urls), "error");
    setDraft((d) => d + 1);
  };

  return (
    <Box flexDirection="column">
      <Text dimColor wrap="truncate">
        {truncate(`${connected ? "●" : "○"} ${tuiMessages.chatHint}`, width)}
      </Text>
      <Box flexDirection="column" height={room_height}>
        {shown.length === 0 ? <Text dimColor>{chatCliMessages.noMessages}</Text> : null}
        {shown.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of text, redrawn whole
          <Text key={i} wrap="truncate">
            {line === "" ? " " : line}
          </Text>
        ))}
      </Box>
      <Box>
        <Text bold>{"> "}</Text>
        <Field key={draft} isDisabled={!tui.active} placeholder="Message" onSubmit={send} />
      </Box>
    </Box>
  );
}
