// @vitest-environment happy-dom
import { IN_MEMORY_VAPID_KEY, InMemoryNotifications } from "@katale/domain/testing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useLogout } from "../auth/use-logout.js";
import { renderWithServices, signIn, testServices } from "../testing/test-services.js";
import LiveBell from "./live-bell.js";
import NotificationSettingsPage from "./notification-settings-page.js";
import NotificationsPage from "./notifications-page.js";
import { base64UrlBytes, type PushDevice, PushDeviceControl } from "./push-device.js";

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

  it("asks nothing more with the token a logout revokes", async () => {
    const { fake, all } = services();
    // The bell's next attempt waits here (after a drop) until the test lets it fall due.
    const due = new Set<() => void>();
    const timers = {
      after: (_ms: number, fn: () => void) => {
        due.add(fn);
        return () => due.delete(fn);
      },
    };
    let revoked = false;
    const asked: string[] = [];
    const list = fake.listNotifications.bind(fake);
    fake.listNotifications = (token, page, options) => {
      if (revoked) asked.push(token);
      return list(token, page, options);
    };
    const connect = fake.connect.bind(fake);
    fake.connect = (token, listener) => {
      if (revoked) asked.push(token);
      return connect(token, listener);
    };
    // The service revokes the token; meanwhile the bell's next attempt falls due.
    const auth = {
      ...all.auth,
      logout: async () => {
        revoked = true;
        for (const fn of [...due]) fn();
        await Promise.resolve();
        return { ok: true as const, value: undefined };
      },
    } as typeof all.auth;
    function LogOut() {
      const logout = useLogout();
      return (
        <button type="button" onClick={() => void logout()}>
          Log out
        </button>
      );
    }
    renderWithServices(
      <>
        <LiveBell />
        <LogOut />
      </>,
      { ...all, auth, timers },
    );
    await waitFor(() => expect(fake.connections.some((c) => c.opened)).toBe(true));
    act(() => fake.dropAll());
    await waitFor(() => expect(due.size).toBe(1));
    fireEvent.click(screen.getByRole("button", { name: "Log out" }));
    await waitFor(() => expect(revoked).toBe(true));
    await act(async () => {
      for (const fn of [...due]) fn();
      await Promise.resolve();
    });
    expect(asked).toEqual([]);
    expect(due.size).toBe(0);
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

/** The browser's side of push, as a test holds it: its permission prompt and its subscription. */
class FakePushDevice implements PushDevice {
  asked = 0;
  answer: NotificationPermission = "granted";
  reachable = true;
  subscription: PushSubscription | null = null;
  keyGiven: Uint8Array | null = null;

  constructor(public state: NotificationPermission = "default") {}

  supported = () => true;
  permission = () => this.state;
  requestPermission = async () => {
    this.asked += 1;
    this.state = this.answer;
    return this.answer;
  };
  current = async () => this.subscription;
  subscribe = async (key: Uint8Array<ArrayBuffer>) => {
    this.keyGiven = key;
    if (!this.reachable) throw new DOMException("Registration failed - push service error", "AbortError");
    const json = {
      endpoint: "https://push.example/send/abc",
      keys: { p256dh: IN_MEMORY_VAPID_KEY, auth: "AAECAwQFBgcICQoLDA0ODw" },
    };
    const subscription = {
      endpoint: json.endpoint,
      toJSON: () => json,
      unsubscribe: async () => {
        this.subscription = null;
        return true;
      },
    } as unknown as PushSubscription;
    this.subscription = subscription;
    return subscription;
  };
}

describe("push notifications on this device", () => {
  const pushSwitch = () => screen.findByRole("switch", { name: "Push notifications on this device" });

  it("asks the browser only when turned on, subscribes with the server's key, and turns push on per kind", async () => {
    const { fake, all } = services();
    const device = new FakePushDevice();
    renderWithServices(<PushDeviceControl device={device} />, all);
    const control = await pushSwitch();
    await waitFor(() => expect((control as HTMLButtonElement).disabled).toBe(false));
    expect(control.getAttribute("aria-checked")).toBe("false");
    expect(device.asked).toBe(0);
    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute("aria-checked")).toBe("true"));
    expect(device.asked).toBe(1);
    expect(device.keyGiven).toEqual(base64UrlBytes(IN_MEMORY_VAPID_KEY));
    expect(fake.pushEndpoints(ME.token)).toEqual(["https://push.example/send/abc"]);
    expect(screen.getByText(/^On: this device shows/)).toBeTruthy();
    const settings = await fake.notificationSettings(ME.token);
    expect(settings.ok && settings.value.chat_message.push).toBe(true);

    fireEvent.click(control);
    await waitFor(() => expect(control.getAttribute("aria-checked")).toBe("false"));
    expect(fake.pushEndpoints(ME.token)).toEqual([]);
    expect(device.subscription).toBeNull();
  });

  it("says so, and keeps nothing, when the browser cannot reach its push service", async () => {
    const { fake, all } = services();
    const device = new FakePushDevice();
    device.reachable = false;
    renderWithServices(<PushDeviceControl device={device} />, all);
    const control = await pushSwitch();
    await waitFor(() => expect((control as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(control);
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not reach its push service/);
    expect(control.getAttribute("aria-checked")).toBe("false");
    expect(fake.pushEndpoints(ME.token)).toEqual([]);
  });

  it("shows how to allow notifications when the browser blocks them, without asking", async () => {
    const { all } = services();
    const device = new FakePushDevice("denied");
    renderWithServices(<PushDeviceControl device={device} />, all);
    expect(await screen.findByText(/^Blocked:/)).toBeTruthy();
    expect(screen.getByText(/set Notifications to Allow/)).toBeTruthy();
    expect(((await pushSwitch()) as HTMLButtonElement).disabled).toBe(true);
    expect(device.asked).toBe(0);
  });

  it("says when the browser cannot do push at all", async () => {
    const { all } = services();
    renderWithServices(<NotificationSettingsPage />, all, { path: "/account/notification-settings" });
    expect(await screen.findByText(/cannot show push notifications/)).toBeTruthy();
  });
});
