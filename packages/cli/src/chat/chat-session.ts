import { createInterface, type Interface } from "node:readline";
import {
  type ChatMessage,
  type ChatRoom,
  chatMessageKey,
  chatPartner,
  LiveRoom,
  type LiveRoomSnapshot,
} from "@katale/domain";
import { CliFailure } from "../cli-failure.js";
import type { Invocation } from "../invocation.js";
import { toJsonOutput } from "../output/json-keys.js";
import { chatCliMessages } from "./chat-cli-messages.js";
import { ConversationPrinter, renderRoomHeading } from "./chat-render.js";
import type { ChatServices } from "./chat-services.js";

// `katale chat open`: the history, then the room live (the domain's LiveRoom): live messages are
// printed as they arrive (each once), every line read from stdin is sent. End of input (Ctrl-D)
// leaves once what was typed has been handed back by the service; Ctrl-C leaves at once. Either way
// the socket is closed. A dropped connection is opened again, with backoff, for as long as the room
// is open; lines typed meanwhile wait and go in order once it is back.

/** How long leaving waits for the service to hand back what was sent. */
const FLUSH_TIMEOUT_MS = 5_000;

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
  const say = (text: string) => {
    if (!run.json) run.io.err(`${text}\n`);
  };
  const shown = new Set<string>();
  const show = (message: ChatMessage) => {
    const key = chatMessageKey(message);
    if (shown.has(key)) return;
    shown.add(key);
    write(run.json ? toJsonOutput({ ...message, live: undefined }, true) : printer.print(message));
  };

  if (!run.json) run.io.out(renderRoomHeading(room, userId));
  for (const message of room.messages) show(message);

  return new Promise<void>((resolve, reject) => {
    const live = LiveRoom.join(
      { chat: ports.chat, sockets: ports.sockets, clock: ports.clock },
      { slug: room.slug, token, viewerId: userId, messages: room.messages },
    );
    let previous: LiveRoomSnapshot = live.getSnapshot();
    let joined = false;
    let leaving = false;
    let ended = false;
    let cancelFlush: (() => void) | undefined;

    const finish = (failure?: CliFailure) => {
      if (ended) return;
      ended = true;
      unsubscribe();
      cancelFlush?.();
      process.removeListener("SIGINT", interrupt);
      lineReader?.close();
      if (terminal) ports.output.write("\n");
      // Closing says the room was read over HTTP when the socket's spaced-out read may not have landed.
      void live.close().finally(() => (failure ? reject(failure) : resolve()));
    };
    // What still waits to go (a refused one stays in the outbox, failed: its error was said).
    const unsent = () => live.getSnapshot().pending.filter((p) => p.failed === undefined).length;
    const leave = (now: boolean) => {
      leaving = true;
      if (now || unsent() === 0) return finish();
      cancelFlush ??= ports.clock.after(FLUSH_TIMEOUT_MS, () =>
        finish(unsent() > 0 ? new CliFailure(chatCliMessages.notDelivered) : undefined),
      );
    };
    const interrupt = () => leave(true);

    const unsubscribe = live.subscribe(() => {
      const now = live.getSnapshot();
      for (const message of now.messages) show(message);
      if (now.refusal !== null && now.refusal !== previous.refusal) run.io.err(`${now.refusal.error}\n`);
      const [was, is] = [previous.connection, now.connection];
      previous = now;
      if (is.state === "open" && was.state !== "open") {
        say(joined ? chatCliMessages.reconnected : chatCliMessages.joined(partner));
        joined = true;
        if (!leaving) lineReader?.prompt();
      }
      if (is.state === "reconnecting" && was.state !== "reconnecting") say(chatCliMessages.reconnecting);
      if (is.state === "closed" && is.reason !== "left")
        return finish(new CliFailure(chatCliMessages.connectionLost(run.services.urls.shopUrl)));
      if (leaving && unsent() === 0) finish();
    });

    lineReader = createInterface({
      input: ports.input,
      ...(terminal ? { output: ports.output, prompt: "> ", terminal: true } : { terminal: false }),
    });
    lineReader.on("line", (line) => {
      // The typed line makes way for the message as the service hands it back.
      if (terminal) ports.output.write("\u001b[1A\r\u001b[2K");
      const sent = live.send(line);
      if (!sent.ok) {
        if (line.trim() !== "" && sent.error.kind === "invalid") run.io.err(`${sent.error.message}\n`);
        return lineReader?.prompt();
      }
      // Typed while the connection is down: it goes once the connection is back.
      if (!sent.value.sending && joined) say(chatCliMessages.waiting(sent.value.text));
    });
    lineReader.on("close", () => {
      if (!ended) leave(false);
    });
    lineReader.on("SIGINT", interrupt);
    process.once("SIGINT", interrupt);
  });
}
