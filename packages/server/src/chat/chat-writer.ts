import { BatchLoader } from "../db/batch-loader.js";
import type { ChatMessageRepository, NewMessage, StoredMessage } from "./chat-message-repository.js";

// The socket's message writes, batched (issue 11's load goal): every message that arrives while a
// write is on its way (or in the same turn of the event loop) goes into the next statement, so the
// database sees one INSERT for many messages instead of one each. A socket handles its frames one
// at a time, so each sender's messages still go in the order sent. When a batch fails, each of its
// messages is tried alone, so one bad message (a room removed meanwhile) fails only itself.
//
// PostgreSQL: the other instances are told of a batch after it is stored, by a statement of its own
// (ChatMessageRepository.notifyStored, each message's wire in its notification so they need not load it),
// the batches' notifications in the order stored. Not in the insert's transaction: a transaction
// that notifies holds the database's notification lock until its commit has reached the disk, so
// every instance's batches would wait for each other's disk flushes.

/** What the writer asks of the notifications (none in some tests). */
export interface ChatNoticeHooks {
  /** Whether the user has the room open on this instance (a socket of theirs on it). */
  openHere?: (roomId: number, userId: number) => boolean;
  /** A batch was stored: its notices may be handed on now rather than at the next sweep. */
  stored?: () => void;
  /** This instance's id in chat_presence (PostgreSQL): its own rows are what openHere says. */
  instance?: string | undefined;
}

/** Most messages in one statement. */
const MAX_BATCH = 500;

export class ChatWriter {
  private readonly batches = new BatchLoader<NewMessage, StoredMessage>(
    (items) => this.store(items),
    MAX_BATCH,
  );
  /** The notifications of the batches stored so far, one after the other. */
  private notifying: Promise<void> = Promise.resolve();

  constructor(
    private readonly messages: Pick<ChatMessageRepository, "addMessages" | "notifyStored">,
    /** PostgreSQL: the channel told of each new message. */
    private readonly notify?: string,
    /** A batch whose notification failed (the other instances' sockets miss it until they reconnect). */
    private readonly onNotifyError: (error: unknown) => void = () => {},
    /** Notices (notifications/chat-notices.ts): who has a room open here, and a hook after each batch. */
    private readonly notices: ChatNoticeHooks = {},
  ) {}

  write(item: NewMessage): Promise<StoredMessage> {
    const recipient = item.senderId === item.room.customerId ? item.room.ownerId : item.room.customerId;
    const recipientOpen = this.notices.openHere?.(item.room.id, recipient) ?? false;
    return this.batches.load({ ...item, recipientOpen });
  }

  private async store(items: NewMessage[]): Promise<(StoredMessage | Promise<StoredMessage>)[]> {
    try {
      const stored = await this.messages.addMessages(items, undefined, this.notices.instance);
      this.notices.stored?.();
      this.tell(stored);
      return stored;
    } catch {
      // Each alone, one after the other: one bad message fails only itself.
      let previous: Promise<unknown> = Promise.resolve();
      return items.map((item) => {
        const alone = previous.then(async () => {
          const [stored] = await this.messages.addMessages([item], undefined, this.notices.instance);
          this.notices.stored?.();
          this.tell([stored!]);
          return stored!;
        });
        previous = alone.catch(() => {});
        return alone;
      });
    }
  }

  /** Tells the other instances of stored messages, after the ones stored before. */
  private tell(stored: StoredMessage[]): void {
    const channel = this.notify;
    if (!channel) return;
    this.notifying = this.notifying
      .then(() => this.messages.notifyStored(channel, stored))
      .catch(this.onNotifyError);
  }
}
