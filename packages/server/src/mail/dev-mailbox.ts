import type { DevMailWire } from "@katale/adapters-http/contract";
import type { MailMessage } from "./mailer.js";

/** How many messages the development mailbox keeps (the oldest go first). */
export const DEV_MAILBOX_SIZE = 200;

/** The messages the server sent, kept in memory outside production; newest first. */
export class DevMailbox {
  private readonly messages: DevMailWire[] = [];

  add(message: MailMessage, date: Date = new Date()): void {
    const { headers, ...rest } = message;
    this.messages.unshift({ ...rest, headers: { ...headers }, date: date.toISOString() });
    if (this.messages.length > DEV_MAILBOX_SIZE) this.messages.length = DEV_MAILBOX_SIZE;
  }

  /** Newest first, as GET /dev/mail.json answers. */
  list(): DevMailWire[] {
    return this.messages.map((m) => ({ ...m, headers: { ...m.headers } }));
  }

  /** The newest message to `address` (case-insensitive), if any. */
  latestTo(address: string): DevMailWire | undefined {
    const wanted = address.toLowerCase();
    return this.messages.find((m) => m.to.toLowerCase() === wanted);
  }

  clear(): void {
    this.messages.length = 0;
  }
}
