import { messages } from "@katale/domain";
import { escapeHtml } from "../mail/dev-mail-routes.js";
import type { MailMessage } from "../mail/mailer.js";

// The e-mails of the accounts flows: sign-up and e-mail-change codes, and the reset code with the
// reset-link page of spec §2 (`/reset-password-link?email=...&otp=...`).

const m = messages.authServer;

function codeMail(
  to: string,
  subject: string,
  intro: string,
  code: string,
  link?: { intro: string; url: string },
) {
  const text = [intro, "", code, "", ...(link ? [link.intro, link.url, ""] : []), m.mailCodeExpiry, ""].join(
    "\n",
  );
  const html = `<p>${escapeHtml(intro)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
${link ? `<p>${escapeHtml(link.intro)}<br><a href="${escapeHtml(link.url)}">${escapeHtml(link.url)}</a></p>\n` : ""}<p style="color:#666">${escapeHtml(m.mailCodeExpiry)}</p>`;
  return { to, subject, text, html } satisfies MailMessage;
}

export function signupCodeMail(to: string, code: string): MailMessage {
  return codeMail(to, m.signupMailSubject, m.signupMailIntro, code);
}

export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return codeMail(to, m.emailChangeMailSubject, m.emailChangeMailIntro, code);
}

export function resetLink(publicUrl: string, email: string, code: string): string {
  const query = new URLSearchParams({ email, otp: code });
  return `${publicUrl}/reset-password-link?${query.toString()}`;
}

export function resetCodeMail(to: string, code: string, publicUrl: string): MailMessage {
  return codeMail(to, m.resetMailSubject, m.resetMailIntro, code, {
    intro: m.resetMailLink,
    url: resetLink(publicUrl, to, code),
  });
}
