// User-facing texts of one area, apart from `messages` so that only the screens that show them load them.

export const notificationMailMessages = {
  /** Names of the kinds as the unsubscribe page and the footer say them. */
  kindName: {
    chat_message: "chat messages",
    new_product_from_followed_shop: "new items from shops you follow",
    saved_product_price_drop: "price drops of saved items",
    saved_product_back_in_stock: "saved items back in stock",
    review_on_my_product: "reviews of your products",
    new_follower: "new followers",
    verification_decided: "verification decisions",
    saved_search_match: "saved search matches",
  } as Record<string, string>,
  chatOpen: "Open the chat",
  photo: "Photo",
  chatUnread: (count: number) =>
    count === 1 ? "You have an unread message." : `You have ${count} unread messages.`,
  digestSubject: (count: number) =>
    count === 1 ? "A new match for your saved searches" : `${count} new matches for your saved searches`,
  digestIntro: "New on Katale for your saved searches:",
  digestSearch: (name: string) => `For "${name}":`,
  footerSettings: (url: string) => `Choose which e-mails you get: ${url}`,
  footerUnsubscribe: (kind: string, url: string) => `Stop e-mails about ${kind}: ${url}`,
  unsubscribeTitle: "Katale e-mails",
  unsubscribeAsk: (kind: string) => `Stop e-mails about ${kind}?`,
  unsubscribeButton: "Stop these e-mails",
  unsubscribeDone: (kind: string) =>
    `You will get no more e-mails about ${kind}. You can turn them on again in your notification settings.`,
  unsubscribeSettings: "Notification settings",
  unsubscribeLinkInvalid: "This unsubscribe link is not valid",
} as const;
