import type { z } from "zod";
import { messages } from "../messages.js";
import { err, ok, type Result } from "../result.js";
import type { AuthError, AuthErrorKind } from "./auth-error.js";

/**
 * Why an account step failed: the port's error kind, `invalid-form` when the input broke a rule of
 * spec §5 (nothing was sent), or `not-logged-in` when there is no stored token.
 */
export type AuthFailureReason = AuthErrorKind | "invalid-form" | "not-logged-in";

/** A failed account step as the clients show it: the reason to act on and the line to show. */
export interface AuthFailure {
  readonly reason: AuthFailureReason;
  readonly message: string;
  /** For `invalid-form`: the first message per field (`confirmation`, `phone`, ...). */
  readonly fields?: Readonly<Record<string, string>>;
}

/** The success of an account step: its value plus the line spec §8 shows for it. */
export type Done<T extends object = object> = T & { readonly message: string };

export type AuthOutcome<T extends object = object> = Result<Done<T>, AuthFailure>;

/** How one step words its failures: per kind, and `otherwise` for the rest. */
export type FailureWording = Partial<Record<AuthErrorKind, string>> & { readonly otherwise: string };

/**
 * The words for a port's failure. Unless the step says otherwise: a rate limit says so, a refused
 * token asks to log in again, no connection says so, a service fault is 'Server down', and input the
 * service refused shows the service's own message.
 */
export function authFailure(error: AuthError, wording: FailureWording): AuthFailure {
  const specific = wording[error.kind];
  if (specific !== undefined) return { reason: error.kind, message: specific };
  return { reason: error.kind, message: defaultMessage(error) ?? wording.otherwise };
}

function defaultMessage(error: AuthError): string | undefined {
  switch (error.kind) {
    case "too-many-attempts":
      return messages.auth.tooManyAttempts;
    case "unauthorized":
      return messages.auth.sessionExpired;
    case "network":
      return messages.common.checkConnection;
    case "server":
      return messages.otp.serverDown;
    case "invalid":
      return error.message;
    default:
      return undefined;
  }
}

/** The form's values checked against its schema, or `invalid-form` with the first message per field. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>, AuthFailure> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? messages.common.checkConnection;
  return err({ reason: "invalid-form", message: first, fields });
}

export function done<T extends object>(message: string, value: T): Done<T> {
  return { ...value, message };
}
