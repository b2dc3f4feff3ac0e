// @vitest-environment happy-dom
import { type ChatMessage, chatBlockingMessages, messages, safetyMessages } from "@katale/domain";
import { InMemoryChat, type InMemoryChatRoom } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { chatServices, findAlert, renderWithServices, signIn } from "../testing/test-services.js";
import { BlockedChats } from "./blocked-chats.js";
import { ChatList } from "./chat-list.js";
import ChatRoomPage from "./chat-room-page.js";

afterEach(cleanup);

const amina = { id: 7, token: "amina-token", name: "amina@example.com" };
const owner = { id: 9, token: "owner-token", name: "owner@example.com" };
const now = new Date("2026-03-05T12:00:00.000Z");
const roomAt = "/account/chat-room?room=room-1";
const words = chatBlockingMessages;

const hello: ChatMessage = {
  message: "Hello",
  senderId: 9,
  product: null,
  createdAt: "2026-03-05T09:00:00.000Z",
};

function aRoom(overrides: Partial<InMemoryChatRoom> = {}): InMemoryChatRoom {
  return {
    slug: "room-1",
    customer: { id: 7, name: "Amina", profilePicture: null },
    shop: { id: 3, name: "Kampala Phones", displayImage: null, owner: 9 },
    messages: [hello],
    unreadCount: 0,
    ...overrides,
  };
}

function setUp(rooms: InMemoryChatRoom[], user = amina) {
  const chat = new InMemoryChat(rooms, [], user.id, () => now);
  chat.tokenUsers.set(amina.token, amina.id);
  chat.tokenUsers.set(owner.token, owner.id);
  const services = chatServices(chat, { clock: { now: () => now, sleep: async () => {} } });
  signIn(services, user);
  return { chat, services };
}

describe("blocking a chat", () => {
  it("blocks from the room's menu after a confirmation: the text box gives way to the blocked state and Unblock", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    fireEvent.click(screen.getByRole("button", { name: words.roomMenu }));
    fireEvent.click(screen.getByRole("menuitem", { name: words.block }));
    const confirm = await screen.findByRole("dialog", { name: words.blockQuestion("Kampala Phones") });
    expect(confirm.textContent).toContain(words.confirmBlock);
    fireEvent.click(within(confirm).getByRole("button", { name: words.block }));
    expect(await screen.findByText(words.blockedStateHint)).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: messages.chat.typeMessage })).toBeNull();
    expect(chat.blocks.get("room-1")?.has(amina.id)).toBe(true);
    expect(screen.getByRole("button", { name: words.unblock })).toBeTruthy();
  });

  it("cancelling the confirmation blocks nothing", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    fireEvent.click(screen.getByRole("button", { name: words.roomMenu }));
    fireEvent.click(screen.getByRole("menuitem", { name: words.block }));
    const confirm = await screen.findByRole("dialog", { name: words.blockQuestion("Kampala Phones") });
    fireEvent.click(within(confirm).getByRole("button", { name: words.cancel }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(chat.blocks.size).toBe(0);
    expect(screen.getByRole("textbox", { name: messages.chat.typeMessage })).toBeTruthy();
  });

  it("the other side, refused with code `blocked`, sees that the chat takes no messages", async () => {
    const { services, chat } = setUp([aRoom()], owner);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    act(() => chat.refuse("room-1", words.blockedByOther, "blocked"));
    await findAlert(words.blockedByOther, { exact: true });
    expect(await screen.findByText(words.blockedBanner)).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: messages.chat.typeMessage })).toBeNull();
  });

  it("lists blocked chats in the settings and unblocks one after a confirmation; it is back in the chat list", async () => {
    const { services, chat } = setUp([aRoom()]);
    chat.blocks.set("room-1", new Map([[amina.id, "2026-03-04T10:00:00.000Z"]]));
    renderWithServices(
      <>
        <BlockedChats />
        <ChatList />
      </>,
      services,
    );
    const list = await screen.findByRole("list", { name: words.blockedChats });
    expect(list.textContent).toContain("Kampala Phones");
    expect(list.textContent).toContain(words.blockedOn("Mar 4, 2026"));
    expect(await screen.findByText(messages.chat.noChats)).toBeTruthy();
    fireEvent.click(within(list).getByRole("button", { name: `${words.unblock} Kampala Phones` }));
    const confirm = await screen.findByRole("dialog", { name: words.unblockQuestion("Kampala Phones") });
    fireEvent.click(within(confirm).getByRole("button", { name: words.unblock }));
    expect(await screen.findByText(words.noBlockedChats)).toBeTruthy();
    expect(await screen.findByRole("link", { name: /Kampala Phones/ })).toBeTruthy();
  });
});

describe("the safety note in a chat", () => {
  it("shows a shopper's first visit to a room with a shop, until 'Got it'; never to the shop's owner", async () => {
    const { services } = setUp([aRoom({ messages: [] })]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const note = await screen.findByRole("complementary", { name: safetyMessages.noteTitle });
    expect(within(note).getByRole("link", { name: safetyMessages.moreTips }).getAttribute("href")).toBe(
      "/stay-safe",
    );
    fireEvent.click(within(note).getByRole("button", { name: safetyMessages.dismiss }));
    expect(screen.queryByRole("complementary")).toBeNull();
    cleanup();

    const again = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, again.services, { path: "/account/chat-room", at: roomAt });
    await screen.findByText("Hello");
    expect(screen.queryByRole("complementary")).toBeNull();
    cleanup();

    const shop = setUp([aRoom({ messages: [] })], owner);
    renderWithServices(<ChatRoomPage />, shop.services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    expect(screen.queryByRole("complementary")).toBeNull();
  });
});
