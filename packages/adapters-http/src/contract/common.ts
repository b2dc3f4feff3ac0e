import { PAGE_SIZE_MAX, type VerificationStatus, verificationStatusSchema } from "@katale/domain";
import { z } from "zod";
import { errorCode } from "./error-codes.js";

// Building blocks of the wire contract (spec §7): how a call is described, the error bodies of
// spec §8, the paginated envelope, and the coercion of ids and pages that arrive as strings.

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Which backend serves a call: paths are relative to that service's base URL. */
export type Service = "auth" | "shop";

/**
 * One call of spec §7. `path` is relative to the service base, in Fastify's template form
 * (`product/slug/:slug/`), trailing slashes exactly as the spec writes them.
 *
 * - `auth: "token"`: the call needs `Authorization: Token <key>` (or `Bearer <key>`); the token
 *   fields the spec puts in bodies are accepted as well. `"optional"`: a token refines the answer.
 * - `encoding: "multipart"`: the body is multipart/form-data. Its schema lists the text fields
 *   (as the strings multipart carries, coerced) and the file fields as `z.unknown()`; the server
 *   validates files by content, not by this schema.
 */
export interface CallDef {
  service: Service;
  method: HttpMethod;
  path: string;
  summary: string;
  auth?: "token" | "optional";
  encoding?: "json" | "multipart";
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Record<number, z.ZodType>;
  /** A create that takes an `Idempotency-Key` header (contract/idempotent-calls.ts). */
  idempotent?: true;
}

/** A registry of calls as `defineCalls` answers it: each call as its builder returns it. */
export type Calls<T extends Record<string, () => CallDef>> = { readonly [K in keyof T]: ReturnType<T[K]> };

/**
 * A registry of calls, each built (its zod schemas made) the first time it is read, then kept. Keeps
 * the literal types of the calls (so routes and gateways infer their bodies) while checking their
 * shape. Lazily, because a browser loads whole contract modules for the few calls a first screen
 * makes: building every schema of them held a phone's main thread for ~100 ms at start-up (issue 13,
 * CPU profile at 4× throttling). The server reads them all once, when it registers its routes.
 */
export function defineCalls<const T extends Record<string, () => CallDef>>(builders: T): Calls<T> {
  const calls = {};
  for (const [name, build] of Object.entries(builders)) {
    let call: CallDef | undefined;
    Object.defineProperty(calls, name, { enumerable: true, get: () => (call ??= build()) });
  }
  return calls as Calls<T>;
}

/** PostgreSQL `integer` upper bound: larger ids are refused before they reach a query. */
export const INT4_MAX = 2_147_483_647;

// ---- error bodies (spec §8) ----

/** `{"detail": "..."}`: a success body of some calls (errors use `detailError`). */
export const detailBody = z.object({ detail: z.string() });

// Every error keeps the spec's body and carries a stable `code` beside it (error-codes.ts):
// clients read the code, people read the words. The code is required: an answer without one
// fails its response schema in tests.
const withCode = { code: errorCode };

/** `{"detail": "...", "code": "..."}`: the usual error body. */
export const detailError = z.object({ detail: z.string(), ...withCode });
/** `{"error": "...", "code": "..."}`: login's 'User not verified'. */
export const errorError = z.object({ error: z.string(), ...withCode });
/** `{"field": ["message", ...], "code": "..."}`: field errors (registration uses `email` and `phone`). */
export const fieldErrors = z.object(withCode).catchall(z.array(z.string()));
/** A 400 is either a detail or field errors. */
export const badRequestError = z.union([detailError, fieldErrors]);
/** 204 No Content. */
export const noContent = z.null();

export type DetailBody = z.infer<typeof detailBody>;
export type DetailError = z.infer<typeof detailError>;
export type FieldErrors = z.infer<typeof fieldErrors>;

// ---- coercion of path and query values ----

/**
 * A database id in a path or a form field: digits only, 1..INT4_MAX. Anything else is a 400 with a
 * message, never a database error.
 */
export const idParam = z
  .string()
  .regex(/^\d{1,10}$/, "must be a positive whole number")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be a positive whole number").max(INT4_MAX, "is too large"));

/**
 * A number in a body: a JSON number, or the text a form field carries ("12", "-0.5"; spaces around
 * it are ignored). The reference documents both (`anyOf` number | string with a pattern), as the
 * server takes both; `number` is checked either way. The transform sits outside the union so the
 * generated reference keeps the string branch wherever the field is reused.
 */
export function numberOrText<T extends z.ZodNumber>(number: T, pattern = DECIMAL_TEXT) {
  return z
    .union([number, z.string().trim().regex(pattern, "must be a number")])
    .transform(Number)
    .pipe(number);
}
const DECIMAL_TEXT = /^-?\d{1,15}(\.\d{1,15})?$/;
/** Whole numbers only, as text. */
export const WHOLE_TEXT = /^-?\d{1,15}$/;

/** An id in a JSON body: a number, or a numeric string as forms send it. */
export const idValue = numberOrText(
  z.number().int().min(1, "must be a positive whole number").max(INT4_MAX, "is too large"),
  /^\d{1,10}$/,
);

/** `{ id }` path params for a call whose single parameter is named `name`. */
export const idParams = <K extends string>(name: K) =>
  z.object({ [name]: idParam } as { [P in K]: typeof idParam });

/**
 * `page`: kept as a string in the contract, because a page that is not a positive whole number answers
 * 404 `{"detail": "Invalid page."}` like a page past the end (the clients reset on that string, spec §4),
 * not a 400. Use `parsePage` to read it.
 */
export const pageParam = z
  .string()
  .max(20)
  .optional()
  .describe("1-based page number (default 1); anything else than 1..last answers 404 'Invalid page.'");

/** The page number, or null when it is not a positive whole number (answer 'Invalid page.'). */
export function parsePage(raw: string | undefined): number | null {
  if (raw === undefined || raw === "") return 1;
  if (!/^\d{1,9}$/.test(raw)) return null;
  const page = Number(raw);
  return page >= 1 ? page : null;
}

/** `page_size`: a positive whole number, clamped to PAGE_SIZE_MAX; missing means `defaultSize`. */
export const pageSizeParam = (defaultSize: number, max: number = PAGE_SIZE_MAX) =>
  z
    .string()
    .regex(/^\d+$/, "page_size must be a positive whole number")
    .optional()
    .transform((raw) => (raw === undefined ? defaultSize : Math.min(Number(raw), max)))
    .pipe(z.number().int().min(1, "page_size must be a positive whole number"))
    .describe(`items per page (default ${defaultSize}, at most ${max}; larger values are clamped)`);

/** `?page=&page_size=` of a paginated list. */
export const pageQuery = (defaultSize: number) =>
  z.object({ page: pageParam, page_size: pageSizeParam(defaultSize) });

/** `?limit=`: a positive whole number, clamped to `max`; missing means `defaultLimit`. */
export const limitParam = (defaultLimit: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "limit must be a positive whole number")
    .optional()
    .transform((raw) => (raw === undefined ? defaultLimit : Math.min(Number(raw), max)))
    .pipe(z.number().int().min(1, "limit must be a positive whole number"))
    .describe(`how many at most (default ${defaultLimit}, at most ${max}; larger values are clamped)`);

// ---- envelopes ----

/** `{count, next, previous, results}`; next/previous are absolute URLs, null at the ends. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().min(0),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export type Paginated<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** `{data: T}`. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });

// ---- shared field shapes ----

/** A user's or shop's verification status: the domain's enum, as the wire carries it. */
export const verificationStatus = verificationStatusSchema;
export type VerificationStatusWire = VerificationStatus;

/** An image as the wire carries it: a host path (`/media/...`), or a value with a scheme. */
export const imagePath = z.string();

/** ISO 8601 timestamp with offset, as `Date.prototype.toISOString` writes it. */
export const timestamp = z.string().describe("ISO 8601 timestamp");

/** A form's empty field ("") or null is a field not given. */
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema);

/** Latitude/longitude fields: numbers, or the text forms send. */
export const latitude = numberOrText(z.number().min(-90).max(90));
export const longitude = numberOrText(z.number().min(-180).max(180));

/** A file field of a multipart body; checked by content on the server. */
export const fileField = z.unknown().describe("file (multipart)");

// ---- helpers for both sides ----

/** `product/slug/:slug/` -> `product/slug/{slug}/`, the form spec §7 writes. */
export const toSpecTemplate = (path: string): string => path.replace(/:(\w+)/g, "{$1}");

/** Fills a path template: `fillPath("product/:id/", {id: 3})` -> `product/3/`; values are URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

type SchemaPart = "params" | "querystring" | "body" | "response";

/**
 * The Fastify `schema` of a route serving `call`: its zod schemas plus `tags` and `summary` for the
 * OpenAPI reference. Only the parts the call defines are set.
 */
export function routeSchema<C extends CallDef>(call: C, tag: string) {
  const schema: Record<string, unknown> = { tags: [tag], summary: call.summary };
  for (const part of ["params", "querystring", "body", "response"] as const) {
    if (call[part] !== undefined) schema[part] = call[part];
  }
  return schema as Pick<C, Extract<keyof C, SchemaPart>> & { tags: string[]; summary: string };
}
