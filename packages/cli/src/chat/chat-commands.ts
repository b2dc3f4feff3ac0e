import {
  blockChat,
  type ChatBlockedRoom,
  type ChatMessage,
  type ChatPorts,
  chatBlockingMessages,
  chatPartner,
  chatText,
  formatDate,
  listBlockedChats,
  listChats,
  loadChatRoom,
  openChatWithShop,
  type Result,
  type Shop,
  unblockChat,
} from "@katale/domain";
import type { Command } from "commander";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import { engagementCliMessages } from "../engagement/engagement-cli-messages.js";
import type { Invocation, Invoke } from "../invocation.js";
import { chatCliMessages } from "./chat-cli-messages.js";
import { ConversationPrinter, renderChatList } from "./chat-render.js";
import type { ChatServices } from "./chat-services.js";
import { talkInRoom } from "./chat-session.js";

/** An all-digit argument is a shop's id; anything else a room's slug or a shop's name. */
const NUMERIC_ID = /^\d+$/;
/** How long `chat send` waits for the service to hand the message back. */
const SEND_TIMEOUT_MS = 10_000;

/** `katale chat list|send|open|block|unblock|blocked`: the chats on the session `login` stored. */
export function registerChatCommands(program: Command, invoke: Invoke): void {
  const chat = program.command("chat").description("your chats with shops and customers");

  chat
    .command("list")
    .description("your chats, newest message first, with what you have not read")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const { ports, userId } = session(run);
      const rooms = signedIn(run, await listChats(ports));
      run.show(rooms, (r, width) => renderChatList(r, { userId, now: new Date() }, width));
    });

  chat
    .command("send")
    .description("send one message to a chat room (or to a shop: its id or name)")
    .argument("<room>", "the room's slug (see katale chat list), or a shop's id or name")
    .argument("<text...>", "the message (1 to 2,000 characters)")
    .option("--product <slug>", "attach a product's card (its slug)")
    .action(async (ref: string, words: string[], options: { product?: string }, command: Command) => {
      const run = invoke(command);
      const { ports, token, userId } = session(run);
      const text = run.unwrap(chatText(words.join(" ")));
      const slug = await roomOf(run, ports, ref);
      const room = signedIn(run, await loadChatRoom(ports, slug), { notFound: cliMessages.roomNotFound });
      const sent = await deliver(run, ports, slug, token, userId, text, options.product);
      const partner = chatPartner(room, userId).name;
      run.show(sent, (m, width) => new ConversationPrinter({ userId }, partner, width).print(m));
    });

  chat
    .command("open")
    .description("open a chat: the history, then live messages; each line you type is sent")
    .argument("<room>", "a shop's id or name (opens or starts your chat with it), or a room's slug")
    .action(async (ref: string, _options: object, command: Command) => {
      const run = invoke(command);
      const { ports, token, userId } = session(run);
      const slug = await roomOf(run, ports, ref);
      const room = signedIn(run, await loadChatRoom(ports, slug), { notFound: cliMessages.roomNotFound });
      await talkInRoom(run, ports, room, token, userId);
    });

  for (const blocking of [true, false]) {
    chat
      .command(blocking ? "block" : "unblock")
      .description(
        blocking
          ? "block a chat: no messages either way, and it leaves your chat list until you unblock it"
          : "unblock a chat you blocked (see katale chat blocked)",
      )
      .argument(
        "<room>",
        "the room's slug (see katale chat list or katale chat blocked), or a shop's id or name",
      )
      .action(async (ref: string, _options: object, command: Command) => {
        const run = invoke(command);
        const { ports, userId } = session(run);
        const slug = await roomOf(run, ports, ref);
        const room = signedIn(run, await loadChatRoom(ports, slug), { notFound: cliMessages.roomNotFound });
        const done = blocking ? await blockChat(ports, slug) : await unblockChat(ports, slug);
        signedIn(run, done, { notFound: cliMessages.roomNotFound });
        const partner = chatPartner(room, userId).name;
        run.show(
          { slug, blocked: blocking },
          () =>
            `${blocking ? chatBlockingMessages.blocked(partner) : chatBlockingMessages.unblocked(partner)}\n`,
        );
      });
  }

  chat
    .command("blocked")
    .description("the chats you blocked, the latest first")
    .action(async (_options: object, command: Command) => {
      const run = invoke(command);
      const { ports, userId } = session(run);
      const rooms = signedIn(run, await listBlockedChats(ports));
      run.show(rooms, (list) => renderBlockedChats(list, userId));
    });
}

interface ChatSession {
  readonly ports: ChatServices;
  readonly token: string;
  readonly userId: number;
}

/** The chat ports and the stored session; 'You are not logged in' (exit 1) before any request without one. */
function session(run: Invocation): ChatSession {
  const ports = run.services.chat;
  if (ports === undefined) throw new CliFailure(cliMessages.unexpected("chat services are not configured"));
  const token = ports.storage.get("token");
  const userId = ports.storage.get("userdid");
  if (token === null || userId === null) throw new CliFailure(chatCliMessages.loginFirst);
  return { ports, token, userId };
}

/** The value of a signed-in call; an expired session says to log in again, other failures as usual. */
function signedIn<T>(run: Invocation, result: Result<T>, context?: { readonly notFound?: string }): T {
  if (!result.ok && result.error.kind === "not-logged-in" && run.services.chat?.storage.get("token") == null)
    throw new CliFailure(chatCliMessages.loginFirst);
  return run.unwrap(result, context);
}

/**
 * The room a command names: a shop's id opens (or starts) the chat with that shop; otherwise one of
 * the user's rooms by slug, else a shop by name (case and spacing aside).
 */
async function roomOf(run: Invocation, ports: ChatPorts, ref: string): Promise<string> {
  const trimmed = ref.trim();
  if (NUMERIC_ID.test(trimmed)) return withShop(run, ports, Number(trimmed));
  const rooms = signedIn(run, await listChats(ports));
  if (rooms.some((room) => room.slug === trimmed)) return trimmed;
  // A room the user blocked is not in their list.
  const blocked = signedIn(run, await listBlockedChats(ports));
  if (blocked.some((room) => room.slug === trimmed)) return trimmed;
  const key = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
  const shops: Shop[] = run.unwrap(await run.services.shops.listShops());
  const named = shops.filter((shop) => key(shop.name) === key(trimmed));
  const [shop] = named;
  if (shop === undefined) throw new CliFailure(chatCliMessages.roomOrShopNotFound(trimmed));
  if (named.length > 1)
    throw new CliFailure(
      engagementCliMessages.shopNameAmbiguous(
        trimmed,
        named.map((s) => s.id),
      ),
    );
  return withShop(run, ports, shop.id);
}

async function withShop(run: Invocation, ports: ChatPorts, shopId: number): Promise<string> {
  return signedIn(run, await openChatWithShop(ports, shopId), { notFound: cliMessages.shopNotFound });
}

/** Sends one message over the room's socket and answers it as the service stored it. */
function deliver(
  run: Invocation,
  ports: ChatServices,
  slug: string,
  token: string,
  userId: number,
  text: string,
  productSlug: string | undefined,
): Promise<ChatMessage> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      connection.close();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new CliFailure(chatCliMessages.notDelivered))),
      SEND_TIMEOUT_MS,
    );
    const connection = ports.sockets.connect(slug, token, {
      onOpen: () => connection.send(text, productSlug),
      onMessage: (message) => {
        if (message.senderId === userId && message.message === text) finish(() => resolve(message));
      },
      onRefused: (error) => finish(() => reject(new CliFailure(error))),
      onClose: () =>
        finish(() => reject(new CliFailure(chatCliMessages.connectionLost(run.services.urls.shopUrl)))),
    });
  });
}

/** `chat blocked`: one line per room: who, since when, and the slug to unblock it with. */
function renderBlockedChats(rooms: readonly ChatBlockedRoom[], userId: number): string {
  if (rooms.length === 0) return `${chatBlockingMessages.noBlockedChats}\n`;
  return rooms
    .map((room) => {
      const who = chatPartner(room, userId).name;
      const since = chatBlockingMessages.blockedOn(formatDate(new Date(room.blockedAt)));
      return `${who} · ${since} · katale chat unblock ${room.slug.startsWith("-") ? "-- " : ""}${room.slug}`;
    })
    .map((line) => `${line}\n`)
    .join("");
}
