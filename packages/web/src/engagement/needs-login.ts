import type { DomainError } from "@katale/domain";

/**
 * The failure means nobody is signed in (no stored session): the login-needed popup opens. Other
 * refusals ('You are not the owner') are said as they are.
 */
export function needsLogin(error: DomainError): boolean {
  return error.kind === "not-logged-in";
}
