import type { z } from "zod";
import { messages } from "../messages.js";
import { type DomainError, type DomainErrorKind, err, ok, type Result, type WordedError } from "../result.js";

/** The success of an account step: its value plus the line spec §8 shows for it. */
export type Done<T extends object = object> = T & { readonly message: string };

export type AuthOutcome<T extends object = object> = Result<Done<T>, WordedError>;

/** How one step words its failures: per kind, and `otherwise` for the rest. */
export type FailureWording = Partial<Record<DomainErrorKind, string>> & { readonly otherwise: string };

/**
 * A port's failure in the step's words, its kind kept. Unless the step says otherwise: a rate limit
 * says so, a refused token asks to log in again, a refusal says permission is needed, no connection
 * says so, a service fault is 'Server down', and input the service refused shows the service's own
 * message (its field lists stay behind: the line stands for the whole refusal; its `code` goes along).
 */
export function authFailure(error: DomainError, wording: FailureWording): WordedError {
  const message = wording[error.kind] ?? defaultMessage(error) ?? wording.otherwise;
  if (error.kind !== "invalid") return { ...error, message };
  return error.code === undefined
    ? { kind: error.kind, message }
    : { kind: error.kind, message, code: error.code };
}

function defaultMessage(error: DomainError): string | undefined {
  switch (error.kind) {
    case "too-many-attempts":
      return messages.auth.tooManyAttempts;
    case "unauthorized":
      return messages.auth.sessionExpired;
    case "forbidden":
      return messages.authServer.adminOnly;
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
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): Result<z.output<S>, WordedError> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join(".");
    fields[path] ??= issue.message;
  }
  const first = parsed.error.issues[0]?.message ?? messages.common.checkConnection;
  return err({ kind: "invalid-form", message: first, fields });
}

export function done<T extends object>(message: string, value: T): Done<T> {
  return { ...value, message };
}
