import { type DomainError, messages } from "@katale/domain";

/**
 * The failure means nobody is signed in (no token, or the service no longer knows it): the
 * login-needed popup opens. Other refusals ('You are not the owner') are said as they are.
 */
export function needsLogin(error: DomainError): boolean {
  return (
    error.kind === "unauthorized" &&
    (error.message === undefined || error.message === messages.common.loginFirst)
  );
}
