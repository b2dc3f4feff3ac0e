import { chatBlockingMessages, chatOutboxMessages, chatPartner, messages } from "@katale/domain";
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
  const { room, snapshot, send: sendLine, blockedBy, setBlocked } = useLiveRoom({ slug, shopId });
  const [draft, setDraft] = useState(0);
  /** Tab asked to block or unblock: y does it, n or Esc does not. */
  const [confirming, setConfirming] = useState(false);
  const blocking = blockedBy !== "you";
  useTyping(room.state === "open");
  useScreenKeys([
    { keys: "Enter", does: "send" },
    {
      keys: "Tab",
      does: blocking ? chatBlockingMessages.block.toLowerCase() : chatBlockingMessages.unblock.toLowerCase(),
    },
  ]);
  const open = tui.active && room.state === "open";
  useInput(
    (_input, key) => {
      if (key.escape) tui.back();
      else if (key.tab) setConfirming(true);
    },
    { isActive: open && !confirming },
  );
  useInput(
    (input, key) => {
      if (input === "y" && room.state === "open") {
        void setBlocked(blocking, chatPartner(room.room, session!.userId).name);
      }
      if (input === "y" || input === "n" || key.escape) setConfirming(false);
    },
    { isActive: open && confirming },
  );

  if (room.state === "loading") return <Text>{tuiMessages.loading}</Text>;
  if (room.state === "failed") return <ErrorLine text={room.message} />;

  const partner = chatPartner(room.room, session!.userId).name;
  const printer = new ConversationPrinter({ userId: session!.userId }, partner, width);
  const conversation = snapshot?.messages ?? room.room.messages;
  // Refused ones stay in the outbox (failed): said so, never sent again by themselves.
  const waiting = (snapshot?.pending ?? []).filter((p) => !p.sending || p.failed !== undefined);
  const lines = [
    ...conversation.flatMap((m) => printer.print(m).replace(/\n$/, "").split("\n")),
    ...waiting.map(
      (p) =>
        `  ${p.text} · ${p.failed === undefined ? messages.chat.waitingToSend : chatOutboxMessages.failed}`,
    ),
  ];
  const notice =
    blockedBy === "you"
      ? `${chatBlockingMessages.blockedState}. ${chatBlockingMessages.blockedStateHint}`
      : blockedBy === "them"
        ? chatBlockingMessages.blockedBanner
        : null;
  const room_height = Math.max(1, height - 3 - (notice === null && !confirming ? 0 : 1));
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
      {confirming ? (
        <Text bold wrap="truncate">
          {truncate(
            `${blocking ? chatBlockingMessages.blockQuestion(partner) : chatBlockingMessages.unblockQuestion(partner)} ${tuiMessages.confirmChoice}`,
            width,
          )}
        </Text>
      ) : notice === null ? null : (
        <Text color="yellow" wrap="truncate">
          {truncate(notice, width)}
        </Text>
      )}
      <Box>
        <Text bold>{"> "}</Text>
        <Field key={draft} isDisabled={!tui.active || confirming} placeholder="Message" onSubmit={send} />
      </Box>
    </Box>
  );
}
