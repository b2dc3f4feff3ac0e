import { messages } from "../messages.js";
import { err } from "../result.js";
import type { AuthOutcome } from "./auth-failure.js";
import type { AuthGateway } from "./auth-gateway.js";
import { verifyResetCode } from "./verify-reset-code.js";

/** The query of the e-mailed reset link (spec §2): `?email=…&otp=…`. */
export interface ResetLinkQuery {
  readonly email: string | null | undefined;
  readonly otp: string | null | undefined;
}

/**
 * /reset-password-link: verifies the email and code from the query at once; on success the page
 * shows the new-password popup with the answered key.
 */
export async function openResetLink(
  auth: Pick<AuthGateway, "verifyReset">,
  query: ResetLinkQuery,
): Promise<AuthOutcome<{ readonly key: string; readonly email: string }>> {
  const email = query.email?.trim() ?? "";
  const otp = query.otp?.trim() ?? "";
  if (email === "" || otp === "") {
    return err({ kind: "invalid-form", message: messages.auth.resetLinkIncomplete });
  }
  const verified = await verifyResetCode(auth, { email, otp });
  return verified.ok ? { ok: true, value: { ...verified.value, email } } : verified;
}
