import { chatPartner, messages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { chatCliMessages } from "../../chat/chat-cli-messages.js";
import { ConversationPrinter } from "../../chat/chat-render.js";
import { truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ErrorLine } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useLiveRoom } from "./use-live-room.js";

/** A chat room, live: the last messages, then what arrives (each once); the line at the bottom sends. */
export function ChatRoomScreen({ slug, shopId }: { slug?: string; shopId?: number }) {
  const tui = useTui();
  const { session, width, height } = tui;
  const { room, snapshot, send: sendLine } = useLiveRoom({ slug, shopId });
  const [draft, setDraft] = useState(0);
  useTyping(room.state === "open");
  useScreenKeys([{ keys: "Enter", does: "send" }]);
  useInput((_input, key) => key.escape && tui.back(), { isActive: tui.active && room.state === "open" });

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
    if (sendLine(text)) setDraft((d) => d + 1);
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
