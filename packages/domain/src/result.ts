// Expected failures are values, not exceptions: every use case and port returns a Result.

export type Result<T, E = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/**
 * What can go wrong when asking a service, as the clients need to tell it apart:
 * no connection, nothing there, a page past the end (spec §4), a refusal of the input (with the
 * server's message), missing or rejected credentials, or the service failing on its side.
 * A `not-found` with `route` means the service serves nothing at that address (a wrong base URL),
 * not that the thing asked for is missing.
 */
export type DomainError =
  | { readonly kind: "network" }
  | { readonly kind: "not-found"; readonly message?: string; readonly route?: boolean }
  | { readonly kind: "invalid-page" }
  | {
      readonly kind: "invalid";
      readonly message: string;
      readonly fields?: Readonly<Record<string, string[]>>;
    }
  | { readonly kind: "unauthorized"; readonly message?: string }
  | { readonly kind: "server"; readonly status?: number };

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
