import { messages } from "../messages.js";

/** What a user can be told about, in the order the settings page lists them. */
export const NOTIFICATION_KINDS = [
  "chat_message",
  "new_product_from_followed_shop",
  "saved_product_price_drop",
  "saved_product_back_in_stock",
  "review_on_my_product",
  "new_follower",
  "verification_decided",
  "saved_search_match",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a user can be told. */
export const NOTIFICATION_CHANNELS = ["inbox", "email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoices = Readonly<Record<NotificationChannel, boolean>>;
export type NotificationSettings = Readonly<Record<NotificationKind, ChannelChoices>>;

/**
 * The channels of a kind e-mailed by default: inbox and e-mail on, push off until the user grants it
 * (a first browser subscribing turns it on for every kind).
 */
export const DEFAULT_CHANNELS: ChannelChoices = { inbox: true, email: true, push: false };

/** Kinds e-mailed unless the user says otherwise (saved-search matches as a daily digest). */
export const EMAILED_BY_DEFAULT: readonly NotificationKind[] = [
  "chat_message",
  "verification_decided",
  "saved_search_match",
];

/** A kind's channels before the user chooses: the inbox for all, e-mail for a few, push for none. */
export function defaultChannels(kind: NotificationKind): ChannelChoices {
  return { ...DEFAULT_CHANNELS, email: EMAILED_BY_DEFAULT.includes(kind) };
}

export function defaultNotificationSettings(): NotificationSettings {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [kind, defaultChannels(kind)]),
  ) as NotificationSettings;
}

export function isNotificationKind(value: string): value is NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** What the server keeps of an entry; the words are made from it when it is shown. */
export interface NotificationFacts {
  readonly kind: NotificationKind;
  /** How many events folded into this entry (ten messages while away are one entry). */
  readonly count: number;
  /** Whom or what it is about: a shop's name, a product's name, a user's name. */
  readonly subject: string;
  readonly detail: Readonly<Record<string, unknown>>;
}

/** The title and body an entry shows, in the inbox, in an e-mail or in a push. */
export function notificationText(facts: NotificationFacts): { title: string; body: string } {
  const t = messages.notifications;
  const { count, subject, detail } = facts;
  const product = typeof detail.product === "string" ? detail.product : "";
  switch (facts.kind) {
    case "chat_message":
      return {
        title: count === 1 ? t.newMessageFrom(subject) : t.newMessagesFrom(count, subject),
        body: typeof detail.preview === "string" ? detail.preview : "",
      };
    case "new_product_from_followed_shop":
      return {
        title: count === 1 ? t.newProductFrom(subject) : t.newProductsFrom(count, subject),
        body: product,
      };
    case "saved_product_price_drop":
      return {
        title: t.priceDropped(subject),
        body: t.priceNow(Number(detail.price_was), Number(detail.price)),
      };
    case "saved_product_back_in_stock":
      return { title: t.backInStock(subject), body: "" };
    case "review_on_my_product":
      return { title: count === 1 ? t.newReview(subject) : t.newReviews(count, subject), body: product };
    case "new_follower":
      return { title: count === 1 ? t.newFollower(subject) : t.newFollowers(count, subject), body: "" };
    case "verification_decided":
      return {
        title: t.verificationDecided(subject, String(detail.status ?? "")),
        body: typeof detail.reason === "string" ? detail.reason : "",
      };
    case "saved_search_match":
      return { title: t.savedSearchMatch(count, subject), body: product };
  }
}
