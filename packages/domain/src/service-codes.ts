// The service's stable codes (the `code` beside every refusal, documented in /api/docs) that the
// clients act on where an error's kind is too coarse. Clients pick their words by these, never by
// the service's English. Each is one of the contract's ERROR_CODES (a test of the HTTP adapter checks
// it); a blocked chat room's code is CHAT_BLOCKED (chat/chat.ts).

export const SERVICE_CODES = {
  /** A second open report on the same target by the same reporter (409). */
  alreadyReported: "already_reported",
  /** Reporting oneself or one's own shop, product or review (400). */
  ownTarget: "own_target",
  /** The day's reports are sent (429). */
  tooManyReports: "too_many_reports",
  /** Reporting a chat message of a room one is not in (403). */
  notParticipant: "not_participant",
  /** No such product, shop, user, review or message to report (404). */
  reportTargetNotFound: "report_target_not_found",
  /** A new account listed its day's most products (429). */
  newAccountLimit: "new_account_limit",
  /** A product's filter value of another sub category, or two values of one filter (400). */
  invalidFilterValue: "invalid_filter_value",
  /** Listing or changing products of a suspended shop (403). */
  shopSuspended: "shop_suspended",
} as const;
