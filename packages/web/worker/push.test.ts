import { describe, expect, it } from "vitest";
import { openNotification, readPush, showPush } from "./push.js";

// A tap on a notification: the browser's Clients and Notification, as the worker receives them.
function aBrowser(tabs: string[]) {
  const focused: string[] = [];
  const opened: string[] = [];
  const clients = {
    matchAll: async () =>
      tabs.map((url) => ({
        url,
        focus: async () => {
          focused.push(url);
        },
      })),
    openWindow: async (url: string) => {
      opened.push(url);
      return null;
    },
  } as unknown as Clients;
  return { clients, focused, opened };
}

function aNotification(url: unknown) {
  let closed = false;
  const notification = {
    data: { url },
    close: () => {
      closed = true;
    },
  } as unknown as Notification;
  return { notification, closed: () => closed };
}

const ORIGIN = "https://katale.example";

describe("a tap on a push notification", () => {
  it("opens the notification's page in a new tab and closes the notification", async () => {
    const browser = aBrowser([`${ORIGIN}/`]);
    const tapped = aNotification("/account/chat-room?room=abc");
    await openNotification(browser.clients, ORIGIN, tapped.notification);
    expect(browser.opened).toEqual([`${ORIGIN}/account/chat-room?room=abc`]);
    expect(browser.focused).toEqual([]);
    expect(tapped.closed()).toBe(true);
  });

  it("brings forward a tab already on that page instead of opening another", async () => {
    const browser = aBrowser([`${ORIGIN}/`, `${ORIGIN}/item/bicycle-pump-3eel`]);
    await openNotification(browser.clients, ORIGIN, aNotification("/item/bicycle-pump-3eel").notification);
    expect(browser.focused).toEqual([`${ORIGIN}/item/bicycle-pump-3eel`]);
    expect(browser.opened).toEqual([]);
  });

  it("never leaves the app's origin: a foreign or missing url opens the home page", async () => {
    for (const url of ["https://evil.example/login", undefined]) {
      const browser = aBrowser([]);
      await openNotification(browser.clients, ORIGIN, aNotification(url).notification);
      expect(browser.opened).toEqual([`${ORIGIN}/`]);
    }
  });

  it("reads a plain text push as the notification's text", () => {
    const push = readPush({
      json: () => {
        throw new SyntaxError("not JSON");
      },
      text: () => "Your order is ready",
    });
    expect(push).toEqual({ title: "Katale", body: "Your order is ready", url: "/" });
  });

  it("shows an event pushed twice as one notification: the second replaces the first by its tag", async () => {
    // The browser keeps one notification per tag; a copy with the same tag replaces it.
    const shown = new Map<string, string>();
    let untagged = 0;
    const registration = {
      showNotification: async (title: string, options: NotificationOptions) => {
        if (options.tag) shown.set(options.tag, title);
        else untagged += 1;
      },
    } as unknown as ServiceWorkerRegistration;
    const payload = (body: object) => ({ json: () => body, text: () => JSON.stringify(body) });
    const event = { title: "Kikuubo Phones has a new follower", body: "", url: "/", tag: "9f1c" };
    await showPush(registration, payload(event) as unknown as PushMessageData);
    await showPush(registration, payload(event) as unknown as PushMessageData);
    await showPush(registration, payload({ ...event, tag: "77aa" }) as unknown as PushMessageData);
    expect([...shown.values()]).toHaveLength(2);
    expect(untagged).toBe(0);
  });
});
