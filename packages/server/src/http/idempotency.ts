import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { IDEMPOTENCY_KEY_HEADER, idempotentCalls } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { type Kysely, sql } from "kysely";
import { authenticate } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";
import { sendError } from "./error-reply.js";
import { isSpooledFile } from "./spooled-uploads.js";

// Retry-safe creates: the `Idempotency-Key` header (IETF draft "The Idempotency-Key HTTP Header
// Field") on the calls the contract marks `idempotent`. The first request with a key claims
// it (a row in idempotency_keys, so every instance agrees) with the request's fingerprint: method,
// path, body, files by content. Its answer, unless a 5xx, is kept 24 hours; a repeat by the same user
// with the same fingerprint gets that answer again and creates nothing, a repeat with another
// fingerprint gets 422 `idempotency_key_reused`, and a repeat while the first is still worked on gets
// 409 `idempotency_key_in_use`. A 5xx (nothing kept: the work was rolled back) frees the key for
// the retry. Without the header the calls work as before. The routes themselves know nothing of it.

/** A claim this old with no answer belongs to a request that died with its process: take it over. */
const STALE_CLAIM_SECONDS = 10 * 60;
const SWEEP_EVERY_MS = 10 * 60_000;
/** Body fields that carry the token (spec §7's fallback): a new login's retry is the same request. */
const TOKEN_FIELDS = new Set(["token", "login_key", "user_token"]);
/** The draft's sf-string, or a bare token as many clients send it: visible ASCII, at most 255. */
const KEY_SHAPE = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;

interface Claim {
  userId: number;
  key: string;
  /** The answer was kept or the key freed. */
  settled: boolean;
}

const CLAIM = Symbol("idempotencyClaim");
type Claimed = FastifyRequest & { [CLAIM]?: Claim };

/** The route paths (with the services' prefixes) of the calls that take the header, as `METHOD /path`. */
const ROUTES = new Set(idempotentCalls().map((call) => `${call.method} /api/${call.service}/${call.path}`));

/** Whether a route (method and full path) takes an Idempotency-Key. */
export function takesIdempotencyKey(method: string | readonly string[], url: string): boolean {
  return [method].flat().some((m) => ROUTES.has(`${m} ${url}`));
}

/** The header's value as sent (a quoted sf-string is unquoted); null when it is not a valid key. */
export function parseIdempotencyKey(raw: string): string | null {
  const quoted = /^"(.*)"$/.exec(raw.trim());
  const key = quoted ? quoted[1]!.replace(/\\(["\\])/g, "$1") : raw.trim();
  return KEY_SHAPE.test(key) ? key : null;
}

async function hashFile(hash: Hash, path: string): Promise<void> {
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
}

/** Feeds a body value to the hash: keys in order, files by their content. */
async function feed(hash: Hash, value: unknown): Promise<void> {
  if (isSpooledFile(value)) {
    hash.update(`file:${value.size}:`);
    await hashFile(hash, value.path);
  } else if (Array.isArray(value)) {
    hash.update("[");
    for (const item of value) await feed(hash, item);
    hash.update("]");
  } else if (value !== null && typeof value === "object") {
    hash.update("{");
    for (const name of Object.keys(value).sort()) {
      if (TOKEN_FIELDS.has(name)) continue;
      hash.update(JSON.stringify(name));
      await feed(hash, (value as Record<string, unknown>)[name]);
    }
    hash.update("}");
  } else {
    hash.update(`${JSON.stringify(value ?? null)},`);
  }
}

/** The request's fingerprint: method, path and query, and the body (files by content). */
export async function requestFingerprint(request: FastifyRequest): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`${request.method} ${request.url}\n`);
  await feed(hash, request.body);
  return hash.digest("hex");
}

type Row = { request_hash: string; status: number | null; body: string | null };

export function installIdempotencyKeys(app: FastifyInstance, db: Kysely<Database>): void {
  let lastSweep = 0;
  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    sql`DELETE FROM idempotency_keys WHERE created_at < now() - interval '24 hours'`
      .execute(db)
      .catch((err) => app.log.warn({ err }, "idempotency keys: sweep failed"));
  };

  /** Claims the key (true), or finds what another request with it left. */
  const claim = async (userId: number, key: string, fingerprint: string): Promise<true | Row | undefined> => {
    const claimed = await sql<{ user_id: number }>`
      INSERT INTO idempotency_keys (user_id, key, request_hash) VALUES (${userId}, ${key}, ${fingerprint})
      ON CONFLICT (user_id, key) DO UPDATE
        SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL,
            started_at = now(), created_at = now()
        WHERE idempotency_keys.created_at < now() - interval '24 hours'
           OR (idempotency_keys.status IS NULL
               AND idempotency_keys.request_hash = EXCLUDED.request_hash
               AND idempotency_keys.started_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}))
      RETURNING user_id`.execute(db);
    if (claimed.rows.length > 0) return true;
    return db
      .selectFrom("idempotency_keys")
      .select(["request_hash", "status", "body"])
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .executeTakeFirst();
  };

  const checkKey: preHandlerAsyncHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (raw === undefined || reply.sent) return;
    const key = typeof raw === "string" ? parseIdempotencyKey(raw) : null;
    if (key === null)
      return sendError(reply, 400, "invalid_input", { detail: messages.api.idempotencyKeyInvalid });
    const userId = (await authenticate(request, db))?.id ?? 0;
    const fingerprint = await requestFingerprint(request);
    sweep();
    // A claim freed between our insert and our read is tried once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await claim(userId, key, fingerprint);
      if (found === true) {
        (request as Claimed)[CLAIM] = { userId, key, settled: false };
        return;
      }
      if (!found) continue;
      if (found.request_hash !== fingerprint)
        return sendError(reply, 422, "idempotency_key_reused", { detail: messages.api.idempotencyKeyReused });
      if (found.status === null) break;
      return reply
        .code(found.status)
        .header("content-type", "application/json; charset=utf-8")
        .header("idempotency-replayed", "true")
        .send(found.body ?? "");
    }
    reply.header("retry-after", "1");
    return sendError(reply, 409, "idempotency_key_in_use", { detail: messages.api.idempotencyKeyInUse });
  };

  // Added to the calls' own preHandlers, after their sign-in check.
  app.addHook("onRoute", (route) => {
    if (!takesIdempotencyKey(route.method, route.url)) return;
    const own = route.preHandler;
    route.preHandler = [...(own === undefined ? [] : [own].flat()), checkKey];
  });

  // Before compression (registered after this): the payload is the serialised JSON.
  app.addHook("onSend", async (request, reply, payload) => {
    const held = (request as Claimed)[CLAIM];
    if (!held || held.settled) return payload;
    held.settled = true;
    try {
      if (reply.statusCode >= 500 || typeof payload !== "string") {
        // Nothing was kept (or the answer cannot be replayed): the retry does the work.
        await db
          .deleteFrom("idempotency_keys")
          .where("user_id", "=", held.userId)
          .where("key", "=", held.key)
          .where("status", "is", null)
          .execute();
      } else {
        await db
          .updateTable("idempotency_keys")
          .set({ status: reply.statusCode, body: payload })
          .where("user_id", "=", held.userId)
          .where("key", "=", held.key)
          .execute();
      }
    } catch (err) {
      // The claim stays open until it is stale; the answer itself still goes.
      request.log.warn({ err }, "idempotency key: cannot keep the answer");
    }
    return payload;
  });
}

const KEY_DOC =
  "Optional. One key per user action (a UUID), sent again unchanged when the action is retried: a " +
  "repeat by the same user answers the first answer (status and body, with `Idempotency-Replayed: " +
  "true`) and creates nothing. Kept 24 hours. Another request under a used key: 422 " +
  "`idempotency_key_reused`; a repeat while the first is still worked on: 409 `idempotency_key_in_use`.";
const ERROR_DOC = (description: string) => ({
  description,
  type: "object",
  properties: { detail: { type: "string" }, code: { type: "string" } },
});

/** For /api/docs: the header, and its 409 and 422, on the operations that take it. */
export function documentIdempotencyKey<S extends Record<string, unknown>>(
  schema: S,
  method: string | readonly string[],
  url: string,
): S {
  if (!takesIdempotencyKey(method, url)) return schema;
  const headers = (schema.headers ?? { type: "object", properties: {} }) as {
    properties?: Record<string, unknown>;
  };
  const response = (schema.response ?? {}) as Record<string, unknown>;
  return {
    ...schema,
    headers: {
      ...headers,
      properties: {
        ...headers.properties,
        "Idempotency-Key": { type: "string", minLength: 1, maxLength: 257, description: KEY_DOC },
      },
    },
    response: {
      ...response,
      409: response[409] ?? ERROR_DOC("A request with this Idempotency-Key is still being worked on"),
      422: ERROR_DOC("The Idempotency-Key was used for another request"),
    },
  };
}
