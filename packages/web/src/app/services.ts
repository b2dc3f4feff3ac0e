import type { AdminHttpGateways, HttpGateways } from "@katale/adapters-http";
import type {
  ChatConnector,
  ModerationGateway,
  NotificationConnector,
  Outbox,
  Ports,
  ReportGateway,
  Timers,
} from "@katale/domain";
import type { SavedRooms } from "../chat/saved-rooms.js";

/** The admins' ports, loaded on first use by the admin pages (their own chunk). */
export type AdminServices = AdminHttpGateways;

/** Reporting and moderation, loaded on first use (their own chunk). */
export interface ModerationServices {
  readonly reports: ReportGateway;
  readonly moderation: ModerationGateway;
}

/**
 * Everything the screens' hooks need, resolved once in the composition root: every gateway port
 * (named as the domain's `GATEWAY_PORTS` names them), the rooms' live connections, the admins'
 * ports on demand, and the browser's own ports.
 */
export interface Services extends HttpGateways {
  readonly chatSockets: ChatConnector;
  /** Where chat messages wait while the connection is down (the phone's IndexedDB unless given: tests). */
  readonly chatOutbox?: Outbox;
  /** The chat rooms kept for reading offline (the phone's IndexedDB unless given: tests). */
  readonly chatSavedRooms?: SavedRooms;
  /** The user's notification socket (the bell's live count). */
  readonly notificationSockets: NotificationConnector;
  /** The admins' ports, loaded on first use by the admin pages (their own chunk). */
  readonly admin: () => Promise<AdminServices>;
  /** Reporting and the admins' moderation, loaded on first use. */
  readonly moderation: () => Promise<ModerationServices>;
  readonly shopIds: Ports["shopIds"];
  readonly local: Ports["localStorage"];
  readonly session: Ports["sessionStorage"];
  readonly clock: Ports["clock"];
  /** Timers for live sessions (a chat room's reconnection). */
  readonly timers: Timers;
  /** Where an image path the services name can be fetched (null: no image). */
  readonly media: (path: string | null | undefined) => string | null;
}
