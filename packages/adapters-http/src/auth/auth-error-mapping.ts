import { type AuthError, messages } from "@katale/domain";
import { domainErrorOf, type HttpFailure } from "../http/http-client.js";

/** What one status means for one call: an error, or a reading of the body (undefined = no special meaning). */
export type StatusMeaning = AuthError | ((body: unknown) => AuthError | undefined);

/**
 * The auth error of a failed auth call. Each call gives some statuses a meaning of its own (spec §8:
 * 401 wrong code, 403 unverified, 409 taken); 429 is a rate limit everywhere; the rest is the
 * shared mapping (401 refused token, 404 not found, other 4xx refused input, 5xx server).
 */
export function authErrorOf(
  failure: HttpFailure,
  meanings: Readonly<Partial<Record<number, StatusMeaning>>> = {},
): AuthError {
  if (failure.kind === "status") {
    const meaning = meanings[failure.status];
    const error = typeof meaning === "function" ? meaning(failure.body) : meaning;
    if (error !== undefined) return error;
    if (failure.status === 429) return { kind: "too-many-attempts" };
  }
  return domainErrorOf(failure);
}

/** The `detail` (or `error`) text of an error body. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  return typeof detail === "string" ? detail : typeof error === "string" ? error : undefined;
}

/**
 * Registration's (and the profile's) field errors saying a value belongs to another account: `email`
 * and/or `phone` holding the duplicate wording of spec §8. The same keys also carry format errors
 * ('Enter a valid email address'), which stay plain refused input.
 */
export function alreadyRegistered(body: unknown): AuthError | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const says = (field: "email" | "phone", duplicate: string) => {
    const list = (body as Record<string, unknown>)[field];
    return Array.isArray(list) && list.includes(duplicate);
  };
  const email = says("email", messages.register.emailExists);
  const phone = says("phone", messages.register.phoneExists);
  return email || phone ? { kind: "already-registered", email, phone } : undefined;
}

/** The error when the body's detail is `detail`, else no special meaning. */
export function whenDetail(detail: string, error: AuthError): (body: unknown) => AuthError | undefined {
  return (body) => (detailOf(body) === detail ? error : undefined);
}
