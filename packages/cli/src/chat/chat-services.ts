import type { ChatConnector, ChatGateway, Clock, KeyValueStorage, Timers } from "@katale/domain";

/** What the chat commands work with: the room calls, the room's socket, the stored session, stdin. */
export interface ChatServices {
  readonly storage: KeyValueStorage;
  readonly chat: ChatGateway;
  readonly sockets: ChatConnector;
  /** Time and timers of a live room (its reconnection backoff). */
  readonly clock: Pick<Clock, "now"> & Timers;
  /** What `chat open` reads lines to send from (process.stdin). */
  readonly input: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  /** The terminal `chat open` prompts on when both are terminals (process.stdout). */
  readonly output: NodeJS.WritableStream & { readonly isTTY?: boolean };
}
