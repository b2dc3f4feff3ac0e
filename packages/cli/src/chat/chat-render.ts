import {
  type ChatMessage,
  type ChatRoom,
  type ChatRoomSummary,
  chatPartner,
  formatDayLabel,
  formatTime,
  formatUgx,
  messages,
} from "@katale/domain";
import { displayWidth, lines, padEnd, truncate, wrap } from "../output/text.js";
import { chatCliMessages } from "./chat-cli-messages.js";

// Pure renderers of the chat list and the conversation: 12-hour times, 'Today' or '05 Mar 2024'
// as the web shows them (spec §2), own messages as "You".

/** Who reads, and when: the signed-in user's id, the clock, and (tests) a fixed time zone. */
export interface ChatViewer {
  readonly userId: number;
  readonly now: Date;
  readonly timeZone?: string;
}

/** "Today 3:07 PM" for today's, else "05 Mar 2024". */
export function chatWhen(iso: string, viewer: ChatViewer): string {
  const date = new Date(iso);
  const day = formatDayLabel(date, viewer.now, viewer.timeZone);
  return day === messages.common.today ? `${day} ${formatTime(date, viewer.timeZone)}` : day;
}

/** The list's preview of a room's last message: "You: " before one's own, the product card named. */
export function chatPreview(message: ChatMessage | null, viewerId: number): string {
  if (message === null) return chatCliMessages.noMessages;
  const who = message.senderId === viewerId ? `${chatCliMessages.you}: ` : "";
  const card = message.product ? `[${message.product.productName}] ` : "";
  const picture = message.image ? `[${chatCliMessages.picture}] ` : "";
  return `${who}${card}${picture}${message.message.replace(/\s+/g, " ")}`.trimEnd();
}

/**
 * `katale chat list`: the rooms as the server orders them (newest message first), each as the web's
 * list shows it: who, when, the unread count, the preview; and the slug to open it by. Or the empty state.
 */
export function renderChatList(rooms: readonly ChatRoomSummary[], viewer: ChatViewer, width: number): string {
  if (rooms.length === 0) return lines(chatCliMessages.noChats);
  const blocks = rooms.map((room) => {
    const when = room.lastMessage ? chatWhen(room.lastMessage.createdAt, viewer) : "";
    const unread = room.unreadCount > 0 ? chatCliMessages.unread(room.unreadCount) : "";
    const right = [unread, when].filter((part) => part !== "").join(" · ");
    const name = truncate(chatPartner(room, viewer.userId).name, width - displayWidth(right) - 2);
    return [
      "",
      right === "" ? name : `${padEnd(name, width - displayWidth(right) - 2)}  ${right}`,
      `  ${truncate(chatPreview(room.lastMessage, viewer.userId), width - 2)}`,
      `  ${chatCliMessages.openHint(room.slug)}`,
    ];
  });
  return lines(messages.chat.chats, blocks.flat());
}

/** The heading of `chat open`: who the room is with, and its slug (for `chat send`). */
export function renderRoomHeading(
  room: Pick<ChatRoom, "slug" | "customer" | "shop">,
  viewerId: number,
): string {
  const partner = chatPartner(room, viewerId);
  return lines(`${messages.chat.chats} · ${partner.name} · room ${room.slug}`);
}

/**
 * The conversation as it is printed, one message at a time (history, then live ones): a day line
 * when the day changes, then "3:07 PM  Name" (once for a sender's messages of the same minute) and
 * the text wrapped and indented, and the product card.
 */
export class ConversationPrinter {
  private lastDay: string | null = null;
  private lastHeader: string | null = null;

  /** `clock`: what 'Today' is at each message (a session may outlast midnight). */
  constructor(
    private readonly viewer: Omit<ChatViewer, "now">,
    private readonly partnerName: string,
    private readonly width: number,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  print(message: ChatMessage): string {
    const date = new Date(message.createdAt);
    const day = formatDayLabel(date, this.clock(), this.viewer.timeZone);
    const heading = day === this.lastDay ? null : [`── ${day} ──`];
    this.lastDay = day;
    const who = message.senderId === this.viewer.userId ? chatCliMessages.you : this.partnerName;
    // Grouped as the web groups them: one header for a sender's messages of the same minute.
    const header = truncate(`${formatTime(date, this.viewer.timeZone)}  ${who}`, this.width);
    const grouped = heading === null && header === this.lastHeader;
    this.lastHeader = header;
    const card = message.product
      ? `  ▸ ${message.product.productName} · ${formatUgx(message.product.price)} · /item/${message.product.slug}`
      : null;
    const picture = message.image
      ? truncate(`  ▸ ${chatCliMessages.picture} · ${message.image}`, this.width)
      : null;
    return lines(
      heading,
      grouped ? null : header,
      message.message === "" ? null : wrap(message.message, this.width - 2).map((line) => `  ${line}`),
      card === null ? null : truncate(card, this.width),
      picture,
    );
  }
}
