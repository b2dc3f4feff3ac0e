import {
  type ChannelChoices,
  defaultNotificationSettings,
  type NotificationKind,
  type NotificationSettings,
} from "../notifications/notification.js";
import type { InboxPage, Notification, NotificationGateway } from "../notifications/notification-gateway.js";
import { paginate } from "../page.js";
import { err, ok, type Result } from "../result.js";

/** The service's page size for the inbox. */
const PER_PAGE = 20;

interface Box {
  entries: Notification[];
  settings: NotificationSettings;
}

/**
 * The inbox kept in memory, per token, as the service keeps it per user: newest first, 20 a page,
 * another user's ids not found, an unknown token refused.
 */
export class InMemoryNotificationGateway implements NotificationGateway {
  private readonly boxes = new Map<string, Box>();
  private nextId = 1;

  /** A user known by `token`, with an empty inbox and the default settings. */
  addUser(token: string): void {
    this.boxes.set(token, { entries: [], settings: defaultNotificationSettings() });
  }

  /** An entry for the user of `token`, newest of all (what the service's delivery would add). */
  deliver(token: string, entry: Partial<Notification> & Pick<Notification, "kind" | "title">): Notification {
    const box = this.box(token);
    if (!box) throw new Error(`unknown token ${token}`);
    const made: Notification = {
      id: this.nextId++,
      body: "",
      url: "/",
      imageUrl: null,
      createdAt: new Date().toISOString(),
      read: false,
      ...entry,
    };
    box.entries.unshift(made);
    return made;
  }

  private box(token: string): Box | undefined {
    return this.boxes.get(token);
  }

  private unread(box: Box): number {
    return box.entries.filter((entry) => !entry.read).length;
  }

  async listNotifications(token: string, page: number, unreadOnly: boolean): Promise<Result<InboxPage>> {
    const box = this.box(token);
    if (!box) return err({ kind: "unauthorized" });
    const shown = unreadOnly ? box.entries.filter((entry) => !entry.read) : box.entries;
    const paged = paginate(shown, page, PER_PAGE);
    if (!paged.ok) return paged;
    return ok({ ...paged.value, unread: this.unread(box) });
  }

  async markRead(token: string, ids: readonly number[] | undefined): Promise<Result<number>> {
    const box = this.box(token);
    if (!box) return err({ kind: "unauthorized" });
    if (ids?.some((id) => !box.entries.some((entry) => entry.id === id))) return err({ kind: "not-found" });
    box.entries = box.entries.map((entry) =>
      ids === undefined || ids.includes(entry.id) ? { ...entry, read: true } : entry,
    );
    return ok(this.unread(box));
  }

  async loadSettings(token: string): Promise<Result<NotificationSettings>> {
    const box = this.box(token);
    return box ? ok(box.settings) : err({ kind: "unauthorized" });
  }

  async saveSettings(
    token: string,
    changes: Partial<Record<NotificationKind, ChannelChoices>>,
  ): Promise<Result<NotificationSettings>> {
    const box = this.box(token);
    if (!box) return err({ kind: "unauthorized" });
    box.settings = { ...box.settings, ...changes };
    return ok(box.settings);
  }
}
