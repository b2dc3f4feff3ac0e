import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "@katale/domain";
import { z } from "zod";
import {
  badRequestError,
  defineCalls,
  detailError,
  idValue,
  noContent,
  pageParam,
  timestamp,
} from "./common.js";

// Notifications (ours, beside spec §7), shop service, bearer: the inbox, marking read, and each
// user's choices per kind and channel.

export const notificationKind = z.enum(NOTIFICATION_KINDS);

export const notificationWire = z.object({
  id: z.number().int(),
  kind: notificationKind,
  title: z.string(),
  body: z.string(),
  /** A path of the web app: `/item/…`, `/account/chat-room?…`. */
  url: z.string(),
  image_url: z.string().nullable(),
  created_at: timestamp,
  read: z.boolean(),
});
export type NotificationWire = z.infer<typeof notificationWire>;

export const notificationPage = z.object({
  count: z.number().int().min(0),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread: z.number().int().min(0),
  results: z.array(notificationWire),
});
export type NotificationPageWire = z.infer<typeof notificationPage>;

const channelChoices = z.strictObject(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, z.boolean()])) as Record<
    (typeof NOTIFICATION_CHANNELS)[number],
    z.ZodBoolean
  >,
);

/** `{"settings": {"<kind>": {"inbox", "email", "push"}, …}}`: every kind in an answer; a PUT may name some. */
export const notificationSettingsWire = z.object({
  settings: z.record(z.string(), channelChoices),
});
export type NotificationSettingsWire = z.infer<typeof notificationSettingsWire>;

const unreadBody = z.object({ unread: z.number().int().min(0) });

/** A push service's URL for one browser (the server only posts to https ones in production). */
const pushEndpoint = z.url({ protocol: /^https?$/, error: "must be an https:// URL" }).max(2048);
const base64url = (what: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `must be the ${what} in base64url`);

/** What `PushSubscription.toJSON()` gives in a browser (expirationTime is ignored). */
export const pushSubscriptionWire = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url("P-256 public key"),
    /** The 16-byte authentication secret. */
    auth: base64url("authentication secret"),
  }),
});
export type PushSubscriptionWire = z.infer<typeof pushSubscriptionWire>;
const pushSubscribedWire = z.object({ endpoint: z.string() });
export const pushKeyWire = z.object({ public_key: z.string() });
const authErrors = { 401: detailError } as const;

export const notificationCalls = defineCalls({
  listNotifications: () => ({
    service: "shop",
    method: "GET",
    path: "notifications/",
    summary: "The user's notifications, newest first, 20 a page; `unread=1` lists only unread ones",
    auth: "token",
    querystring: z.object({
      page: pageParam,
      unread: z.enum(["0", "1"]).optional().describe("1: only the unread ones"),
    }),
    response: { 200: notificationPage, 400: badRequestError, ...authErrors, 404: detailError },
  }),
  markNotificationsRead: () => ({
    service: "shop",
    method: "POST",
    path: "notifications/read/",
    summary: "Marks the given notifications read; an empty body (or no ids) marks all read",
    auth: "token",
    body: z.object({ ids: z.array(idValue).max(500).optional() }).optional(),
    response: { 200: unreadBody, 400: badRequestError, ...authErrors, 404: detailError },
  }),
  notificationSettings: () => ({
    service: "shop",
    method: "GET",
    path: "notifications/settings/",
    summary: "The user's choice of channels (inbox, e-mail, push) for each kind of notification",
    auth: "token",
    response: { 200: notificationSettingsWire, ...authErrors },
  }),
  saveNotificationSettings: () => ({
    service: "shop",
    method: "PUT",
    path: "notifications/settings/",
    summary: "Sets the channels of the kinds given (unknown kinds or channels: 400); answers every kind",
    auth: "token",
    body: notificationSettingsWire,
    response: { 200: notificationSettingsWire, 400: badRequestError, ...authErrors },
  }),
  // Web push (RFC 8030/8291): the server's VAPID key, and the browser's subscriptions.
  pushKey: () => ({
    service: "shop",
    method: "GET",
    path: "notifications/push/key/",
    summary: "The server's VAPID public key (base64url), for the browser's pushManager.subscribe",
    response: { 200: pushKeyWire },
  }),
  subscribePush: () => ({
    service: "shop",
    method: "POST",
    path: "notifications/push/subscribe/",
    summary:
      "Keeps the browser's push subscription for the user (the same endpoint again replaces it: safe to repeat); while none of the user's kinds has push on, turns push on for every kind",
    auth: "token",
    body: pushSubscriptionWire,
    response: { 201: pushSubscribedWire, 400: badRequestError, ...authErrors },
  }),
  unsubscribePush: () => ({
    service: "shop",
    method: "DELETE",
    path: "notifications/push/subscribe/",
    summary: "Forgets the user's push subscription of that endpoint (none there: 204 all the same)",
    auth: "token",
    body: z.object({ endpoint: pushEndpoint }),
    response: { 204: noContent, 400: badRequestError, ...authErrors },
  }),
});

/** Subprotocol of the notification socket; the token goes beside it as `bearer.<token>` (as chat's). */
export const NOTIFICATIONS_PROTOCOL = "katale.notifications.v1";

/**
 * A frame of the notification socket: an entry added or folded (`notification` and the new unread
 * count), or only the count (on connecting, and whenever some were marked read).
 */
export const notificationSocketFrame = z.object({
  notification: notificationWire.optional(),
  unread: z.number().int().min(0),
});
export type NotificationSocketFrame = z.infer<typeof notificationSocketFrame>;

/** The user's socket (not an HTTP call): `notifications/socket/` on the shop service. */
export const notificationSocket = {
  service: "shop",
  path: "notifications/socket/",
  protocol: NOTIFICATIONS_PROTOCOL,
  bearerPrefix: "bearer.",
  receive: notificationSocketFrame,
} as const;
