// Expected failures are values, not exceptions: every use case and port returns a Result.

export type Result<T, E = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/**
 * Every failure the use cases and ports return, one union keyed by `kind`, which is what clients act
 * on (never the words). `message` is the line to show when there is one: the service's words from a
 * port, or the step's own words once a use case has worded the failure (see `WordedError`).
 *
 * - `network`: no connection. `server`: the service failed on its side.
 * - `not-found`: nothing there; with `route`, the service serves nothing at that address (a wrong
 *   base URL), not that the thing asked for is missing. `invalid-page`: a page past the end (spec §4).
 * - `invalid`: the service refused the input, with its field lists when it sent them.
 * - `invalid-form`: the input broke a rule (spec §5) and nothing was sent; the first message per field.
 * - `not-logged-in`: no session is stored, nothing was sent.
 * - `unauthorized`: the service refused the token (missing, expired, revoked, the account deleted).
 * - `forbidden`: signed in, but not allowed (not the owner, not an admin).
 * - the account refusals of the authentication service: `already-registered` (which values belong
 *   to another account), `wrong-code`, `invalid-credentials`, `not-verified`, `wrong-password`,
 *   `taken` (an e-mail or a request another has), `too-many-attempts` (rate limit).
 *
 * `code`: the service's stable reason for a refusal (`already_reported`, `own_target`, see
 * SERVICE_CODES), where the kind is too coarse for the words to show; absent when the service sent
 * none or the failure never reached it.
 */
export type DomainError = DomainErrorOfKind & { readonly code?: string };

type DomainErrorOfKind =
  | { readonly kind: "network"; readonly message?: string }
  | { readonly kind: "server"; readonly status?: number; readonly message?: string }
  | { readonly kind: "not-found"; readonly message?: string; readonly route?: boolean }
  | { readonly kind: "invalid-page"; readonly message?: string }
  | {
      readonly kind: "invalid";
      readonly message: string;
      readonly fields?: Readonly<Record<string, string[]>>;
    }
  | {
      readonly kind: "invalid-form";
      readonly message: string;
      readonly fields?: Readonly<Record<string, string>>;
    }
  | { readonly kind: "not-logged-in"; readonly message?: string }
  | { readonly kind: "unauthorized"; readonly message?: string }
  | { readonly kind: "forbidden"; readonly message?: string }
  | {
      readonly kind: "already-registered";
      readonly email: boolean;
      readonly phone: boolean;
      readonly message?: string;
    }
  | {
      readonly kind:
        | "wrong-code"
        | "invalid-credentials"
        | "not-verified"
        | "wrong-password"
        | "taken"
        | "too-many-attempts";
      readonly message?: string;
    };

/** A failure a use case has put into words: what the steps that word their own failures return. */
export type WordedError = DomainError & { readonly message: string };

export type DomainErrorKind = DomainError["kind"];

export function ok<T>(value: T): Result<T, never> {
  return { ok: true, value };
}

export function err<E>(error: E): Result<never, E> {
  return { ok: false, error };
}

export function mapResult<T, U, E>(result: Result<T, E>, f: (value: T) => U): Result<U, E> {
  return result.ok ? ok(f(result.value)) : result;
}

export function unwrapOr<T, E>(result: Result<T, E>, fallback: T): T {
  return result.ok ? result.value : fallback;
}

/** True when the result failed with the given kind of error. */
export function failedWith<T>(result: Result<T, DomainError>, kind: DomainErrorKind): boolean {
  return !result.ok && result.error.kind === kind;
}
