import {
  defaultNotificationSettings,
  type NotificationGateway,
  notificationText,
  type Result,
} from "@katale/domain";
import { expect, it } from "vitest";

// What a NotificationGateway must do, run against the domain's in-memory fake
// (notifications-behaviour.test.ts) and the HTTP gateway on the real server
// (tests/adapters/notification-gateways.int.test.ts), so the fake cannot drift from the server.

export interface InboxUser {
  readonly token: string;
}

export interface NotificationsFixture {
  readonly notifications: NotificationGateway;
  /** A new user with an empty inbox. */
  readonly newUser: () => Promise<InboxUser>;
  /** One unread `new_follower` entry about `shop` for the user, newer than every entry before it. */
  readonly notify: (user: InboxUser, shop: string) => Promise<void>;
}

/** The title an entry about `shop` shows (the words are the domain's, on the server too). */
const titleOf = (shop: string) =>
  notificationText({ kind: "new_follower", count: 1, subject: shop, detail: {} }).title;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

export function itBehavesLikeANotificationGateway(fixture: () => NotificationsFixture): void {
  it("a new user's inbox is one empty page with nothing unread", async () => {
    const { notifications, newUser } = fixture();
    const user = await newUser();
    expect(value(await notifications.listNotifications(user.token, 1, false))).toEqual({
      items: [],
      count: 0,
      page: 1,
      hasNext: false,
      hasPrevious: false,
      unread: 0,
    });
  });

  it("lists entries newest first with the unread count, and only the unread ones when asked", async () => {
    const { notifications, newUser, notify } = fixture();
    const user = await newUser();
    for (const shop of ["Jinja Crafts", "Gulu Tailors", "Mbale Coffee"]) await notify(user, shop);
    const all = value(await notifications.listNotifications(user.token, 1, false));
    expect(all.items.map((n) => n.title)).toEqual(
      ["Mbale Coffee", "Gulu Tailors", "Jinja Crafts"].map(titleOf),
    );
    expect(all).toMatchObject({ count: 3, unread: 3 });
    expect(all.items[0]).toMatchObject({ kind: "new_follower", read: false });

    const oldest = all.items[2]!;
    expect(value(await notifications.markRead(user.token, [oldest.id]))).toBe(2);
    const unread = value(await notifications.listNotifications(user.token, 1, true));
    expect(unread.items.map((n) => n.title)).toEqual(["Mbale Coffee", "Gulu Tailors"].map(titleOf));
    expect(unread).toMatchObject({ count: 2, unread: 2 });
    const again = value(await notifications.listNotifications(user.token, 1, false));
    expect(again.items.map((n) => n.read)).toEqual([false, false, true]);
  });

  it("pages by 20, and a page past the end is 'invalid-page'", async () => {
    const { notifications, newUser, notify } = fixture();
    const user = await newUser();
    for (let n = 1; n <= 21; n++) await notify(user, `Shop ${n}`);
    const first = value(await notifications.listNotifications(user.token, 1, false));
    expect(first).toMatchObject({ count: 21, page: 1, hasNext: true, hasPrevious: false });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe(titleOf("Shop 21"));
    const second = value(await notifications.listNotifications(user.token, 2, false));
    expect(second).toMatchObject({ count: 21, page: 2, hasNext: false, hasPrevious: true });
    expect(second.items.map((n) => n.title)).toEqual([titleOf("Shop 1")]);
    expect(kindOf(await notifications.listNotifications(user.token, 3, false))).toBe("invalid-page");
  });

  it("marks everything read at once; another user's entries are 'not-found' and stay unread", async () => {
    const { notifications, newUser, notify } = fixture();
    const [me, other] = [await newUser(), await newUser()];
    await notify(me, "Lira Honey");
    await notify(other, "Entebbe Fish");
    const theirs = value(await notifications.listNotifications(other.token, 1, false)).items[0]!;
    const mine = value(await notifications.listNotifications(me.token, 1, false)).items[0]!;

    expect(kindOf(await notifications.markRead(me.token, [mine.id, theirs.id]))).toBe("not-found");
    expect(value(await notifications.listNotifications(me.token, 1, false)).unread).toBe(1);
    expect(value(await notifications.listNotifications(other.token, 1, false)).unread).toBe(1);

    expect(value(await notifications.markRead(me.token, undefined))).toBe(0);
    expect(value(await notifications.markRead(me.token, undefined))).toBe(0);
    expect(value(await notifications.listNotifications(other.token, 1, false)).unread).toBe(1);
  });

  it("keeps each user's channels per kind, answering every kind", async () => {
    const { notifications, newUser } = fixture();
    const [me, other] = [await newUser(), await newUser()];
    const defaults = defaultNotificationSettings();
    expect(value(await notifications.loadSettings(me.token))).toEqual(defaults);

    const saved = value(
      await notifications.saveSettings(me.token, {
        new_follower: { inbox: false, email: false, push: true },
      }),
    );
    expect(saved).toEqual({ ...defaults, new_follower: { inbox: false, email: false, push: true } });
    expect(value(await notifications.loadSettings(me.token))).toEqual(saved);
    expect(value(await notifications.loadSettings(other.token))).toEqual(defaults);
  });

  it("refuses a token it does not know", async () => {
    const { notifications } = fixture();
    expect(kindOf(await notifications.listNotifications("no-such-token", 1, false))).toBe("unauthorized");
    expect(kindOf(await notifications.markRead("no-such-token", undefined))).toBe("unauthorized");
    expect(kindOf(await notifications.loadSettings("no-such-token"))).toBe("unauthorized");
  });
}
