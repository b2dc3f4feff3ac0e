import { messages } from "../messages.js";
import {
  type ChannelChoices,
  defaultNotificationSettings,
  isNotificationKind,
  NOTIFICATION_CHANNELS,
  type NotificationKind,
  type NotificationSettings,
} from "../notifications/notification.js";
import type {
  InboxEntry,
  InboxPage,
  NotificationConnection,
  NotificationConnector,
  NotificationGateway,
  NotificationListener,
  PushSubscriptionKeys,
} from "../notifications/notification-gateway.js";
import { pushKeysWellFormed } from "../notifications/push-keys.js";
import { paginate } from "../page.js";
import { err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";

/** The VAPID public key the fake hands out (a real P-256 point, as the server's is). */
export const IN_MEMORY_VAPID_KEY =
  "BJ1Wb4VjY6gY90eXU5hLoyDalFo08pEPMgmqKoPeR1aSUtFCa59a_BIX_DFguOYOk0GQNTA9m1TkAQudZ_dInos";

/** Entries a page of the inbox holds, as the service pages it. */
export const INBOX_PAGE_SIZE = 20;

interface Live {
  readonly token: string;
  readonly listener: NotificationListener;
  closed: boolean;
  opened: boolean;
}

interface Account {
  entries: InboxEntry[];
  settings: NotificationSettings;
}

/**
 * The inbox calls and the users' notification sockets in memory. Users are known by token
 * (`addUser`); `tell` writes an entry (folding into the unread entry of the same `foldKey`) and
 * sends it to the user's open connections, as the service does.
 */
export class InMemoryNotifications implements NotificationGateway, NotificationConnector {
  readonly failures = new Failures<keyof NotificationGateway>();
  readonly connections: Live[] = [];
  /** New connections open at once (false: they stay connecting until `openAll`). */
  open = true;
  private readonly accounts = new Map<string, Account>();
  private readonly folds = new Map<number, string>();
  /** Push subscriptions kept: endpoint to the token of the user it is for (one user a browser). */
  private readonly pushes = new Map<string, string>();
  private nextId = 1;

  constructor(private readonly now: () => Date = () => new Date()) {}

  addUser(token: string): void {
    if (!this.accounts.has(token))
      this.accounts.set(token, { entries: [], settings: defaultNotificationSettings() });
  }

  /** Something happened for the user: an entry added (or folded) and sent to their sockets. */
  tell(
    token: string,
    entry: Pick<InboxEntry, "kind" | "title"> & Partial<InboxEntry> & { foldKey?: string },
  ): InboxEntry | undefined {
    const account = this.accounts.get(token);
    if (!account?.settings[entry.kind].inbox) return undefined;
    const folded = account.entries.find(
      (e) => !e.read && entry.foldKey !== undefined && this.folds.get(e.id) === entry.foldKey,
    );
    const id = folded?.id ?? this.nextId++;
    const written: InboxEntry = {
      id,
      kind: entry.kind,
      title: entry.title,
      body: entry.body ?? "",
      url: entry.url ?? "/",
      imageUrl: entry.imageUrl ?? null,
      createdAt: this.now().toISOString(),
      read: false,
    };
    if (entry.foldKey !== undefined) this.folds.set(id, entry.foldKey);
    account.entries = [written, ...account.entries.filter((e) => e.id !== id)];
    this.send(token, { entry: written, unread: unreadOf(account) });
    return written;
  }

  /** Opens the connections still connecting. */
  openAll(): void {
    for (const c of this.connections) if (!c.closed) this.opened(c);
  }

  /** Closes every live connection as a lost network would (1006). */
  dropAll(code = 1006): void {
    for (const c of this.connections) {
      if (c.closed) continue;
      c.closed = true;
      c.listener.onClose?.(code);
    }
  }

  async listNotifications(
    token: string,
    page: number,
    options: { readonly unreadOnly?: boolean } = {},
  ): Promise<Result<InboxPage>> {
    return this.failures.answer("listNotifications", () => {
      const account = this.accounts.get(token);
      if (!account) return err({ kind: "unauthorized" });
      const list = options.unreadOnly ? account.entries.filter((e) => !e.read) : account.entries;
      const paged = paginate(list, page, INBOX_PAGE_SIZE);
      return paged.ok ? ok({ ...paged.value, unread: unreadOf(account) }) : paged;
    });
  }

  async markNotificationsRead(token: string, ids?: readonly number[]): Promise<Result<number>> {
    return this.failures.answer("markNotificationsRead", () => {
      const account = this.accounts.get(token);
      if (!account) return err({ kind: "unauthorized" });
      const given = ids === undefined || ids.length === 0 ? undefined : new Set(ids);
      if (given && [...given].some((id) => !account.entries.some((e) => e.id === id)))
        return err({ kind: "not-found", message: messages.notifications.notificationNotFound });
      account.entries = account.entries.map((e) =>
        given === undefined || given.has(e.id) ? { ...e, read: true } : e,
      );
      const unread = unreadOf(account);
      this.send(token, { unread });
      return ok(unread);
    });
  }

  async notificationSettings(token: string): Promise<Result<NotificationSettings>> {
    return this.failures.answer("notificationSettings", () => {
      const account = this.accounts.get(token);
      return account ? ok(account.settings) : err({ kind: "unauthorized" });
    });
  }

  async saveNotificationSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>> {
    return this.failures.answer("saveNotificationSettings", () => {
      const account = this.accounts.get(token);
      if (!account) return err({ kind: "unauthorized" });
      for (const [kind, choice] of Object.entries(changes)) {
        if (!isNotificationKind(kind))
          return err({ kind: "invalid", message: messages.notifications.unknownKind(kind) });
        const channels = Object.keys(choice ?? {});
        if (channels.some((c) => !(NOTIFICATION_CHANNELS as readonly string[]).includes(c)))
          return err({ kind: "invalid", message: messages.notifications.unknownKind(kind) });
      }
      account.settings = { ...account.settings, ...changes };
      return ok(account.settings);
    });
  }

  async pushKey(): Promise<Result<string>> {
    return this.failures.answer("pushKey", () => ok(IN_MEMORY_VAPID_KEY));
  }

  async subscribePush(token: string, subscription: PushSubscriptionKeys): Promise<Result<void>> {
    return this.failures.answer("subscribePush", () => {
      const account = this.accounts.get(token);
      if (!account) return err({ kind: "unauthorized" });
      if (!/^https?:\/\//.test(subscription.endpoint))
        return err({ kind: "invalid", message: messages.notifications.pushEndpointHttps });
      if (!pushKeysWellFormed(subscription))
        return err({ kind: "invalid", message: messages.notifications.pushKeyInvalid });
      this.pushes.set(subscription.endpoint, token);
      // Push on once the user grants it: every kind, while none is on.
      if (!Object.values(account.settings).some((choices) => choices.push))
        account.settings = Object.fromEntries(
          Object.entries(account.settings).map(([kind, choices]) => [kind, { ...choices, push: true }]),
        ) as NotificationSettings;
      return ok(undefined);
    });
  }

  async unsubscribePush(token: string, endpoint: string): Promise<Result<void>> {
    return this.failures.answer("unsubscribePush", () => {
      if (!this.accounts.has(token)) return err({ kind: "unauthorized" });
      if (this.pushes.get(endpoint) === token) this.pushes.delete(endpoint);
      return ok(undefined);
    });
  }

  /** The endpoints of the user's push subscriptions kept. */
  pushEndpoints(token: string): string[] {
    return [...this.pushes].filter(([, owner]) => owner === token).map(([endpoint]) => endpoint);
  }

  connect(token: string, listener: NotificationListener): NotificationConnection {
    const connection: Live = { token, listener, closed: false, opened: false };
    this.connections.push(connection);
    if (!this.accounts.has(token)) {
      // Refused as a browser sees a refused upgrade: closed without opening.
      void Promise.resolve().then(() => {
        if (connection.closed) return;
        connection.closed = true;
        listener.onClose?.(1006);
      });
    } else if (this.open) void Promise.resolve().then(() => this.opened(connection));
    return {
      close: () => {
        if (connection.closed) return;
        connection.closed = true;
        listener.onClose?.(1000);
      },
    };
  }

  private opened(connection: Live): void {
    if (connection.closed || connection.opened) return;
    connection.opened = true;
    connection.listener.onOpen?.();
    const account = this.accounts.get(connection.token);
    if (account) connection.listener.onFrame({ unread: unreadOf(account) });
  }

  private send(token: string, frame: { entry?: InboxEntry; unread: number }): void {
    for (const c of this.connections)
      if (!c.closed && c.opened && c.token === token) c.listener.onFrame(frame);
  }
}

function unreadOf(account: Account): number {
  return account.entries.filter((e) => !e.read).length;
}
