import type { DomainError } from "@katale/domain";
import { messages } from "@katale/domain";

/** The text that marks a page past the end (spec §4); clients stop or reset on it. */
export const INVALID_PAGE_DETAIL = messages.api.invalidPage;

/**
 * A failed answer as a domain error: 404 'Invalid page.' -> invalid-page, other 404 -> not-found,
 * 401/403 -> unauthorized, other 4xx -> invalid (with the service's `detail`, `error` or first field
 * message), 5xx -> server.
 */
export function errorFromResponse(status: number, body: unknown): DomainError {
  const message = messageOf(body);
  if (status === 404) {
    return message === INVALID_PAGE_DETAIL
      ? { kind: "invalid-page" }
      : withMessage({ kind: "not-found" }, message);
  }
  if (status === 401 || status === 403) return withMessage({ kind: "unauthorized" }, message);
  if (status >= 400 && status < 500) {
    const fields = fieldErrorsOf(body);
    const error: DomainError = {
      kind: "invalid",
      message: message ?? firstFieldMessage(fields) ?? messages.common.checkConnection,
    };
    return fields === undefined ? error : { ...error, fields };
  }
  return { kind: "server", status };
}

function withMessage<E extends { kind: "not-found" | "unauthorized" }>(
  error: E,
  message: string | undefined,
): E {
  return message === undefined ? error : { ...error, message };
}

/** `{"detail": "..."}` or `{"error": "..."}` (spec §8). */
function messageOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  if (typeof detail === "string") return detail;
  if (typeof error === "string") return error;
  return undefined;
}

/** `{"email": ["..."], "phone": ["..."]}` (registration, spec §7). */
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
