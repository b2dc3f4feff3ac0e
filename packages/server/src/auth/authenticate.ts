import { messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database, Role } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";
import { newSecret, sha256 } from "./secrets.js";
import { UserRepository } from "./user-repository.js";

// Login tokens, shared by both services (they share the database): `Authorization: Token <key>` or
// `Bearer <key>`, or the token fields spec §7 puts in bodies (`token`, `login_key`, `user_token`) as
// a fallback. Tokens are stored as SHA-256 hashes; one per login; logout revokes one, a password
// change or reset the others, account deletion all.

export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  isAdmin: boolean;
  /** The auth_tokens row of the token that authenticated this request. */
  tokenId: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin (and by authenticate when it succeeds). */
    authUser?: AuthUser;
  }
}

type Db = Kysely<Database>;

/** Body fields that may carry the token (spec §7), in the order they are tried. */
const BODY_TOKEN_FIELDS = ["token", "login_key", "user_token"] as const;
/** last_used_at is refreshed at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** The token a request carries: the Authorization header first, then a body field. */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === "string") {
    const match = /^(?:Token|Bearer)\s+(\S+)\s*$/i.exec(header);
    if (match) return match[1]!;
  }
  const body = request.body;
  if (body && typeof body === "object") {
    for (const field of BODY_TOKEN_FIELDS) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === "string" && value.length > 0) return value;
    }
  }
  return null;
}

/** A new login token for the user; the key is answered once and never stored. */
export async function createToken(db: Db, userId: number): Promise<string> {
  const key = newSecret();
  await db
    .insertInto("auth_tokens")
    .values({ user_id: userId, token_hash: sha256(key) })
    .execute();
  return key;
}

/** The user a token belongs to, or null for an unknown, revoked or deleted one. */
export async function authenticateToken(db: Db, key: string): Promise<AuthUser | null> {
  if (key.length === 0 || key.length > 200) return null;
  const row = await new UserRepository(db).bySessionToken(sha256(key));
  if (!row) return null;
  const lastUsed = row.last_used_at ? new Date(row.last_used_at).getTime() : 0;
  if (Date.now() - lastUsed > TOUCH_EVERY_MS) {
    await db
      .updateTable("auth_tokens")
      .set({ last_used_at: sql`now()` })
      .where("id", "=", row.tokenId)
      .execute();
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    isAdmin: row.role === "admin",
    tokenId: row.tokenId,
  };
}

/** The user of the request's token (header or body field), or null; sets request.authUser. */
export async function authenticate(request: FastifyRequest, db: Db): Promise<AuthUser | null> {
  if (request.authUser) return request.authUser;
  const key = tokenOf(request);
  if (!key) return null;
  const user = await authenticateToken(db, key);
  if (user) request.authUser = user;
  return user;
}

async function refuse(request: FastifyRequest, reply: FastifyReply, db: Db): Promise<AuthUser | null> {
  const user = await authenticate(request, db);
  if (user) return user;
  reply.header("www-authenticate", "Token");
  await (tokenOf(request)
    ? sendError(reply, 401, "invalid_token", { detail: messages.authServer.invalidToken })
    : sendError(reply, 401, "not_authenticated", { detail: messages.authServer.credentialsMissing }));
  return null;
}

/**
 * Who a route lets in: "user" (a valid token, else 401), "admin" (also 403 for others). The API
 * reference reads it from the route's preHandler (http/api-docs-operations.ts): a route guarded by
 * requireUser/requireAdmin is documented with `security` and its 401 (and 403) without saying so.
 */
export type AuthRequirement = "user" | "admin";
const REQUIREMENT = Symbol("authRequirement");
type MarkedHook = preHandlerAsyncHookHandler & { [REQUIREMENT]?: AuthRequirement };

function marked(hook: preHandlerAsyncHookHandler, requirement: AuthRequirement): preHandlerAsyncHookHandler {
  return Object.assign(hook, { [REQUIREMENT]: requirement });
}

/** The requirement of a route's preHandler (one hook or a list): the strictest guard it holds. */
export function authRequirementOf(preHandler: unknown): AuthRequirement | null {
  const hooks = (Array.isArray(preHandler) ? preHandler : [preHandler]) as (MarkedHook | undefined)[];
  const found = hooks.map((hook) => hook?.[REQUIREMENT]).filter((r) => r !== undefined);
  if (found.includes("admin")) return "admin";
  return found.includes("user") ? "user" : null;
}

/** preHandler: answers 401 without a valid token; otherwise request.authUser is set. */
export function requireUser(db: Db): preHandlerAsyncHookHandler {
  return marked(async function requireUserHook(request, reply) {
    await refuse(request, reply, db);
  }, "user");
}

/** preHandler: 401 without a valid token, 403 for a user who is not an admin. */
export function requireAdmin(db: Db): preHandlerAsyncHookHandler {
  return marked(async function requireAdminHook(request, reply) {
    const user = await refuse(request, reply, db);
    if (user && !user.isAdmin)
      await sendError(reply, 403, "forbidden", { detail: messages.authServer.adminOnly });
  }, "admin");
}

/** The authenticated user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw new Error("currentUser() on a route without requireUser");
  return request.authUser;
}

/** Revokes one token (logout). */
export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db
    .updateTable("auth_tokens")
    .set({ revoked_at: sql`now()` })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every token of the user except `keepTokenId` (password change keeps the current session). */
export async function revokeUserTokens(db: Db, userId: number, keepTokenId?: number): Promise<void> {
  let query = db
    .updateTable("auth_tokens")
    .set({ revoked_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (keepTokenId !== undefined) query = query.where("id", "<>", keepTokenId);
  await query.execute();
}
