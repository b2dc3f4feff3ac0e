import nodemailer from "nodemailer";
import type { Config } from "../config.js";
import { DevMailbox } from "./dev-mailbox.js";

// Outgoing mail (DESIGN §2): SMTP through nodemailer when SMTP_URL is set. Outside production the
// server also keeps every message in a development mailbox (/dev/mail), so a developer or a test can
// read the codes without a mail server; production has no mailbox and requires SMTP_URL (config.ts).

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Further header fields (e.g. List-Unsubscribe), sent as given. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; rejects when the mail server refuses it or cannot be reached. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailService {
  mailer: Mailer;
  /** The development mailbox; null in production. */
  mailbox: DevMailbox | null;
}

export function createMailService(
  config: Pick<Config, "env" | "smtpUrl" | "mailFrom"> & { mailTimeoutMs?: number },
): MailService {
  const mailbox = config.env === "production" ? null : new DevMailbox();
  const smtp = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, config.mailTimeoutMs ?? DEFAULT_MAIL_TIMEOUT_MS)
    : null;
  return {
    mailbox,
    mailer: {
      async send(message) {
        if (smtp) await smtp.send(message);
        mailbox?.add(message);
      },
      async close() {
        await smtp?.close();
      },
    },
  };
}

/** How long a client waits for the mail server at most (MAIL_TIMEOUT_SECONDS): 5 s. */
export const DEFAULT_MAIL_TIMEOUT_MS = 5_000;

/** `timeoutMs` bounds the whole send (connecting, greeting, each reply), not each step alone. */
function smtpMailer(url: string, from: string, timeoutMs: number): Mailer {
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    },
    { from },
  );
  return {
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(Object.assign(new Error("the mail server did not answer in time"), { code: "ETIMEDOUT" })),
          timeoutMs,
        );
      });
      try {
        await Promise.race([transport.sendMail({ from, ...message }), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
    async close() {
      transport.close();
    },
  };
}
