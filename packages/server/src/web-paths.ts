// Paths of the web app that the server writes into notifications, e-mails and moderation previews.

/** A product's page. */
export const itemUrl = (slug: string) => `/item/${encodeURIComponent(slug)}`;
/** A chat room's page. */
export const chatRoomUrl = (slug: string) => `/account/chat-room?room=${encodeURIComponent(slug)}`;
/** A saved search's listing. */
export const savedSearchUrl = (query: string) => `/products/search${query ? `?${query}` : ""}`;
/** A shop's page for its owner. */
export const shopAdminUrl = (name: string) => `/account/admin-shop/${encodeURIComponent(name)}`;
