import type {
  InboxEntry,
  InboxFrame,
  NotificationConnector,
  NotificationGateway,
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

  it("refuses a token it does not know", async () => {
    const { notifications } = fixture();
    const answer = await notifications.listNotifications("not-a-token", 1);
    expect(!answer.ok && answer.error.kind).toBe("unauthorized");
  });
}
