import { messages } from "@katale/domain";

// Texts only the terminal's account commands say; the outcomes' wording comes from the domain.

export const authCliMessages = {
  usernamePrompt: `${messages.login.username}: `,
  passwordPrompt: `${messages.login.password}: `,
  repeatPasswordPrompt: "Repeat the password: ",
  passwordMissing: "No password given: type it at the prompt, or pipe it on stdin (--password-stdin).",
  usernameMissing: "Give the email or phone number to log in with, e.g. katale login amina@example.ug",
  codeMissing: "Give the code from the e-mail, e.g. katale verify amina@example.ug 12345 (or --resend)",
  codeSent: (email: string) => `A code was sent to ${email}. Next: katale verify ${email} <code>`,
  nextLogin: (email: string) => `Next: katale login ${email}`,
  loggedInAs: (name: string, email: string) => `Logged in as ${name} <${email}>.`,
  notLoggedIn: `${messages.auth.notLoggedIn}. Run 'katale login' first.`,
  sessionEnded: `${messages.auth.sessionExpired}: run 'katale login'.`,
  notRevoked: "The service could not be reached; the session on this computer was removed anyway.",
  sessionKeptIn: (path: string) => `Session kept in ${path}`,
  cancelled: "Cancelled.",
  verificationNext: "An admin reviews the request; you are told by e-mail.",
} as const;
