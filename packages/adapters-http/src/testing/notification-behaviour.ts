import type {
  InboxEntry,
  InboxFrame,
  NotificationConnector,
  NotificationGateway,
  PushSubscriptionKeys,
  Result,
} from "@katale/domain";
import { expect, it, vi } from "vitest";

// What the notification ports must do, the inbox calls and the user's socket together, run against
// the domain's in-memory fake (unit) and against the HTTP gateway and the WebSocket connector on the
// real server (tests/adapters/notification-behaviour.int.test.ts), so the fake the clients' tests
// (and LiveInbox's) run on cannot drift from the server.

export interface NotificationFixture {
  readonly notifications: NotificationGateway;
  readonly sockets: NotificationConnector;
  /** A new user with an empty inbox: their token. */
  readonly newUser: () => Promise<string>;
  /** Someone follows a shop of the user, a first time (`again`: a second follower, which folds). */
  readonly followed: (token: string, again?: boolean) => Promise<void>;
  /** The endpoints of the user's push subscriptions the service keeps. */
  readonly pushEndpoints: (token: string) => Promise<string[]>;
}

let browsers = 0;

function base64UrlBytes(text: string): Uint8Array {
  return Uint8Array.from(atob(text.replaceAll("-", "+").replaceAll("_", "/")), (c) => c.charCodeAt(0));
}

/** A subscription of the shape a browser's pushManager gives (a P-256 point, a 16-byte secret). */
function aPushSubscription(): PushSubscriptionKeys {
  browsers += 1;
  const point = new Uint8Array(65);
  point[0] = 4;
  for (let i = 1; i < 65; i++) point[i] = (i * 7 + browsers) % 256;
  const secret = new Uint8Array(16).map((_, i) => (i * 13 + browsers) % 256);
  const base64url = (bytes: Uint8Array) =>
    btoa(String.fromCharCode(...bytes))
      .replaceAll("+", "-")
      .replaceAll("/", "_")
      .replace(/=+$/, "");
  return {
    endpoint: `http://127.0.0.1:9/push/behaviour-${browsers}-${Date.now()}`,
    keys: { p256dh: base64url(point), auth: base64url(secret) },
  };
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** What the service does through its queue takes a moment on the real server: wait as a user would. */
const soon = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 20 });

function listen(sockets: NotificationConnector, token: string) {
  const heard = { opened: false, frames: [] as InboxFrame[], closed: undefined as number | undefined };
  const connection = sockets.connect(token, {
    onOpen: () => {
      heard.opened = true;
    },
    onFrame: (frame) => heard.frames.push(frame),
    onClose: (code) => {
      heard.closed = code;
    },
  });
  return { heard, connection };
}

export function itBehavesLikeNotificationPorts(fixture: () => NotificationFixture): void {
  it("lists an empty inbox as one empty page, and refuses the page after it", async () => {
    const { notifications, newUser } = fixture();
    const me = await newUser();
    expect(value(await notifications.listNotifications(me, 1))).toMatchObject({
      items: [],
      count: 0,
      unread: 0,
      hasNext: false,
      hasPrevious: false,
    });
    const past = await notifications.listNotifications(me, 2);
    expect(!past.ok && past.error.kind).toBe("invalid-page");
  });

  it("sends the count on connecting, each entry with the new count, and the count after a read", async () => {
    const { notifications, sockets, newUser, followed } = fixture();
    const me = await newUser();
    const { heard, connection } = listen(sockets, me);
    try {
      await soon(() => expect(heard.frames).toEqual([{ unread: 0 }]));
      expect(heard.opened).toBe(true);
      await followed(me);
      await soon(() => expect(heard.frames).toHaveLength(2));
      const entry = heard.frames[1]!.entry!;
      expect(heard.frames[1]).toMatchObject({ unread: 1, entry: { kind: "new_follower", read: false } });
      const listed = value(await notifications.listNotifications(me, 1));
      expect(listed.items).toEqual([entry]);
      expect(listed.unread).toBe(1);

      await followed(me, true);
      await soon(() => expect(heard.frames).toHaveLength(3));
      expect(heard.frames[2]!.entry?.id).toBe(entry.id);
      expect(heard.frames[2]!.unread).toBe(1);
      expect(heard.frames[2]!.entry?.title).not.toBe(entry.title);

      expect(value(await notifications.markNotificationsRead(me))).toBe(0);
      await soon(() => expect(heard.frames.at(-1)).toEqual({ unread: 0 }));
      expect(value(await notifications.listNotifications(me, 1, { unreadOnly: true })).count).toBe(0);
      expect(value(await notifications.listNotifications(me, 1)).items[0]?.read).toBe(true);
    } finally {
      connection.close();
    }
  });

  it("marks only the user's own entries: another's id is not found", async () => {
    const { notifications, newUser, followed } = fixture();
    const [me, other] = [await newUser(), await newUser()];
    await followed(other);
    let theirs: InboxEntry | undefined;
    await soon(async () => {
      const page = value(await notifications.listNotifications(other, 1));
      expect(page.items).toHaveLength(1);
      theirs = page.items[0];
    });
    if (theirs === undefined) throw new Error("no entry");
    const refused = await notifications.markNotificationsRead(me, [theirs.id]);
    expect(!refused.ok && refused.error.kind).toBe("not-found");
    expect(value(await notifications.listNotifications(other, 1)).unread).toBe(1);
    expect(value(await notifications.markNotificationsRead(other, [theirs.id]))).toBe(0);
  });

  it("keeps each user's choices per kind and channel, refusing unknown kinds", async () => {
    const { notifications, newUser } = fixture();
    const me = await newUser();
    const defaults = value(await notifications.notificationSettings(me));
    expect(defaults.new_follower).toEqual({ inbox: true, email: false, push: false });
    const saved = value(
      await notifications.saveNotificationSettings(me, {
        new_follower: { inbox: true, email: false, push: true },
      }),
    );
    expect(saved.new_follower).toEqual({ inbox: true, email: false, push: true });
    expect(saved.chat_message).toEqual(defaults.chat_message);
    expect(value(await notifications.notificationSettings(me)).new_follower.push).toBe(true);
    const unknown = await notifications.saveNotificationSettings(me, {
      price_rise: { inbox: true, email: true, push: true },
    } as never);
    expect(!unknown.ok && unknown.error.kind).toBe("invalid");
  });

  it("hands out a VAPID key a browser can subscribe with: an uncompressed P-256 point", async () => {
    const { notifications } = fixture();
    const key = base64UrlBytes(value(await notifications.pushKey()));
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(value(await notifications.pushKey())).toBe(value(await notifications.pushKey()));
  });

  it("keeps a browser's push subscription, turning push on for every kind while none was on, and forgets it", async () => {
    const { notifications, newUser, pushEndpoints } = fixture();
    const [me, other] = [await newUser(), await newUser()];
    const before = value(await notifications.notificationSettings(me));
    expect(Object.values(before).every((choices) => !choices.push)).toBe(true);
    const browser = aPushSubscription();
    value(await notifications.subscribePush(me, browser));
    expect(await pushEndpoints(me)).toEqual([browser.endpoint]);
    const granted = value(await notifications.notificationSettings(me));
    for (const [kind, choices] of Object.entries(granted))
      expect(choices, kind).toEqual({ ...before[kind as keyof typeof before], push: true });

    // Once granted, the user's choices stand: a second browser leaves a kind turned off alone.
    value(
      await notifications.saveNotificationSettings(me, {
        new_follower: { inbox: true, email: false, push: false },
      }),
    );
    const second = aPushSubscription();
    value(await notifications.subscribePush(me, second));
    expect(value(await notifications.notificationSettings(me)).new_follower.push).toBe(false);
    expect((await pushEndpoints(me)).sort()).toEqual([browser.endpoint, second.endpoint].sort());

    // Another user cannot forget it; its owner can, and a second time is no error.
    value(await notifications.unsubscribePush(other, browser.endpoint));
    expect(await pushEndpoints(me)).toContain(browser.endpoint);
    value(await notifications.unsubscribePush(me, browser.endpoint));
    value(await notifications.unsubscribePush(me, browser.endpoint));
    expect(await pushEndpoints(me)).toEqual([second.endpoint]);
  });

  it("refuses a subscription whose keys a push could not be encrypted to", async () => {
    const { notifications, newUser, pushEndpoints } = fixture();
    const me = await newUser();
    const browser = aPushSubscription();
    const shortKey = await notifications.subscribePush(me, {
      ...browser,
      keys: { ...browser.keys, p256dh: browser.keys.p256dh.slice(0, 40) },
    });
    expect(!shortKey.ok && shortKey.error.kind).toBe("invalid");
    const refused = await notifications.subscribePush("not-a-token", browser);
    expect(!refused.ok && refused.error.kind).toBe("unauthorized");
    expect(await pushEndpoints(me)).toEqual([]);
  });

  it("refuses a token it does not know", async () => {
    const { notifications } = fixture();
    const answer = await notifications.listNotifications("not-a-token", 1);
    expect(!answer.ok && answer.error.kind).toBe("unauthorized");
  });
}
