import type { ChatMessage, ChatRoomSummary } from "@katale/domain";
import { describe, expect, it } from "vitest";
import {
  ConversationPrinter,
  chatPreview,
  chatWhen,
  renderChatList,
  renderRoomHeading,
} from "./chat-render.js";

const TZ = "Africa/Kampala";
const SHOPPER = 7;
const OWNER = 3;
const now = new Date("2026-03-05T15:00:00+03:00");
const viewer = { userId: SHOPPER, now, timeZone: TZ };

const people = {
  customer: { id: SHOPPER, name: "Amina Nakato", profilePicture: null },
  shop: { id: 12, name: "Mukono Sports Arena", displayImage: null, owner: OWNER },
};

function aMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    message: "Do you have pumps?",
    senderId: SHOPPER,
    product: null,
    createdAt: "2026-03-05T09:07:00+03:00",
    ...overrides,
  };
}

function aRoom(overrides: Partial<ChatRoomSummary> = {}): ChatRoomSummary {
  return { slug: "r00m", ...people, lastMessage: aMessage(), unreadCount: 0, ...overrides };
}

const pumpCard = {
  productId: 329,
  slug: "bicycle-pump-3eel",
  productName: "Bicycle pump",
  price: 15_000,
  images: [],
};

describe("chat times", () => {
  it("says 'Today' and a 12-hour time for today's, '05 Mar 2024' for older ones", () => {
    expect(chatWhen("2026-03-05T09:07:00+03:00", viewer)).toBe("Today 9:07 AM");
    expect(chatWhen("2026-03-05T21:30:00+03:00", viewer)).toBe("Today 9:30 PM");
    expect(chatWhen("2024-03-05T09:07:00+03:00", viewer)).toBe("05 Mar 2024");
  });
});

describe("chat previews", () => {
  it("marks one's own, names the product card, and keeps to one line", () => {
    expect(chatPreview(aMessage(), SHOPPER)).toBe("You: Do you have pumps?");
    expect(chatPreview(aMessage({ product: pumpCard }), OWNER)).toBe("[Bicycle pump] Do you have pumps?");
    expect(chatPreview(aMessage({ message: "two\nlines" }), OWNER)).toBe("two lines");
    expect(chatPreview(null, OWNER)).toBe("No messages yet.");
  });
});

describe("renderChatList", () => {
  it("says so when there are no chats", () => {
    expect(renderChatList([], viewer, 80)).toBe(
      "You have no chats yet. Start one with katale chat open <shop>.\n",
    );
  });

  it("shows the shop to the shopper and the customer to the owner, with unread, when, preview and slug", () => {
    expect(renderChatList([aRoom()], viewer, 60)).toBe(
      [
        "Chats",
        "",
        `Mukono Sports Arena${" ".repeat(28)}Today 9:07 AM`,
        "  You: Do you have pumps?",
        "  katale chat open r00m",
        "",
      ].join("\n"),
    );
    const owner = { ...viewer, userId: OWNER };
    const text = renderChatList([aRoom({ unreadCount: 2, lastMessage: null, slug: "n3w" })], owner, 60);
    expect(text).toContain(
      `Amina Nakato${" ".repeat(40)}2 unread\n  No messages yet.\n  katale chat open n3w\n`,
    );
  });

  it("suggests a command that works for a slug starting with a hyphen", () => {
    // Without "--" the command line reads "-07kV…" as an unknown option.
    expect(renderChatList([aRoom({ slug: "-07kV8qaAvHQ61WBUWfr6Q" })], viewer, 60)).toContain(
      "  katale chat open -- -07kV8qaAvHQ61WBUWfr6Q\n",
    );
  });

  it("cuts long names and previews to the width", () => {
    const long = aRoom({ lastMessage: aMessage({ message: "word ".repeat(40) }) });
    for (const line of renderChatList([long], viewer, 40).split("\n"))
      expect([...line].length).toBeLessThanOrEqual(40);
  });
});

describe("ConversationPrinter", () => {
  it("prints a day line when the day changes, then time and who, the text indented, the card", () => {
    const printer = new ConversationPrinter({ userId: OWNER, timeZone: TZ }, "Amina Nakato", 60, () => now);
    expect(printer.print(aMessage({ createdAt: "2024-03-05T16:00:00+03:00", product: pumpCard }))).toBe(
      [
        "── 05 Mar 2024 ──",
        "4:00 PM  Amina Nakato",
        "  Do you have pumps?",
        "  ▸ Bicycle pump · UGX 15,000 · /item/bicycle-pump-3eel",
        "",
      ].join("\n"),
    );
    expect(
      printer.print(aMessage({ senderId: OWNER, message: "Yes", createdAt: "2024-03-05T16:05:00+03:00" })),
    ).toBe("4:05 PM  You\n  Yes\n");
    expect(printer.print(aMessage({ message: "Thanks" }))).toBe(
      "── Today ──\n9:07 AM  Amina Nakato\n  Thanks\n",
    );
  });

  it("names a photo and where it is, in the room and in the list", () => {
    const printer = new ConversationPrinter({ userId: OWNER, timeZone: TZ }, "Amina", 60, () => now);
    const photo = aMessage({ message: "", image: "/media/chat/0a1b2c3d4e5f6a7b.webp" });
    expect(printer.print(photo)).toBe(
      "── Today ──\n9:07 AM  Amina\n  ▸ picture · /media/chat/0a1b2c3d4e5f6a7b.webp\n",
    );
    expect(chatPreview(photo, OWNER)).toBe("[picture]");
    expect(chatPreview({ ...photo, senderId: SHOPPER }, SHOPPER)).toBe("You: [picture]");
  });

  it("wraps long messages to the width", () => {
    const printer = new ConversationPrinter({ userId: OWNER, timeZone: TZ }, "Amina", 20, () => now);
    expect(printer.print(aMessage({ message: "one two three four five six" }))).toBe(
      "── Today ──\n9:07 AM  Amina\n  one two three four\n  five six\n",
    );
  });

  it("heads the room with the partner and its slug", () => {
    expect(renderRoomHeading({ slug: "r00m", ...people }, OWNER)).toBe("Chats · Amina Nakato · room r00m\n");
    expect(renderRoomHeading({ slug: "r00m", ...people }, SHOPPER)).toBe(
      "Chats · Mukono Sports Arena · room r00m\n",
    );
  });
});
