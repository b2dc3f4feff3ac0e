// @vitest-environment happy-dom
import { InMemoryNotifications } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithServices, signIn, testServices } from "../testing/test-services.js";
import LiveBell from "./live-bell.js";
import NotificationSettingsPage from "./notification-settings-page.js";
import NotificationsPage from "./notifications-page.js";

afterEach(cleanup);

const ME = { id: 7, token: "token-7", name: "Amina" };

function services() {
  const fake = new InMemoryNotifications();
  fake.addUser(ME.token);
  const all = testServices({ notifications: fake, notificationSockets: fake });
  signIn(all, ME);
  return { fake, all };
}

const labelOf = (element: HTMLElement) => element.getAttribute("aria-label");

describe("the bell", () => {
  it("counts entries live, lists the latest in its popover, and marks all read", async () => {
    const { fake, all } = services();
    renderWithServices(<LiveBell />, all);
    const bell = await screen.findByRole("button", { name: "Notifications" });
    await waitFor(() => expect(fake.connections.some((c) => c.opened)).toBe(true));
    act(() => {
      fake.tell(ME.token, { kind: "new_follower", title: "Kikuubo Phones has a new follower", url: "/x" });
    });
    await waitFor(() => expect(labelOf(bell)).toBe("Notifications, 1 unread"));
    expect(screen.getByTestId("bell-badge").textContent).toBe("1");

    fireEvent.click(bell);
    expect(bell.getAttribute("aria-expanded")).toBe("true");
    const popover = screen.getByRole("region", { name: "Notifications" });
    const entry = await within(popover).findByRole("link", { name: /Kikuubo Phones has a new follower/ });
    expect(entry.getAttribute("href")).toBe("/x");
    fireEvent.click(within(popover).getByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(labelOf(bell)).toBe("Notifications"));
    expect(screen.queryByTestId("bell-badge")).toBeNull();
    // Escape closes the popover and gives focus back to the bell.
    fireEvent.keyDown(document, { key: "Escape" });
    await waitFor(() => expect(bell.getAttribute("aria-expanded")).toBe("false"));
    expect(document.activeElement).toBe(bell);
  });

  it("says so when there is nothing yet", async () => {
    const { all } = services();
    renderWithServices(<LiveBell />, all);
    fireEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});

describe("the notifications page", () => {
  it("pages the inbox and marks all read", async () => {
    const { fake, all } = services();
    for (let i = 1; i <= 21; i++) fake.tell(ME.token, { kind: "new_follower", title: `Entry ${i}` });
    renderWithServices(<NotificationsPage />, all, { path: "/account/notifications" });
    expect(await screen.findByRole("link", { name: /Entry 21/ })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Entry 1\b/ })).toBeNull();
    expect(screen.getByText("Page 1 of 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await waitFor(() =>
      expect((screen.getByRole("button", { name: "Mark all read" }) as HTMLButtonElement).disabled).toBe(
        true,
      ),
    );
    expect(screen.queryAllByText("Unread")).toHaveLength(0);
  });

  it("shows an empty inbox", async () => {
    const { all } = services();
    renderWithServices(<NotificationsPage />, all, { path: "/account/notifications" });
    expect(await screen.findByText("No notifications yet")).toBeTruthy();
  });
});

describe("the notification settings page", () => {
  it("saves a switch as it is flipped", async () => {
    const { fake, all } = services();
    renderWithServices(<NotificationSettingsPage />, all, { path: "/account/notification-settings" });
    const email = await screen.findByRole("switch", { name: "Chat messages: E-mail" });
    expect(email.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(email);
    expect(await screen.findByText("Settings saved")).toBeTruthy();
    expect(screen.getByRole("switch", { name: "Chat messages: E-mail" }).getAttribute("aria-checked")).toBe(
      "false",
    );
    const stored = await fake.notificationSettings(ME.token);
    expect(stored.ok && stored.value.chat_message).toEqual({ inbox: true, email: false, push: false });
  });
});
