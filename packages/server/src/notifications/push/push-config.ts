import { z } from "zod";

// Web push's variables (part of the configuration, config.ts). Unset, the key pair is made once and
// kept in the database (vapid-keys.ts); set, every instance signs with the pair given.

/** base64url of exactly `bytes` bytes (what web-push makes and browsers take). */
const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes, {
      message: `must be ${what} in base64url (${bytes} bytes), as web-push generate-vapid-keys prints it`,
    });

export const pushConfigSchema = z
  .object({
    VAPID_PUBLIC_KEY: base64urlOf(65, "a P-256 public key").optional(),
    VAPID_PRIVATE_KEY: base64urlOf(32, "a P-256 private key").optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
      .optional(),
  })
  .superRefine((env, ctx) => {
    const required = (name: string, when: string) =>
      ctx.addIssue({ code: "custom", path: [name], message: `is required when ${when} is set` });
    if (env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) required("VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY");
    if (env.VAPID_PRIVATE_KEY && !env.VAPID_PUBLIC_KEY) required("VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY");
  })
  .transform(
    (env): PushSettings => ({
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT,
    }),
  );

export interface VapidKeyPair {
  readonly publicKey: string;
  readonly privateKey: string;
}

export interface PushSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset: the pair kept in the database. */
  readonly vapidKeys: VapidKeyPair | undefined;
  /** VAPID_SUBJECT: how a push service reaches the operator; unset: mailto:push@<PUBLIC_URL's host>. */
  readonly subject: string | undefined;
}
