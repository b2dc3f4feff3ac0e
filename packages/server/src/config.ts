import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@katale/domain";
import { z } from "zod";

// Configuration comes from environment variables only (DESIGN §2). A bad value stops start-up with
// one line naming the variable; production refuses development defaults for secrets.

const DEV_SHOP_ID_SECRET = "katale-development-shop-id-secret";

const port = z.coerce
  .number({ error: "must be a port number from 0 to 65535" })
  .int("must be a port number from 0 to 65535")
  .min(0, "must be a port number from 0 to 65535")
  .max(65535, "must be a port number from 0 to 65535");

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(8080),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SHOP_ID_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    SEED: z.enum(["demo", "none"]).optional(),
    READ_CACHE_SECONDS: z.coerce
      .number({ error: "must be a number of seconds (0 turns the cache off)" })
      .int()
      .min(0)
      .max(86_400)
      .default(60),
    TRUST_PROXY: z
      .enum(["true", "false"])
      .default("false")
      .transform((v) => v === "true"),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).max(254).default("Katale <no-reply@katale.ug>"),
    KATALE_ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).max(254).optional(),
    KATALE_ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
    GEOAPIFY_API_KEY: z.string().min(8, "must be a Geoapify API key").optional(),
    GEOAPIFY_URL: z.url({ protocol: /^https?$/ }).default("https://api.geoapify.com/v1/geocode/autocomplete"),
    AUTH_RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== "production") return;
    if (!env.DATABASE_URL)
      ctx.addIssue({ code: "custom", path: ["DATABASE_URL"], message: "is required in production" });
    if (!env.SHOP_ID_SECRET)
      ctx.addIssue({ code: "custom", path: ["SHOP_ID_SECRET"], message: "is required in production" });
    if (!env.PUBLIC_URL)
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: "is required in production" });
    if (!env.SMTP_URL)
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required in production" });
    if (env.AUTH_RATE_LIMITS === "off")
      ctx.addIssue({ code: "custom", path: ["AUTH_RATE_LIMITS"], message: "cannot be off in production" });
  })
  .superRefine((env, ctx) => {
    // Both or neither: an admin needs an address and a password.
    if (env.KATALE_ADMIN_EMAIL && !env.KATALE_ADMIN_PASSWORD)
      ctx.addIssue({
        code: "custom",
        path: ["KATALE_ADMIN_PASSWORD"],
        message: "is required when KATALE_ADMIN_EMAIL is set",
      });
    if (env.KATALE_ADMIN_PASSWORD && !env.KATALE_ADMIN_EMAIL)
      ctx.addIssue({
        code: "custom",
        path: ["KATALE_ADMIN_EMAIL"],
        message: "is required when KATALE_ADMIN_PASSWORD is set",
      });
  });

export type Service = "auth" | "shop";

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  publicUrl: string;
  shopIdSecret: string;
  logLevel: string;
  seed: "demo" | "none";
  /** How long public answers stay in the in-memory read cache at most; 0: no cache. */
  readCacheSeconds: number;
  trustProxy: boolean;
  services: Service[];
  /** Outgoing mail over SMTP; unset (development and tests only): the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Admin account created at start when both are set (auth/admin-bootstrap.ts). */
  admin: { email: string; password: string } | undefined;
  /** Address suggestions from Geoapify when set, else the offline gazetteer (geo/). */
  geoapifyApiKey: string | undefined;
  geoapifyUrl: string;
  /** Rate limits of login, code checks and code sends; "off" only outside production. */
  authRateLimits: boolean;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  services: Service[] = ["auth", "shop"],
): Config {
  // Empty strings (`PORT=` in a shell) mean unset.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = cleaned[name];
    const shown = value === undefined || /SECRET|PASSWORD|URL|KEY/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    shopIdSecret: e.SHOP_ID_SECRET ?? DEV_SHOP_ID_SECRET,
    logLevel: e.LOG_LEVEL,
    seed: e.SEED ?? (e.NODE_ENV === "production" ? "none" : "demo"),
    readCacheSeconds: e.READ_CACHE_SECONDS,
    trustProxy: e.TRUST_PROXY,
    services,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    admin:
      e.KATALE_ADMIN_EMAIL && e.KATALE_ADMIN_PASSWORD
        ? { email: e.KATALE_ADMIN_EMAIL, password: e.KATALE_ADMIN_PASSWORD }
        : undefined,
    geoapifyApiKey: e.GEOAPIFY_API_KEY,
    geoapifyUrl: e.GEOAPIFY_URL,
    authRateLimits: e.AUTH_RATE_LIMITS === "on",
  };
}
