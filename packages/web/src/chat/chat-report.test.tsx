// @vitest-environment happy-dom
import { type ChatMessage, messages, moderationMessages, reportingMessages } from "@katale/domain";
import { InMemoryChat, InMemoryModerationGateway } from "@katale/domain/testing";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { chatServices, renderWithServices, signIn } from "../testing/test-services.js";
import ChatRoomPage from "./chat-room-page.js";

// "Report" on each of the other side's chat messages: the Report dialog with target "message" and
// the message's id; one's own messages have none.

afterEach(cleanup);

const amina = { id: 7, token: "amina-token", name: "amina@example.com" };
const now = new Date("2026-03-05T12:00:00.000Z");

const theirs: ChatMessage = {
  id: 41,
  message: "Pay me first on mobile money",
  senderId: 9,
  product: null,
  createdAt: "2026-03-05T09:00:00.000Z",
};
const mine: ChatMessage = {
  id: 42,
  message: "I will pay when I see it",
  senderId: 7,
  product: null,
  createdAt: "2026-03-05T09:05:00.000Z",
};

function setUp() {
  const chat = new InMemoryChat(
    [
      {
        slug: "room-1",
        customer: { id: 7, name: "Amina", profilePicture: null },
        shop: { id: 3, name: "Kampala Phones", displayImage: null, owner: 9 },
        messages: [theirs, mine],
        unreadCount: 0,
      },
    ],
    [],
    amina.id,
    () => now,
  );
  chat.tokenUsers.set(amina.token, amina.id);
  const moderation = new InMemoryModerationGateway();
  moderation.users.push({ token: amina.token, id: amina.id, name: "Amina", isAdmin: false });
  moderation.targets.set("message:41", { title: theirs.message, owners: [9], participants: [7, 9] });
  const services = chatServices(chat, {
    clock: { now: () => now, sleep: async () => {} },
    moderation: () => Promise.resolve({ reports: moderation, moderation }),
  });
  signIn(services, amina);
  renderWithServices(<ChatRoomPage />, services, {
    path: "/account/chat-room",
    at: "/account/chat-room?room=room-1",
  });
  return { moderation };
}

describe("reporting a chat message", () => {
  it("offers Report on the other side's message only, and sends it with its id", async () => {
    setUp();
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    const reports = screen.getAllByRole("button", { name: /^Report the message from Kampala Phones at / });
    expect(reports).toHaveLength(1);
    fireEvent.click(reports[0]!);
    const dialog = await screen.findByRole("dialog", { name: reportingMessages.reportTitle("message") });
    fireEvent.click(within(dialog).getByRole("radio", { name: reportingMessages.reasons.scam }));
    fireEvent.click(within(dialog).getByRole("button", { name: reportingMessages.send }));
    expect(await screen.findByText(moderationMessages.reported)).toBeTruthy();
  });

  it("a second report of the same message is refused in the domain's words", async () => {
    setUp();
    await screen.findByRole("textbox", { name: messages.chat.typeMessage });
    const report = async () => {
      fireEvent.click(screen.getByRole("button", { name: /^Report the message from/ }));
      const dialog = await screen.findByRole("dialog", { name: reportingMessages.reportTitle("message") });
      fireEvent.click(within(dialog).getByRole("radio", { name: reportingMessages.reasons.spam }));
      fireEvent.click(within(dialog).getByRole("button", { name: reportingMessages.send }));
    };
    await report();
    await screen.findByText(moderationMessages.reported);
    fireEvent.click(screen.getByRole("button", { name: reportingMessages.done }));
    await report();
    expect((await screen.findByRole("alert")).textContent).toBe(moderationMessages.alreadyReported);
  });
});
