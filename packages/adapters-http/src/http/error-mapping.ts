import { type DomainError, messages } from "@katale/domain";
import { type ErrorCode, errorCodeOf } from "../contract/error-codes.js";

/** Codes that say which domain error an answer is, whatever its status. */
const KIND_OF_CODE: Readonly<
  Partial<Record<ErrorCode, "invalid-page" | "not-found" | "unauthorized" | "forbidden">>
> = {
  invalid_page: "invalid-page",
  not_found: "not-found",
  product_not_found: "not-found",
  shop_not_found: "not-found",
  category_not_found: "not-found",
  sub_category_not_found: "not-found",
  user_not_found: "not-found",
  saved_product_not_found: "not-found",
  follow_not_found: "not-found",
  comment_not_found: "not-found",
  filter_not_found: "not-found",
  filter_value_not_found: "not-found",
  verification_request_not_found: "not-found",
  report_target_not_found: "not-found",
  report_not_found: "not-found",
  not_moderated: "not-found",
  not_authenticated: "unauthorized",
  invalid_token: "unauthorized",
  forbidden: "forbidden",
};

/**
 * A failed answer as a domain error, read from its `code` (contract/error-codes.ts), never from its
 * words: invalid_page -> invalid-page (clients stop or reset, spec §4), the not-found codes ->
 * not-found (`not_found`, no such route, with `route`), a missing or refused token -> unauthorized,
 * signed in but not allowed (not the owner, not an admin) -> forbidden. An answer without a known
 * code goes by its status: 404 -> not-found, 401 -> unauthorized, 403 -> forbidden, 429 ->
 * too-many-attempts, other 4xx -> invalid, 5xx -> server. The service's
 * `detail`, `error` or first field message travels along as the words to show, and a 4xx answer's
 * known `code` as the error's `code` (already_reported, own_target, too_many_reports...), for the
 * clients to choose their words where the kind is too coarse.
 */
export function errorFromResponse(status: number, body: unknown): DomainError {
  if (status >= 500) return { kind: "server", status };
  const code = errorCodeOf(body);
  const error = errorOfKind(status, body, code);
  return code === undefined ? error : { ...error, code };
}

function errorOfKind(status: number, body: unknown, code: ErrorCode | undefined): DomainError {
  const message = messageOf(body);
  const kind = (code === undefined ? undefined : KIND_OF_CODE[code]) ?? kindOfStatus(status);
  switch (kind) {
    case "invalid-page":
      return { kind };
    case "not-found": {
      const error: DomainError = code === "not_found" ? { kind, route: true } : { kind };
      return message === undefined ? error : { ...error, message };
    }
    case "unauthorized":
    case "forbidden":
    case "too-many-attempts":
      return message === undefined ? { kind } : { kind, message };
    case "invalid": {
      const fields = fieldErrorsOf(body);
      const error: DomainError = {
        kind,
        message: message ?? firstFieldMessage(fields) ?? messages.common.checkConnection,
      };
      return fields === undefined ? error : { ...error, fields };
    }
    case "server":
      return { kind, status };
  }
}

function kindOfStatus(
  status: number,
): "not-found" | "unauthorized" | "forbidden" | "too-many-attempts" | "invalid" | "server" {
  if (status === 404) return "not-found";
  if (status === 429) return "too-many-attempts";
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  return status >= 400 && status < 500 ? "invalid" : "server";
}

/** `{"detail": "..."}` or `{"error": "..."}` (spec §8). */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  if (typeof detail === "string") return detail;
  if (typeof error === "string") return error;
  return undefined;
}

/** `{"email": ["..."], "phone": ["..."]}` (registration, spec §7); the `code` beside them is not a field. */
function fieldErrorsOf(body: unknown): Record<string, string[]> | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const entries = Object.entries(body).filter(
    (entry): entry is [string, string[]] =>
      Array.isArray(entry[1]) && entry[1].every((m: unknown) => typeof m === "string"),
  );
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

function firstFieldMessage(fields: Record<string, string[]> | undefined): string | undefined {
  return fields === undefined ? undefined : Object.values(fields).flat()[0];
}
