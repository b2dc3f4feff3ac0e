import {
  type ChatConnection,
  type ChatMessage,
  type ChatRoom,
  chatPartner,
  chatText,
  loadChatRoom,
  mergeMessages,
  messages,
  openChatWithShop,
} from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { ConversationPrinter } from "../../chat/chat-render.js";
import { REFUSED, RETRY_DELAYS_MS } from "../../chat/chat-session.js";
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

/**
 * A chat room, live: the last messages, then what arrives over the room's socket (each once); the
 * line at the bottom sends. By slug, or the chat with a shop (opened the first time, as `chat open`).
 */
export function ChatRoomScreen({ slug, shopId }: { slug?: string; shopId?: number }) {
  const tui = useTui();
  const { services, session, width, height } = tui;
  const chat = services.chat;
  const [room, setRoom] = useState<RoomState>({ state: "loading" });
  const [conversation, setConversation] = useState<ChatMessage[]>([]);
  const [connected, setConnected] = useState(false);
  const [draft, setDraft] = useState(0);
  const connection = useRef<ChatConnection | null>(null);
  useTyping(room.state === "open");
  useScreenKeys([{ keys: "Enter", does: "send" }]);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && room.state === "open" });

  useEffect(() => {
    if (chat === undefined || session === null) {
      setRoom({ state: "failed", message: messages.common.loginFirst });
      return;
    }
    let live = true;
    const cleanups: (() => void)[] = [];
    const token = chat.storage.get("token")!;
    const fail = (message: string) => live && setRoom({ state: "failed", message });
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
      if (!live) return;
      setRoom({ state: "open", room: loaded.value });
      setConversation(loaded.value.messages);
      const name = roomSlug;
      let retry: NodeJS.Timeout | undefined;
      const open = (attempt: number) => {
        connection.current = chat.sockets.connect(name, token, {
          onOpen: () => {
            if (!live) return;
            setConnected(true);
            connection.current?.markRead();
            if (attempt === 0) return;
            tui.say(chatCliMessages.reconnected);
            // What was said while the connection was down, each message once.
            void loadChatRoom(chat, name).then(
              (again) =>
                live && again.ok && setConversation((known) => mergeMessages(known, again.value.messages)),
            );
          },
          onMessage: (message) => {
            if (!live) return;
            setConversation((known) => mergeMessages(known, [message]));
            if (message.senderId !== session.userId) connection.current?.markRead();
          },
          onRefused: (error) => live && tui.say(error, "error"),
          onClose: (code) => {
            if (!live) return;
            setConnected(false);
            // As `chat open`: a dropped connection is opened again a few times (about 8 s in all).
            const delay = REFUSED.has(code) ? undefined : RETRY_DELAYS_MS[attempt];
            if (delay === undefined)
              return tui.say(chatCliMessages.connectionLost(services.urls.shopUrl), "error");
            tui.say(chatCliMessages.reconnecting, "error");
            retry = setTimeout(() => live && open(attempt + 1), delay);
          },
        });
      };
      open(0);
      cleanups.push(() => clearTimeout(retry));
    })();
    return () => {
      live = false;
      for (const cleanup of cleanups) cleanup();
      connection.current?.close();
      connection.current = null;
    };
  }, [chat, session, slug, shopId, services, tui.say]);

  if (room.state === "loading") return <Text>{tuiMessages.loading}</Text>;
  if (room.state === "failed") return <ErrorLine text={room.message} />;

  const partner = chatPartner(room.room, session!.userId).name;
  const printer = new ConversationPrinter({ userId: session!.userId }, partner, width);
  const lines = conversation.flatMap((m) => printer.print(m).replace(/\n$/, "").split("\n"));
  const room_height = Math.max(1, height - 3);
  const shown = lines.slice(-room_height);

  const send = (text: string) => {
    const checked = chatText(text);
    if (!checked.ok) return tui.say(failureText(checked.error, services.urls), "error");
    if (connection.current === null || !connected) return tui.say(tuiMessages.connecting, "error");
    connection.current.send(checked.value);
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
