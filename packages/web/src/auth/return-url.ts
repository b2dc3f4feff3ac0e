import type { KeyValueStorage, SessionValues } from "@katale/domain";

/** Pages a return after login must never lead back to. */
const AUTH_PATHS = ["/login", "/register", "/forgot", "/otp-verification", "/reset-password-link"];

/** Keeps where the user was before being sent to /login (session key previousUrl, spec §3). */
export function rememberReturn(session: KeyValueStorage<SessionValues>, url: string): void {
  if (!AUTH_PATHS.some((path) => url === path || url.startsWith(`${path}?`))) session.set("previousUrl", url);
}

/**
 * Where login goes next: the stored previousUrl when it is on this origin (spec §2), otherwise /.
 * Answers a path (with query and hash) for the router; the stored value is used once.
 */
export function takeReturnPath(session: KeyValueStorage<SessionValues>, origin: string): string {
  const stored = session.get("previousUrl");
  session.remove("previousUrl");
  if (stored === null) return "/";
  try {
    const url = new URL(stored, origin);
    if (url.origin !== origin || AUTH_PATHS.includes(url.pathname)) return "/";
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return "/";
  }
}
