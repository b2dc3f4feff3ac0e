import { escapeHtml } from "../mail/dev-mail-routes.js";
import type { MailMessage } from "../mail/mailer.js";

// The e-mails of the admins' decisions on verification requests (issue 10), to the applicant. Their
// wording lives here, not in the domain's messages: only the server sends it, and the messages module
// is part of every page of the web app.

export type Decision = "approve" | "reject" | "revoke";

const SUBJECTS: Record<Decision, string> = {
  approve: "Your Katale verification was approved",
  reject: "Your Katale verification request was rejected",
  revoke: "Your Katale verification was removed",
};

function opening(decision: Decision, shop: string | null): string {
  if (shop === null) {
    return {
      approve: "Your account is now verified: the verified tick shows next to your name.",
      reject: "Your verification request was rejected.",
      revoke: "Your account is no longer verified.",
    }[decision];
  }
  return {
    approve: `Your shop ${shop} is now verified: the verified tick shows on it.`,
    reject: `The verification request of your shop ${shop} was rejected.`,
    revoke: `Your shop ${shop} is no longer verified.`,
  }[decision];
}

const APPLY_AGAIN = "You may send a new verification request from your account.";

/** The applicant's e-mail about a decision; `reason` for a rejection or revocation. */
export function decisionMail(
  to: string,
  decision: Decision,
  options: { shop: string | null; reason: string | null },
): MailMessage {
  const lines = [opening(decision, options.shop)];
  if (options.reason) lines.push(`Reason: ${options.reason}`);
  if (decision !== "approve") lines.push(APPLY_AGAIN);
  return {
    to,
    subject: SUBJECTS[decision],
    text: `${lines.join("\n\n")}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n"),
  };
}
