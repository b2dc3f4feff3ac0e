import { z } from "zod";

// Several instances on one database (issue 13): the variables of shared rate limits (REDIS_URL) and
// of media storage in an S3-compatible store (S3_*, AWS_*). Part of the configuration (config.ts).

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const bucket = z
  .string()
  .regex(BUCKET, "must be a bucket name (3-63 lowercase letters, digits, dots and hyphens)");
const yesNo = z
  .enum(["true", "false", "on", "off", "1", "0"], { error: "must be true or false" })
  .transform((v) => v === "true" || v === "on" || v === "1");
/** The S3_* variables: any of them asks for S3 storage, which then needs a bucket and credentials. */
const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_PRIVATE_BUCKET",
  "S3_PREFIX",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;
const sharedVariables = z
  .object({
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
    S3_BUCKET: bucket.optional(),
    S3_PRIVATE_BUCKET: bucket.optional(),
    S3_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/,
        "must be a key prefix such as katale/ (letters, digits, . _ - and /)",
      )
      .optional(),
    S3_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: yesNo.optional(),
    AWS_REGION: z.string().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SESSION_TOKEN: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const given = S3_VARIABLES.find((name) => env[name] !== undefined);
    if (!given) return;
    const required = (name: string, when: string) =>
      ctx.addIssue({ code: "custom", path: [name], message: `is required when ${when} is set` });
    if (!env.S3_BUCKET) return required("S3_BUCKET", given);
    // A pair of S3_* keys, or the AWS_* ones; never half of either.
    if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY)
      return required("S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID");
    if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID)
      return required("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY");
    if (!env.S3_ACCESS_KEY_ID && !(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY))
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message:
          "and S3_SECRET_ACCESS_KEY (or AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) are required when S3_BUCKET is set",
      });
  });

/** Media in an S3-compatible store (S3_* variables); unset: files in DATA_DIR. */
export interface S3Settings {
  /** Unset: AWS S3 itself, in `region`. */
  endpoint: string | undefined;
  region: string;
  /** Public images under `${prefix}media/`. */
  bucket: string;
  /** Verification documents under `${prefix}private/` here (S3_PRIVATE_BUCKET, else `bucket`). */
  privateBucket: string;
  /** "" or ends with "/". */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string | undefined;
  /** Bucket in the path (most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
}

function s3Settings(e: z.infer<typeof sharedVariables>): S3Settings | undefined {
  if (!e.S3_BUCKET) return undefined;
  const ownKeys = e.S3_ACCESS_KEY_ID !== undefined;
  const prefix = e.S3_PREFIX ?? "";
  return {
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? e.AWS_REGION ?? "us-east-1",
    bucket: e.S3_BUCKET,
    privateBucket: e.S3_PRIVATE_BUCKET ?? e.S3_BUCKET,
    prefix: prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`,
    accessKeyId: (ownKeys ? e.S3_ACCESS_KEY_ID : e.AWS_ACCESS_KEY_ID) ?? "",
    secretAccessKey: (ownKeys ? e.S3_SECRET_ACCESS_KEY : e.AWS_SECRET_ACCESS_KEY) ?? "",
    sessionToken: ownKeys ? undefined : e.AWS_SESSION_TOKEN,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

/** REDIS_URL and the S3_* and AWS_* variables parsed: where rate limits count, where media live. */
export const severalInstancesSchema = sharedVariables.transform((e) => ({
  redisUrl: e.REDIS_URL,
  s3: s3Settings(e),
}));
