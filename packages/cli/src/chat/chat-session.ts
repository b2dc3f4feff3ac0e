import { createInterface, type Interface } from "node:readline";
import {
  type ChatMessage,
  type ChatRoom,
  chatPartner,
  chatText,
  loadChatRoom,
  mergeMessages,
} from "@katale/domain";
import { CliFailure } from "../cli-failure.js";
import type { Invocation } from "../invocation.js";
import { chatCliMessages } from "./chat-cli-messages.js";
import { ConversationPrinter, renderRoomHeading } from "./chat-render.js";
import type { ChatServices } from "./chat-services.js";

// `katale chat open`: the history, then the room's socket: live messages are printed as they arrive
// (each once), every line read from stdin is sent. End of input (Ctrl-D) leaves once what was typed
// has been handed back by the service; Ctrl-C leaves at once. Either way the socket is closed.

/** How long leaving waits for the service to hand back what was sent. */
const FLUSH_TIMEOUT_MS = 5_000;

const messageKey = (m: ChatMessage) => `${m.createdAt}\u0000${m.senderId}\u0000${m.message}`;

export function talkInRoom(
  run: Invocation,
  ports: ChatServices,
  room: ChatRoom,
  token: string,
  userId: number,
): Promise<void> {
  const partner = chatPartner(room, userId).name;
  const printer = new ConversationPrinter({ userId }, partner, run.io.width);
  // A prompt and line editing only for a person at a terminal; --json and piped input get plain lines.
  const terminal = ports.input.isTTY === true && !run.json;
  let lineReader: Interface | undefined;

  const write = (text: string) => {
    if (lineReader === undefined || !terminal) return run.io.out(text);
    ports.output.write("\r\u001b[2K");
    run.io.out(text);
    lineReader.prompt(true);
  };
  const shown = new Set<string>();
  const show = (message: ChatMessage) => {
    const key = messageKey(message);
    if (shown.has(key)) return;
    shown.add(key);
    write(run.json ? `${JSON.stringify(message)}\n` : printer.print(message));
  };

  if (!run.json) run.io.out(renderRoomHeading(room, userId));
  for (const message of room.messages) show(message);

  return new Promise<void>((resolve, reject) => {
    let open = false;
    let leaving = false;
    let ended = false;
    let pending = 0;
    const outbox: string[] = [];
    let flushTimer: NodeJS.Timeout | undefined;

    const finish = (failure?: CliFailure) => {
      if (ended) return;
      ended = true;
      clearTimeout(flushTimer);
      process.removeListener("SIGINT", interrupt);
      lineReader?.close();
      if (terminal) ports.output.write("\n");
      if (failure) reject(failure);
      else resolve();
    };
    const leave = (now: boolean) => {
      leaving = true;
      if (now || (open && pending === 0) || (!open && outbox.length === 0)) return connection.close();
      flushTimer ??= setTimeout(() => connection.close(), FLUSH_TIMEOUT_MS);
    };
    const settled = () => {
      pending = Math.max(0, pending - 1);
      if (leaving && pending === 0) connection.close();
    };
    const interrupt = () => leave(true);

    const connection = ports.sockets.connect(room.slug, token, {
      onOpen: async () => {
        open = true;
        for (const text of outbox.splice(0)) connection.send(text);
        connection.markRead();
        // What was said between the history and the socket's opening: each message once, in order.
        const since = await loadChatRoom(ports, room.slug);
        if (since.ok) for (const message of mergeMessages([], since.value.messages)) show(message);
        if (!run.json) run.io.err(`${chatCliMessages.joined(partner)}\n`);
        if (leaving && pending === 0) connection.close();
        else lineReader?.prompt();
      },
      onMessage: (message) => {
        show(message);
        if (message.senderId === userId) settled();
        else connection.markRead();
      },
      onRefused: (error) => {
        run.io.err(`${error}\n`);
        settled();
      },
      onClose: () => {
        if (leaving) finish();
        else finish(new CliFailure(chatCliMessages.connectionLost(run.services.urls.shopUrl)));
      },
    });

    lineReader = createInterface({
      input: ports.input,
      ...(terminal ? { output: ports.output, prompt: "> ", terminal: true } : { terminal: false }),
    });
    lineReader.on("line", (line) => {
      // The typed line makes way for the message as the service hands it back.
      if (terminal) ports.output.write("\u001b[1A\r\u001b[2K");
      const text = chatText(line);
      if (!text.ok) {
        if (line.trim() !== "" && text.error.kind === "invalid") run.io.err(`${text.error.message}\n`);
        return lineReader?.prompt();
      }
      pending++;
      if (open) connection.send(text.value);
      else outbox.push(text.value);
    });
    lineReader.on("close", () => {
      if (!ended) leave(false);
    });
    lineReader.on("SIGINT", interrupt);
    process.once("SIGINT", interrupt);
  });
}
