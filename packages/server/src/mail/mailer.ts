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

const SMTP_TIMEOUT_MS = 15_000;

export function createMailService(config: Pick<Config, "env" | "smtpUrl" | "mailFrom">): MailService {
  const mailbox = config.env === "production" ? null : new DevMailbox();
  const smtp = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : null;
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

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(
    {
      url,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
