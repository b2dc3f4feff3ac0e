import { isIP } from "node:net";
import {
  AUTO_HIDE_REPORTS_DEFAULT,
  NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@katale/domain";
import { z } from "zod";
import { type HttpLimits, httpLimitsSchema } from "./http/http-limits-schema.js";
import { DEFAULT_IMAGE_JOBS, type ImageJobOptions } from "./media/image-jobs.js";
import { type PushSettings, pushConfigSchema } from "./notifications/push/push-config.js";
import { type S3Settings, severalInstancesSchema } from "./several-instances-schema.js";

export type { S3Settings };

// Configuration comes from environment variables only (DESIGN §2). A bad value stops start-up with
// one line naming the variable; production refuses development defaults for secrets.

// SHOP_ID_SECRET is the key of the cipher that obfuscates shop ids in links (spec §5). Browsers
// receive it (/api/app-config), so it hides nothing from anyone who looks: it only keeps links in
// the shape the clients expect. Nothing may rely on it for access control.
const DEV_SHOP_ID_SECRET = "katale-development-shop-id-secret";

const port = z.coerce
  .number({ error: "must be a port number from 0 to 65535" })
  .int("must be a port number from 0 to 65535")
  .min(0, "must be a port number from 0 to 65535")
  .max(65535, "must be a port number from 0 to 65535");

// TRUST_PROXY: how many reverse proxies stand in front (`true` is one), or which addresses are
// trusted proxies. The client is the address that many hops from the socket, never the left-most
// (client-written) X-Forwarded-For entry.
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustProxy = z.string().transform((value, ctx): false | number | string[] => {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
  const entries = v.split(",").map((e) => e.trim());
  const valid = (e: string) => {
    if (PROXY_NAMES.includes(e)) return true;
    const [address = "", bits, extra] = e.split("/");
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
  };
  if (entries.length > 0 && entries.every(valid)) return entries;
  ctx.addIssue({
    code: "custom",
    message: "must be false, true, a number of proxy hops (0-10) or a list of proxy addresses or CIDR ranges",
  });
  return z.NEVER;
});

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
    TRUST_PROXY: trustProxy.prefault("false"),
    AUTO_HIDE_REPORTS: z.coerce
      .number({ error: "must be a whole number of reporters (0 turns auto-hide off)" })
      .int()
      .min(0)
      .max(1000)
      .default(AUTO_HIDE_REPORTS_DEFAULT),
    NEW_ACCOUNT_DAILY_PRODUCTS: z.coerce
      .number({ error: "must be a whole number of products (0: no limit)" })
      .int()
      .min(0)
      .max(100_000)
      .default(NEW_ACCOUNT_DAILY_PRODUCTS_DEFAULT),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).max(254).default("Katale <no-reply@katale.ug>"),
    MAIL_TIMEOUT_SECONDS: z.coerce
      .number({ error: "must be a number of seconds from 1 to 60" })
      .int()
      .min(1)
      .max(60)
      .default(5),
    KATALE_ADMIN_EMAIL: z.email({ error: "must be an e-mail address" }).max(254).optional(),
    KATALE_ADMIN_PASSWORD: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
      .max(PASSWORD_MAX_LENGTH, `must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
    GEOAPIFY_API_KEY: z.string().min(8, "must be a Geoapify API key").optional(),
    GEOAPIFY_URL: z.url({ protocol: /^https?$/ }).default("https://api.geoapify.com/v1/geocode/autocomplete"),
    AUTH_RATE_LIMITS: z.enum(["on", "off"]).default("on"),
    // PGlite in DATA_DIR/db: fsync each commit (durable); off only for tests and throwaway data.
    PGLITE_FSYNC: z.enum(["on", "off"]).default("on"),
    // Image uploads worked on at once, waiting in line, and the longest wait (issue 14 MF2).
    IMAGE_JOBS: z.coerce
      .number({ error: "must be a number of images from 1 to 64" })
      .int()
      .min(1)
      .max(64)
      .default(DEFAULT_IMAGE_JOBS.concurrency),
    IMAGE_QUEUE: z.coerce
      .number({ error: "must be a number of images from 0 to 1000" })
      .int()
      .min(0)
      .max(1000)
      .default(DEFAULT_IMAGE_JOBS.maxWaiting),
    IMAGE_QUEUE_SECONDS: z.coerce
      .number({ error: "must be a number of seconds from 1 to 600" })
      .int()
      .min(1)
      .max(600)
      .default(DEFAULT_IMAGE_JOBS.waitMs / 1000),
    // Searches per client address per minute (0: no limit); see products/search-bounds.ts.
    SEARCH_PER_MINUTE: z.coerce
      .number({ error: "must be a number of searches from 0 to 100000" })
      .int()
      .min(0)
      .max(100_000)
      .default(60),
    // Each search's answer kept until a product changes ("on"); "off": every search runs its
    // statement, as in a catalogue that changes between searches (the curve bench measures both).
    SEARCH_ANSWERS_KEPT: z.enum(["on", "off"]).default("on"),
    NOTIFY_CHAT_EMAIL_AFTER_MINUTES: z.coerce
      .number({ error: "must be a number of minutes from 0 to 1440" })
      .min(0)
      .max(1440)
      .default(10),
    NOTIFY_DIGEST_HOUR: z.coerce
      .number({ error: "must be an hour from 0 to 23" })
      .int("must be an hour from 0 to 23")
      .min(0)
      .max(23)
      .default(8),
    NOTIFY_SWEEP_SECONDS: z.coerce
      .number({ error: "must be a number of seconds from 0.05 to 3600" })
      .min(0.05)
      .max(3600)
      .default(30),
    // A queue job still running this long (its instance may have died) runs again on another.
    JOB_TAKEOVER_SECONDS: z.coerce
      .number({ error: "must be a whole number of seconds from 2 to 3600" })
      .int("must be a whole number of seconds from 2 to 3600")
      .min(2)
      .max(3600)
      .default(300),
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
    // The development value is public (it is in this repository): a production site must have its own.
    if (env.NODE_ENV === "production" && env.SHOP_ID_SECRET === DEV_SHOP_ID_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SHOP_ID_SECRET"],
        message: "must not be the development value in production",
      });
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
  /** Reverse proxies in front: false (none), a number of hops, or the trusted proxies' addresses. */
  trustProxy: false | number | string[];
  services: Service[];
  /** Outgoing mail over SMTP; unset (development and tests only): the development mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Longest wait for the mail server per message (MAIL_TIMEOUT_SECONDS), in ms. */
  mailTimeoutMs: number;
  /** Admin account created at start when both are set (auth/admin-bootstrap.ts). */
  admin: { email: string; password: string } | undefined;
  /** Address suggestions from Geoapify when set, else the offline gazetteer (geo/). */
  geoapifyApiKey: string | undefined;
  geoapifyUrl: string;
  /** Rate limits of login, code checks and code sends; "off" only outside production. */
  authRateLimits: boolean;
  /** PGlite on disk writes each commit through to the disk (fsync); false only in tests. */
  pgliteFsync: boolean;
  /** The bounded queue of image uploads (IMAGE_JOBS, IMAGE_QUEUE, IMAGE_QUEUE_SECONDS). */
  imageJobs: ImageJobOptions;
  /** Searches per client address per minute (SEARCH_PER_MINUTE); 0: no limit. */
  searchPerMinute: number;
  /** Search answers kept until a product changes (SEARCH_ANSWERS_KEPT, default on). */
  searchAnswersKept: boolean;
  /** Timeouts and the connection limit (HTTP_* variables). */
  httpLimits: HttpLimits;
  /** Rate limits count in Redis when set (else in PostgreSQL, or memory on PGlite). */
  redisUrl: string | undefined;
  /** Media in an S3-compatible store when set, else in DATA_DIR. */
  s3: S3Settings | undefined;
  /** Notification sweeps (NOTIFY_SWEEP_SECONDS), chat e-mail delay, digest hour (notifications/). */
  notify: { everyMs: number; chatEmailAfterMs: number; digestHour: number };
  /** Seconds after which a job still running is given to another instance (JOB_TAKEOVER_SECONDS). */
  jobTakeoverSeconds: number;
  /** Web push's VAPID key pair and subject (VAPID_* variables). */
  push: PushSettings;
  /** Distinct reporters that hide a target until an admin decides; 0: never automatically. */
  autoHideReports: number;
  /** Products an account less than a day old may list a day; 0: no limit. */
  newAccountDailyProducts: number;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError with one line naming the first bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  services: Service[] = ["auth", "shop"],
): Config {
  // Empty strings (`PORT=` in a shell) mean unset.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const e = parseOrThrow(schema, cleaned);
  const httpLimits = parseOrThrow(httpLimitsSchema, cleaned);
  const shared = parseOrThrow(severalInstancesSchema, cleaned);
  const push = parseOrThrow(pushConfigSchema, cleaned);
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
    mailTimeoutMs: e.MAIL_TIMEOUT_SECONDS * 1000,
    admin:
      e.KATALE_ADMIN_EMAIL && e.KATALE_ADMIN_PASSWORD
        ? { email: e.KATALE_ADMIN_EMAIL, password: e.KATALE_ADMIN_PASSWORD }
        : undefined,
    geoapifyApiKey: e.GEOAPIFY_API_KEY,
    geoapifyUrl: e.GEOAPIFY_URL,
    authRateLimits: e.AUTH_RATE_LIMITS === "on",
    pgliteFsync: e.PGLITE_FSYNC === "on",
    imageJobs: { concurrency: e.IMAGE_JOBS, maxWaiting: e.IMAGE_QUEUE, waitMs: e.IMAGE_QUEUE_SECONDS * 1000 },
    searchPerMinute: e.SEARCH_PER_MINUTE,
    searchAnswersKept: e.SEARCH_ANSWERS_KEPT === "on",
    httpLimits,
    redisUrl: shared.redisUrl,
    s3: shared.s3,
    notify: {
      everyMs: Math.round(e.NOTIFY_SWEEP_SECONDS * 1000),
      chatEmailAfterMs: Math.round(e.NOTIFY_CHAT_EMAIL_AFTER_MINUTES * 60_000),
      digestHour: e.NOTIFY_DIGEST_HOUR,
    },
    jobTakeoverSeconds: e.JOB_TAKEOVER_SECONDS,
    push,
    autoHideReports: e.AUTO_HIDE_REPORTS,
    newAccountDailyProducts: e.NEW_ACCOUNT_DAILY_PRODUCTS,
  };
}

function parseOrThrow<T>(zodSchema: z.ZodType<T>, cleaned: Record<string, string | undefined>): T {
  const parsed = zodSchema.safeParse(cleaned);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const name = String(issue.path[0] ?? "environment");
  const value = cleaned[name];
  const shown = value === undefined || /SECRET|PASSWORD|URL|KEY/.test(name) ? "" : ` (got "${value}")`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
}
