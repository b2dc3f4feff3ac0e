import { z } from "zod";

// Every error answer keeps the body of spec §8 (`detail`, `error` or field lists) and carries,
// beside it, one of these stable codes. Clients map codes, never the English wording, so a message
// can change without breaking a client. Documented in /api/docs.

export const ERROR_CODES = {
  // ---- every call ----
  /** 400: the body, a field, a path or query value does not fit the call. */
  invalid_input: "The request does not fit the call: a field, a path or a query value is wrong.",
  /** 404: no such route (a wrong base URL or path); a missing resource has its own code below. */
  not_found: "No such route: the service serves nothing at that path.",
  /** 404 'Invalid page.': a page past the end of a paginated list (clients stop there). */
  invalid_page: "A page past the end of the list.",
  /** 401: no credentials were sent. */
  not_authenticated: "The call needs a login token.",
  /** 401: the token is unknown, expired or revoked. */
  invalid_token: "The login token is unknown, expired or revoked.",
  /** 403: signed in, but not allowed (not the owner, not an admin). */
  forbidden: "Signed in, but not allowed to do this.",
  /** 413: a file or body larger than the limit. */
  too_large: "A file or body is larger than the limit.",
  /** 429: too many attempts or requests; `Retry-After` says when to try again. */
  rate_limited: "Too many attempts; try again after Retry-After seconds.",
  /** 408: the request did not arrive in time (a stalled or very slow upload); send it again. */
  request_timeout: "The request did not arrive in time; send it again.",
  /** 500: the server failed. */
  server_error: "The server failed; nothing was changed.",
  /** 503: a service the call needs (e-mail, the database) is away. */
  unavailable: "A service the call needs (e-mail, the database) is unavailable.",
  /** 503: the database is unreachable for a moment (a restart, a failover); try again after Retry-After seconds. */
  database_unavailable: "The database is unreachable for a moment; try again after Retry-After seconds.",
  /** 503: the request's work ran past its deadline, or a picture found no turn; nothing was kept: send it again. */
  taking_too_long: "The request's work ran past its deadline and nothing was kept; send it again.",
  /** 409: a request with this Idempotency-Key is still being worked on; try again shortly. */
  idempotency_key_in_use: "A request with this Idempotency-Key is still being worked on; try again shortly.",
  /** 422: this Idempotency-Key was used for another request (another body or call); use a new key. */
  idempotency_key_reused: "This Idempotency-Key was used for another request; use a new key.",

  // ---- resources ----
  product_not_found: "No such product.",
  shop_not_found: "No such shop.",
  category_not_found: "No such category.",
  sub_category_not_found: "No such sub category.",
  user_not_found: "No account with that e-mail, phone or id.",
  saved_product_not_found: "No such saved product.",
  follow_not_found: "No such follow record.",
  comment_not_found: "No such comment.",
  filter_not_found: "No such filter.",
  filter_value_not_found: "No such filter value.",
  verification_request_not_found: "No such request.",
  /** A chat room that does not exist, or the caller is not in it. */
  room_not_found: "No such chat room.",
  /** Removing a room: only an empty one can go. */
  room_not_empty: "The chat room has messages: only an empty room can be removed.",

  // ---- chat (issue 11) ----
  /** Opening a chat with one's own shop. */
  own_shop: "Owners cannot chat with their own shop.",

  // ---- accounts (authentication service) ----
  /** Registration or profile: the e-mail and/or phone belong to another account (field errors say which). */
  already_registered: "The e-mail or phone belongs to another account.",
  /** E-mail change: the new address belongs to another account. */
  email_taken: "The new e-mail address belongs to another account.",
  /** E-mail change to the address the account already has. */
  same_email: "The new e-mail address is the current one.",
  /** Login: no account with that username and password. */
  invalid_credentials: "No account with that username and password.",
  /** Login with the right password before the e-mail is confirmed. */
  not_verified: "The account's e-mail is not confirmed yet.",
  /** Confirming an account that is already confirmed. */
  already_verified: "The account is already confirmed.",
  /** A one-time code that is wrong. */
  wrong_code: "The one-time code is wrong.",
  /** No live one-time code (none sent, expired or used): ask for a new one. */
  code_expired: "No live one-time code: ask for a new one.",
  /** Password change or account deletion: the current password is wrong. */
  wrong_password: "The current password is wrong.",
  /** The password reset key is unknown, used or expired. */
  reset_key_invalid: "The password reset key is unknown, used or expired.",

  // ---- selling (issue 9) ----
  /** Creating a shop whose name another shop has (whatever the case). */
  shop_name_taken: "Another shop has this name.",
  /** A product SKU another product of the same shop has. */
  sku_taken: "Another product of the shop has this SKU.",

  // ---- catalogue (issue 10) ----
  /** A category, or a sub category within its category, has this name already (whatever the case). */
  category_exists: "The name is taken within its parent.",
  /** A filter of the sub category, or a value of the filter, has this name already (whatever the case). */
  filter_exists: "The filter (or value) name is taken.",
  /** Deleting a category or sub category that still holds products. */
  category_in_use: "It still holds products.",

  // ---- finding products ----
  /** A product's filter value that is no value of a filter of its sub category, or two of one filter. */
  invalid_filter_value: "A filter value is not one of the sub category's filters, or two share a filter.",
  /** Saving a search beyond the most a user may keep. */
  too_many_saved_searches: "The most saved searches a user may keep are kept already.",
  /** A saved search that does not exist or is another user's. */
  saved_search_not_found: "No such saved search.",

  // ---- admin role (issue 10) ----
  /** An admin taking their own admin role. */
  own_admin_role: "Not one's own admin role.",

  // ---- verification ----
  /** A verification request is already pending. */
  verification_pending: "A verification request is already pending.",
  /** Asking to be verified while verified already (a revoked or rejected applicant may ask again). */
  verification_done: "Already verified.",
  /** Approving or rejecting a request that is not pending, or revoking one that is not verified. */
  verification_decided: "The request is not pending (to revoke: not verified).",
  // ---- notifications ----
  notification_not_found: "No such notification (or it is another user's).",
  // ---- blocking in chat ----
  /** 403: a message to a chat room that one of its two sides has blocked (the socket's error frame too). */
  blocked: "The chat room is blocked: no messages until it is unblocked.",

  // ---- trust and safety ----
  /** Reporting a target one has an open report on already. */
  already_reported: "You have an open report on this already.",
  /** Reporting oneself or one's own shop (or product, or review). */
  own_target: "Not oneself or one's own shop.",
  /** More reports in a day than a user may send; `Retry-After` says when. */
  too_many_reports: "The day's reports are sent; try again tomorrow.",
  /** A report's target that does not exist (or is hidden from the reporter). */
  report_target_not_found: "No such product, shop, user, review or message.",
  /** Reporting a chat message of a room one is not in. */
  not_participant: "Only the people in a chat can report its messages.",
  report_not_found: "No such report.",
  /** Resolving a report that is resolved already. */
  report_resolved: "The report is resolved already.",
  /** An action that does not fit the target (hide a user, suspend a product). */
  action_not_for_target: "The action does not fit the target.",
  /** Restoring a target that is not hidden or suspended. */
  not_moderated: "It is not hidden or suspended.",
  /** Login to (or use of) a suspended account. */
  account_suspended: "The account is suspended by moderators.",
  /** Listing or changing products of a suspended shop, or by a suspended owner. */
  shop_suspended: "A shop of the owner is suspended: they cannot list or change products, or open a shop.",
  /** 429: an account less than 24 hours old listed its day's most products (NEW_ACCOUNT_DAILY_PRODUCTS). */
  new_account_limit: "A new account listed its day's most products; try again tomorrow.",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export const errorCode = z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]);

/** The code of an error body, when it carries a known one. */
export function errorCodeOf(body: unknown): ErrorCode | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { code } = body as { code?: unknown };
  return typeof code === "string" && code in ERROR_CODES ? (code as ErrorCode) : undefined;
}
