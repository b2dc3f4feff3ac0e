import { createInterface, type Interface } from "node:readline";
import {
  type ChatConnection,
  type ChatMessage,
  type ChatRoom,
  chatMessageKey,
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
// has been handed back by the service; Ctrl-C leaves at once. Either way the socket is closed. A
// dropped connection is opened again a few times before giving up.

/** How long leaving waits for the service to hand back what was sent. */
const FLUSH_TIMEOUT_MS = 5_000;
/** The pauses before each new attempt after the connection dropped (about 8 s in all); `katale tui` too. */
export const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000, 4_000];
/** Close codes that say the room will not have us: opening again would not help. */
export const REFUSED = new Set([4401, 4403]);

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
  const terminal = ports.input.isTTY === true && ports.output.isTTY === true && !run.json;
  let lineReader: Interface | undefined;

  const write = (text: string) => {
    if (lineReader === undefined || !terminal) return run.io.out(text);
    ports.output.write("\r\u001b[2K");
    run.io.out(text);
    lineReader.prompt(true);
  };
  const shown = new Set<string>();
  const show = (message: ChatMessage) => {
    const key = chatMessageKey(message);
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
    /** A message of the other side was shown since the socket opened. */
    let readOwed = false;
    const outbox: string[] = [];
    let flushTimer: NodeJS.Timeout | undefined;

    const finish = (failure?: CliFailure) => {
      if (ended) return;
      ended = true;
      clearTimeout(flushTimer);
      clearTimeout(retryTimer);
      process.removeListener("SIGINT", interrupt);
      lineReader?.close();
      if (terminal) ports.output.write("\n");
      if (failure) return reject(failure);
      // The socket's reads are spaced out by the server and may not have landed: say it once more.
      if (readOwed) void ports.chat.markRead(token, room.slug).finally(resolve);
      else resolve();
    };
    const leave = (now: boolean) => {
      leaving = true;
      // Between two attempts there is no socket to close.
      if (retryTimer !== undefined) return finish();
      if (now || (open && pending === 0) || (!open && outbox.length === 0)) return connection.close();
      flushTimer ??= setTimeout(() => connection.close(), FLUSH_TIMEOUT_MS);
    };
    const settled = () => {
      pending = Math.max(0, pending - 1);
      if (leaving && pending === 0) connection.close();
    };
    const interrupt = () => leave(true);

    // A dropped connection (a server restarting, a network hiccup) is opened again a few times, with
    // growing pauses; what was said meanwhile is fetched on reopening. Lines typed meanwhile wait.
    let attempts = 0;
    let joined = false;
    let retryTimer: NodeJS.Timeout | undefined;
    const connect = (): ChatConnection =>
      ports.sockets.connect(room.slug, token, {
        onOpen: async () => {
          open = true;
          attempts = 0;
          for (const text of outbox.splice(0)) connection.send(text);
          connection.markRead();
          // What was said before the socket opened: each message once, in order.
          const since = await loadChatRoom(ports, room.slug);
          if (since.ok) for (const message of mergeMessages([], since.value.messages)) show(message);
          if (!run.json)
            run.io.err(`${joined ? chatCliMessages.reconnected : chatCliMessages.joined(partner)}\n`);
          joined = true;
          if (leaving && pending === 0) connection.close();
          else lineReader?.prompt();
        },
        onMessage: (message) => {
          show(message);
          if (message.senderId === userId) settled();
          else {
            readOwed = true;
            connection.markRead();
          }
        },
        onRefused: (error) => {
          run.io.err(`${error}\n`);
          settled();
        },
        onClose: (code) => {
          open = false;
          if (leaving) return finish();
          if (REFUSED.has(code) || attempts >= RETRY_DELAYS_MS.length)
            return finish(new CliFailure(chatCliMessages.connectionLost(run.services.urls.shopUrl)));
          if (attempts === 0 && !run.json) run.io.err(`${chatCliMessages.reconnecting}\n`);
          retryTimer = setTimeout(() => {
            retryTimer = undefined;
            connection = connect();
          }, RETRY_DELAYS_MS[attempts++]);
        },
      });
    let connection = connect();

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
