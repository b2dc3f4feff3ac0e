// @vitest-environment happy-dom
import {
  type ChatMessage,
  chatOutboxMessages,
  messages,
  type ProductDetail,
  type ShopPage,
  uploadMessages,
} from "@katale/domain";
import { aProduct, aShop, InMemoryChat, type InMemoryChatRoom } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ProductSummary } from "../products/product-summary.js";
import { savedCopyTime } from "../pwa/saved-copy.js";
import { ShopHeader } from "../shops/shop-header.js";
import { chatServices, findAlert, renderWithServices, signIn } from "../testing/test-services.js";
import { ChatList } from "./chat-list.js";
import { ChatButton, ChatPopupHost } from "./chat-popups.js";
import ChatRoomPage from "./chat-room-page.js";
import { MemorySavedRooms, SAVED_ROOMS, withinBounds } from "./kept-rooms.js";

afterEach(cleanup);

const amina = { id: 7, token: "amina-token", name: "amina@example.com" };
const owner = { id: 9, token: "owner-token", name: "owner@example.com" };
const now = new Date("2026-03-05T12:00:00.000Z");

const at = (iso: string, text: string, senderId: number): ChatMessage => ({
  message: text,
  senderId,
  product: null,
  createdAt: iso,
});

function aRoom(overrides: Partial<InMemoryChatRoom> = {}): InMemoryChatRoom {
  return {
    slug: "room-1",
    customer: { id: 7, name: "Amina", profilePicture: null },
    shop: { id: 3, name: "Kampala Phones", displayImage: null, owner: 9 },
    messages: [],
    unreadCount: 0,
    ...overrides,
  };
}

function setUp(rooms: InMemoryChatRoom[], user = amina) {
  const chat = new InMemoryChat(rooms, [], user.id, () => now);
  const services = chatServices(chat, { clock: { now: () => now, sleep: async () => {} } });
  signIn(services, user);
  return { chat, services };
}

describe("the chat list", () => {
  it("says there are no messages yet when there are no rooms", async () => {
    const { services } = setUp([]);
    renderWithServices(<ChatList />, services);
    expect(await screen.findByText(messages.chat.noChats)).toBeTruthy();
  });

  it("says why when the list cannot be loaded, with a retry", async () => {
    const { services, chat } = setUp([aRoom()]);
    chat.failures.set("listRooms", { kind: "network" });
    renderWithServices(<ChatList />, services);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Please check your internet connection");
    chat.failures.clear("listRooms");
    fireEvent.click(within(alert).getByRole("button", { name: messages.web.retry }));
    expect(await screen.findByText("Kampala Phones")).toBeTruthy();
  });

  it("shows the shop to the customer, newest first, with previews, days and unread badges", async () => {
    const { services } = setUp([
      aRoom({
        slug: "old",
        shop: { id: 4, name: "Owino Shoes", displayImage: null, owner: 11 },
        messages: [at("2024-03-05T09:00:00.000Z", "Are the shoes in size 42?", 7)],
      }),
      aRoom({
        slug: "new",
        messages: [at("2026-03-05T10:30:00.000Z", "Yes, it is in stock", 9)],
        unreadCount: 2,
      }),
    ]);
    renderWithServices(<ChatList />, services);
    await screen.findByText("Kampala Phones");
    const rows = screen.getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Kampala Phones.*Today.*Yes, it is in stock.*2 unread$/),
      expect.stringMatching(/^Owino Shoes.*05 Mar 2024.*Are the shoes in size 42\?$/),
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole("link")
        .getAttribute("href"),
    ).toBe("/account/chat-room?room=new");
  });

  it("shows the customer's name to the shop's owner", async () => {
    const { services } = setUp([aRoom({ messages: [at("2026-03-05T10:30:00.000Z", "Hello", 7)] })], owner);
    renderWithServices(<ChatList />, services);
    const row = await screen.findByRole("listitem");
    expect(row.textContent).toMatch(/^AminaKampala Phones/);
  });
});

describe("a chat room", () => {
  const roomAt = "/account/chat-room?room=room-1";

  it("shows a loader until the connection opens, then sends on Enter and shows the message as 'now'", async () => {
    const { services, chat } = setUp([aRoom({ messages: [at("2026-03-05T09:00:00.000Z", "Hello", 9)] })]);
    chat.open = false;
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    expect(await screen.findByText(messages.chat.connecting)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Kampala Phones" })).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
    // Nothing is claimed of the other side before the connection is open.
    expect(screen.queryByText(messages.chat.available)).toBeNull();
    act(() => chat.openAll());
    const box = await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    expect(screen.getByText(messages.chat.available)).toBeTruthy();
    fireEvent.change(box, { target: { value: "  Is it still available? " } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("Is it still available?")).toBeTruthy();
    expect(chat.sent).toEqual([
      {
        slug: "room-1",
        message: "Is it still available?",
        clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByText(messages.common.now)).toBeTruthy();
  });

  it("invites to start the conversation in a room without messages, until the first is sent", async () => {
    const { services } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const box = await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    expect(screen.getByText(messages.chat.startChat)).toBeTruthy();
    fireEvent.change(box, { target: { value: "Hello" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("Hello")).toBeTruthy();
    expect(screen.queryByText(messages.chat.startChat)).toBeNull();
  });

  it("keeps what is typed while the connection is down, waiting to send, and sends it once when back", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const box = await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    act(() => chat.dropAll());
    expect(await screen.findByText(chatOutboxMessages.offline)).toBeTruthy();
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
    fireEvent.change(box, { target: { value: "Typed in a dead zone" } });
    fireEvent.keyDown(box, { key: "Enter" });
    const waiting = await screen.findByTestId("outbox-message");
    expect(waiting.textContent).toBe(`Typed in a dead zone${chatOutboxMessages.waitingToSend}`);
    expect(chat.sent).toEqual([]);
    // The next attempt (within a second) opens.
    await waitFor(() => expect(screen.queryByTestId("outbox-message")).toBeNull(), { timeout: 3000 });
    expect(screen.getAllByText("Typed in a dead zone")).toHaveLength(1);
    expect(chat.sent.map((s) => s.message)).toEqual(["Typed in a dead zone"]);
  });

  it("says a message refused in a blocked room could not be sent, with Retry and Delete", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const box = await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    chat.blocks.set("room-1", new Map([[9, "2026-03-05T11:00:00.000Z"]]));
    fireEvent.change(box, { target: { value: "Hello?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    const failed = await screen.findByTestId("outbox-message");
    expect(within(failed).getByText(chatOutboxMessages.failed)).toBeTruthy();
    // Unblocked: Retry sends it.
    chat.blocks.delete("room-1");
    fireEvent.click(within(failed).getByRole("button", { name: chatOutboxMessages.retryLabel("Hello?") }));
    await waitFor(() => expect(screen.queryByTestId("outbox-message")).toBeNull());
    expect(chat.rooms[0]?.messages.map((m) => m.message)).toEqual(["Hello?"]);
    expect(new Set(chat.sent.map((s) => s.clientId)).size).toBe(1);
  });

  it("deletes a message that could not be sent", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const box = await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    chat.blocks.set("room-1", new Map([[9, "2026-03-05T11:00:00.000Z"]]));
    fireEvent.change(box, { target: { value: "Never mind" } });
    fireEvent.keyDown(box, { key: "Enter" });
    const failed = await screen.findByTestId("outbox-message");
    fireEvent.click(
      within(failed).getByRole("button", { name: chatOutboxMessages.deleteLabel("Never mind") }),
    );
    await waitFor(() => expect(screen.queryByTestId("outbox-message")).toBeNull());
    expect(screen.queryByText("Never mind")).toBeNull();
    expect(chat.rooms[0]?.messages).toEqual([]);
  });

  it("groups messages by sender and day, own on the right", async () => {
    const { services } = setUp([
      aRoom({
        messages: [
          at("2026-03-04T08:00:00.000Z", "Hi", 7),
          at("2026-03-04T08:01:00.000Z", "Do you deliver?", 7),
          at("2026-03-05T09:00:00.000Z", "Yes, to Kampala", 9),
          at("2026-03-05T09:05:00.000Z", "Great", 7),
        ],
      }),
    ]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByText("Great");
    const groups = screen.getAllByTestId("message-group");
    expect(groups.map((g) => [g.dataset.own, within(g).getAllByRole("listitem").length])).toEqual([
      ["true", 2],
      ["false", 1],
      ["true", 1],
    ]);
    expect(screen.getByText("04 Mar 2026")).toBeTruthy();
    expect(screen.getByText(messages.common.today)).toBeTruthy();
  });

  it("reconnects after a drop and shows what it missed once", async () => {
    const { services, chat } = setUp([aRoom({ messages: [at("2026-03-05T09:00:00.000Z", "Hello", 9)] })]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    act(() => chat.dropAll());
    // Said while the connection was down: stored, not delivered.
    chat.rooms[0]?.messages.push(at("2026-03-05T09:30:00.000Z", "Are you there?", 9));
    await waitFor(() => expect(chat.live).toBe(1), { timeout: 3000 });
    expect(await screen.findByText("Are you there?")).toBeTruthy();
    expect(screen.getAllByText("Hello")).toHaveLength(1);
  });

  it("says why the server refused a message, and keeps the connection", async () => {
    const { services, chat } = setUp([aRoom()]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const box = await screen.findByRole("textbox");
    act(() => chat.refuse("room-1", messages.chat.tooManyMessages));
    await findAlert(messages.chat.tooManyMessages, { exact: true });
    expect((box as HTMLTextAreaElement).disabled).toBe(false);
  });

  it("sends a picked picture, shows it once inside the conversation, and the other side's with their name", async () => {
    const photo = { ...at("2026-03-05T09:00:00.000Z", "", 9), image: "/media/chat/theirs.webp" };
    const { services, chat } = setUp([aRoom({ messages: [photo] })]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const theirs = await screen.findByRole("img", { name: "Picture from Kampala Phones" });
    expect(theirs.closest("a")?.getAttribute("target")).toBe("_blank");
    await screen.findByRole("textbox");
    const button = screen.getByRole("button", { name: messages.chat.sendPicture });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    const input = screen.getByLabelText(messages.chat.sendPicture, { selector: "input" });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "crack.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [file] } });
    const mine = await screen.findByRole("img", { name: messages.chat.picture });
    expect(mine.getAttribute("src")).toContain("/media/chat/photo1.webp");
    expect(chat.photos.map((p) => [p.slug, p.image.fileName])).toEqual([["room-1", "crack.jpg"]]);
    // Delivered on the connection and answered by the call: shown once, 'now'.
    expect(screen.getAllByRole("img", { name: messages.chat.picture })).toHaveLength(1);
    const ownGroup = mine.closest("[data-testid=message-group]") as HTMLElement;
    expect(ownGroup.dataset.own).toBe("true");
    expect(within(ownGroup).getByText(messages.common.now)).toBeTruthy();
  });

  it("shows a picture's upload progress with Cancel; Cancel sends nothing and says so", async () => {
    const { services, chat } = setUp([aRoom()]);
    let abort = () => {};
    chat.sendPhoto = () =>
      new Promise((resolve) => {
        // What the HTTP client answers once Cancel aborts the request on the way.
        abort = () => resolve({ ok: false, error: { kind: "network" } });
      });
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    const input = screen.getByLabelText(messages.chat.sendPicture, { selector: "input" });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], "crack.jpg", { type: "image/jpeg" });
    fireEvent.change(input, { target: { files: [file] } });
    const bar = await screen.findByRole("progressbar", { name: uploadMessages.uploadProgress });
    await waitFor(() => expect(bar.getAttribute("aria-valuetext")).toBe(uploadMessages.uploading));
    // Said politely to a screen reader, as well as shown.
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(uploadMessages.uploading);
    fireEvent.click(screen.getByRole("button", { name: uploadMessages.cancelUpload }));
    abort();
    await findAlert(uploadMessages.uploadCancelled, { exact: true });
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByRole("img", { name: messages.chat.picture })).toBeNull();
  });

  it("says why a picture was refused", async () => {
    const { services, chat } = setUp([aRoom()]);
    chat.failures.set("sendPhoto", { kind: "invalid", message: "The file is not an image we can read." });
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    const input = screen.getByLabelText(messages.chat.sendPicture, { selector: "input" });
    fireEvent.change(input, { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    await findAlert("The file is not an image we can read.", { exact: true });
  });

  it("shows earlier messages on request, each once", async () => {
    const history = Array.from({ length: 60 }, (_, i) =>
      at(new Date(Date.parse("2026-03-05T08:00:00.000Z") + i * 60_000).toISOString(), `message ${i}`, 9),
    );
    const { services } = setUp([aRoom({ messages: history })]);
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByText("message 59");
    expect(screen.queryByText("message 9")).toBeNull();
    // The button comes with the history's first page (a render after its messages, on a busy machine).
    fireEvent.click(await screen.findByRole("button", { name: messages.chat.earlier }));
    expect(await screen.findByText("message 0")).toBeTruthy();
    expect(screen.getAllByText(/^message \d+$/)).toHaveLength(60);
    expect(screen.queryByRole("button", { name: messages.chat.earlier })).toBeNull();
  });

  it("leaving right after a message arrived marks the room read over HTTP too; otherwise not", async () => {
    const { services, chat } = setUp([aRoom()]);
    const reads: string[] = [];
    const markRead = chat.markRead.bind(chat);
    chat.markRead = (token, slug) => {
      reads.push(slug);
      return markRead(token, slug);
    };
    const quiet = renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    quiet.unmount();
    expect(reads).toEqual([]);

    const view = renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    act(() => chat.deliver("room-1", at("2026-03-05T11:59:00.000Z", "Still there?", 9)));
    await screen.findByText("Still there?");
    view.unmount();
    expect(reads).toEqual(["room-1"]);
  });

  it("closes the connection when the user leaves", async () => {
    const { services, chat } = setUp([aRoom()]);
    const view = renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    await screen.findByRole("textbox");
    expect(chat.live).toBe(1);
    view.unmount();
    expect(chat.live).toBe(0);
  });
});

describe("Message Seller", () => {
  const kettle = aProduct({ id: 11, name: "Kettle", slug: "kettle", shopId: 3, shopName: "Kampala Phones" });
  const detail: ProductDetail = {
    product: kettle,
    shop: aShop({ id: 3, name: "Kampala Phones" }),
    isOwner: false,
    moreFromShop: [],
    relatedFromOtherShops: [],
    relatedShops: [],
  };

  it("asks a visitor to log in first", async () => {
    const chat = new InMemoryChat([aRoom()]);
    renderWithServices(<ProductSummary detail={detail} />, chatServices(chat));
    fireEvent.click(screen.getByRole("button", { name: messages.products.messageSeller }));
    expect(await screen.findByText(messages.common.loginFirst)).toBeTruthy();
  });

  it("opens the room over the product page, the product's card going with the first message", async () => {
    const { services } = setUp([aRoom()]);
    const page = (
      <>
        <ProductSummary detail={detail} />
        <ChatPopupHost />
        <Where />
      </>
    );
    renderWithServices(page, services, { path: "/item/:slug", at: "/item/kettle" });
    fireEvent.click(screen.getByRole("button", { name: messages.products.messageSeller }));
    const room = await screen.findByRole("dialog", { name: "Kampala Phones" });
    expect(within(room).getByText(messages.chat.withProduct)).toBeTruthy();
    expect(screen.getByTestId("here").dataset.path).toBe("/item/kettle?chat-room=room-1&chat-product=kettle");
    // Closing it leaves the shopper on the product page.
    fireEvent.click(within(room).getByRole("link", { name: messages.chat.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("here").dataset.path).toBe("/item/kettle");
  });
});

describe("Chat on a shop page", () => {
  const page: ShopPage = {
    shop: aShop({ id: 3, name: "Kampala Phones" }),
    isOwner: false,
    products: [],
    numberOfProducts: 0,
    numberOfFollowers: 0,
    recommended: [],
  };

  it("asks a visitor to log in first", async () => {
    renderWithServices(<ShopHeader page={page} />, chatServices(new InMemoryChat([aRoom()])));
    fireEvent.click(screen.getByRole("button", { name: messages.shops.chat }));
    expect(await screen.findByText(messages.common.loginFirst)).toBeTruthy();
  });

  it("opens the room with the shop over the shop page", async () => {
    const { services } = setUp([aRoom()]);
    const shopPage = (
      <>
        <ShopHeader page={page} />
        <ChatPopupHost />
        <Where />
      </>
    );
    renderWithServices(shopPage, services, { path: "/shops/:id", at: "/shops/3?page=2" });
    fireEvent.click(screen.getByRole("button", { name: messages.shops.chat }));
    const room = await screen.findByRole("dialog", { name: "Kampala Phones" });
    expect(within(room).queryByText(messages.chat.withProduct)).toBeNull();
    expect(screen.getByTestId("here").dataset.path).toBe("/shops/3?page=2&chat-room=room-1");
  });

  it("is not offered to the shop's owner", () => {
    renderWithServices(<ShopHeader page={{ ...page, isOwner: true }} />, chatServices(new InMemoryChat()));
    expect(screen.queryByRole("button", { name: messages.shops.chat })).toBeNull();
  });
});

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="here" data-path={`${pathname}${search}`} />;
}

describe("the Chats popup and the room over the page", () => {
  const onPage = { path: "/shops", at: "/shops?page=2" };
  const header = (
    <>
      <ChatButton className={() => ""} />
      <ChatPopupHost />
      <Where />
    </>
  );

  it("asks a visitor to log in first", async () => {
    renderWithServices(header, chatServices(new InMemoryChat([aRoom()])), onPage);
    fireEvent.click(screen.getByRole("button", { name: messages.chat.chats }));
    expect(await screen.findByText(messages.common.loginFirst)).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: messages.chat.chats })).toBeNull();
  });

  it("opens the list from the chat icon, a room over the page from it, back to the list, close to the page", async () => {
    const { services, chat } = setUp([
      aRoom({ messages: [at("2026-03-05T10:30:00.000Z", "Yes, it is in stock", 9)] }),
    ]);
    renderWithServices(header, services, onPage);
    fireEvent.click(screen.getByRole("button", { name: messages.chat.chats }));
    const popup = await screen.findByRole("dialog", { name: messages.chat.chats });
    const row = await within(popup).findByRole("link", { name: /Kampala Phones/ });
    expect(row.getAttribute("href")).toBe("/shops?page=2&chat-room=room-1");

    fireEvent.click(row);
    const room = await screen.findByRole("dialog", { name: "Kampala Phones" });
    expect(screen.queryByRole("dialog", { name: messages.chat.chats })).toBeNull();
    expect(await within(room).findByText("Yes, it is in stock")).toBeTruthy();
    await within(room).findByRole("textbox", { name: messages.chat.typeMessage });
    expect(chat.live).toBe(1);

    fireEvent.click(within(room).getByRole("link", { name: messages.chat.back }));
    expect(await screen.findByRole("dialog", { name: messages.chat.chats })).toBeTruthy();
    expect(chat.live).toBe(0);

    fireEvent.click(within(screen.getByRole("dialog")).getByRole("link", { name: /Kampala Phones/ }));
    const again = await screen.findByRole("dialog", { name: "Kampala Phones" });
    fireEvent.click(within(again).getByRole("link", { name: messages.chat.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("here").dataset.path).toBe("/shops?page=2");
  });

  it("Escape closes the popup", async () => {
    const { services } = setUp([aRoom()]);
    renderWithServices(header, services, onPage);
    fireEvent.click(screen.getByRole("button", { name: messages.chat.chats }));
    const popup = await screen.findByRole("dialog", { name: messages.chat.chats });
    fireEvent(popup, new Event("cancel"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});

describe("a room seen before, read offline", () => {
  const roomAt = "/account/chat-room?room=room-1";
  const seen = () =>
    aRoom({
      messages: [
        at("2026-03-05T09:00:00.000Z", "Is the Tecno still available?", 7),
        at("2026-03-05T09:05:00.000Z", "Yes, come today", 9),
      ],
    });

  it("shows the phone's copy of the room and of the list when the network is down, and says when it was saved", async () => {
    const { services, chat } = setUp([seen()]);
    const kept = services.chatSavedRooms!;
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    expect(await screen.findByText("Yes, come today")).toBeTruthy();
    await waitFor(() => expect(kept.get("room-1", amina.id)).resolves.toBeDefined(), { timeout: 3000 });
    const savedAt = (await kept.get("room-1", amina.id))!.savedAt;
    cleanup();

    // Reloaded offline: nothing answers, the room reads from the copy and takes what is typed.
    chat.reachable = false;
    chat.failures.set("loadRoom", { kind: "network" });
    chat.failures.set("listRooms", { kind: "network" });
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    expect(await screen.findByText("Yes, come today")).toBeTruthy();
    expect(screen.getByText("Is the Tecno still available?")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Kampala Phones" })).toBeTruthy();
    expect(savedCopyTime()).toBe(savedAt);
    expect(await screen.findByText(chatOutboxMessages.offline)).toBeTruthy();
    // The header claims nothing of the other side: it says the room is the saved copy.
    expect(screen.queryByText(messages.chat.available)).toBeNull();
    expect(screen.getByText(chatOutboxMessages.savedCopy)).toBeTruthy();
    const box = screen.getByRole("textbox", { name: messages.chat.typeMessage });
    fireEvent.change(box, { target: { value: "I am on my way" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect((await screen.findByTestId("outbox-message")).textContent).toBe(
      `I am on my way${chatOutboxMessages.waitingToSend}`,
    );
    cleanup();
    expect(savedCopyTime()).toBeNull();

    renderWithServices(<ChatList />, services);
    expect(await screen.findByText("Kampala Phones")).toBeTruthy();
    expect(screen.getByText("Yes, come today")).toBeTruthy();
  });

  it("shows offline every room the list showed last time online, with its unread count", async () => {
    const { services, chat } = setUp([
      seen(),
      aRoom({
        slug: "room-2",
        shop: { id: 4, name: "Owino Shoes", displayImage: null, owner: 11 },
        messages: [at("2026-03-05T10:00:00.000Z", "Size 42 is back", 11)],
        unreadCount: 3,
      }),
    ]);
    renderWithServices(<ChatList />, services);
    expect(await screen.findByText("Owino Shoes")).toBeTruthy();
    await waitFor(() => expect(services.chatSavedRooms!.chatList(amina.id)).resolves.toBeDefined());
    cleanup();

    // Reloaded offline: no room was ever opened on this phone, the list it showed is there.
    chat.failures.set("listRooms", { kind: "network" });
    renderWithServices(<ChatList />, services);
    await screen.findByText("Owino Shoes");
    expect(screen.getAllByRole("listitem").map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Owino Shoes.*Size 42 is back.*3 unread$/),
      expect.stringMatching(/^Kampala Phones.*Yes, come today$/),
    ]);
    expect(savedCopyTime()).toBe(now.getTime());
    cleanup();
    // Another user of the phone is not shown it.
    signIn(services, owner);
    renderWithServices(<ChatList />, services);
    expect((await screen.findByRole("alert")).textContent).toContain("Please check your internet connection");
  });

  it("keeps another user's rooms from them, and says the network failed when nothing was kept", async () => {
    const { services, chat } = setUp([seen()], owner);
    await services.chatSavedRooms!.put({ slug: "room-1", viewerId: amina.id, savedAt: 1, room: seen() });
    chat.failures.set("loadRoom", { kind: "network" });
    renderWithServices(<ChatRoomPage />, services, { path: "/account/chat-room", at: roomAt });
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Please check your internet connection");
    expect(screen.queryByText("Yes, come today")).toBeNull();
  });
});

describe("the rooms kept on the phone", () => {
  const room = (slug: string, count: number, text = "Hello") =>
    aRoom({
      slug,
      messages: Array.from({ length: count }, (_, i) =>
        at(new Date(Date.UTC(2026, 2, 5, 9, 0, i)).toISOString(), `${text} ${i}`, 7),
      ),
    });

  it("keeps a room's latest 50 messages, the 20 latest saved rooms, and forgets them all at logout", async () => {
    const kept = new MemorySavedRooms();
    await kept.put({ slug: "long", viewerId: 7, savedAt: 1, room: room("long", 120) });
    const long = await kept.get("long", 7);
    expect(long?.room.messages).toHaveLength(SAVED_ROOMS.messages);
    expect(long?.room.messages.at(-1)?.message).toBe("Hello 119");
    for (let i = 0; i < 25; i++)
      await kept.put({ slug: `r${i}`, viewerId: 7, savedAt: 10 + i, room: room(`r${i}`, 2) });
    const list = await kept.chatList(7);
    expect(list?.rooms).toHaveLength(SAVED_ROOMS.rooms);
    expect(list?.savedAt).toBe(34);
    expect(await kept.get("long", 7)).toBeUndefined();
    expect(await kept.get("r24", 7)).toBeDefined();
    expect(await kept.chatList(8)).toBeUndefined();
    await kept.forget();
    expect(await kept.chatList(7)).toBeUndefined();
  });

  it("keeps the chat list's last answer per user, its first 100 rooms, the 5 latest saved, and forgets it at logout", async () => {
    const kept = new MemorySavedRooms();
    const summary = (slug: string, unreadCount: number) => ({
      slug,
      customer: { id: 7, name: "Amina", profilePicture: null },
      shop: { id: 3, name: "Kampala Phones", displayImage: null, owner: 9 },
      lastMessage: at("2026-03-05T09:00:00.000Z", `In ${slug}`, 9),
      unreadCount,
    });
    const many = Array.from({ length: 120 }, (_, i) => summary(`s${i}`, i));
    await kept.putList({ viewerId: 7, savedAt: 5, rooms: many });
    const list = await kept.chatList(7);
    expect(list?.rooms).toHaveLength(SAVED_ROOMS.listRooms);
    expect(list?.savedAt).toBe(5);
    expect(list?.rooms.find((r) => r.slug === "s2")?.unreadCount).toBe(2);
    // A room opened since the list was saved: its copy tells it (read there: nothing unread).
    await kept.put({ slug: "s2", viewerId: 7, savedAt: 6, room: room("s2", 3) });
    const after = await kept.chatList(7);
    expect(after?.rooms[0]).toMatchObject({
      slug: "s2",
      unreadCount: 0,
      lastMessage: { message: "Hello 2" },
    });
    expect(after?.rooms).toHaveLength(SAVED_ROOMS.listRooms);
    expect(after?.savedAt).toBe(6);
    for (let viewer = 20; viewer < 25; viewer++)
      await kept.putList({ viewerId: viewer, savedAt: viewer, rooms: [summary("x", 1)] });
    expect(await kept.chatList(20)).toBeDefined();
    expect((await kept.chatList(7))?.rooms.map((r) => r.slug)).toEqual(["s2"]);
    await kept.forget();
    expect(await kept.chatList(20)).toBeUndefined();
  });

  it("keeps within its bytes, the latest saved first", () => {
    const big = "x".repeat(1900);
    const rooms = Array.from({ length: 15 }, (_, i) => ({
      slug: `big${i}`,
      viewerId: 7,
      savedAt: i,
      room: room(`big${i}`, 50, big),
    }));
    const { keep, drop } = withinBounds(rooms);
    const bytes = keep.reduce((sum, saved) => sum + JSON.stringify(saved).length, 0);
    expect(bytes).toBeLessThanOrEqual(SAVED_ROOMS.bytes);
    expect(keep.length).toBeGreaterThan(0);
    expect(drop.length).toBeGreaterThan(0);
    expect(Math.min(...keep.map((r) => r.savedAt))).toBeGreaterThan(Math.max(...drop.map((r) => r.savedAt)));
  });
});
