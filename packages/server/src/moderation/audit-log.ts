import type { AuditEntryWire } from "@katale/adapters-http/contract";
import type { FastifyRequest } from "fastify";
import { type Kysely, sql } from "kysely";
import { currentUser } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";

// The admins' audit log (migration 0024): every admin mutation writes one entry in its own
// transaction (who, what, which target, before and after where they apply, when, from which
// address). The table is append-only: the database refuses UPDATE, DELETE and TRUNCATE, and no
// route offers either.

type Db = Kysely<Database>;

export interface AuditEntry {
  /** `report.hide`, `moderation.restore`, `category.create`, `verification.approve`, `admin.grant`… */
  action: string;
  target: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** Writes one entry for the admin of `request` (a route guarded by requireAdmin), in `trx`. */
export async function writeAudit(trx: Db, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const actor = currentUser(request);
  await trx
    .insertInto("audit_log")
    .values({
      actor_id: actor.id,
      actor_name: actor.name,
      action: entry.action,
      target: entry.target,
      target_id: String(entry.targetId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      address: request.ip ?? "",
    })
    .execute();
}

export interface AuditQuery {
  actorId?: number;
  target?: string;
  targetId?: string;
  limit: number;
  offset: number;
}

/** A page of the log, newest first, and how many entries match. */
export async function readAudit(
  db: Db,
  q: AuditQuery,
): Promise<{ count: number; results: AuditEntryWire[] }> {
  const where = sql.join(
    [
      sql`true`,
      ...(q.actorId !== undefined ? [sql`actor_id = ${q.actorId}`] : []),
      ...(q.target !== undefined ? [sql`target = ${q.target}`] : []),
      ...(q.targetId !== undefined ? [sql`target_id = ${q.targetId}`] : []),
    ],
    sql` AND `,
  );
  const { rows } = await sql<{
    id: string | number;
    actor_id: number;
    actor_name: string;
    action: string;
    target: string;
    target_id: string;
    before: unknown;
    after: unknown;
    address: string;
    created_at: Date | string;
    total: string | number;
  }>`
    SELECT id, actor_id, actor_name, action, target, target_id, before, after, address, created_at,
           count(*) OVER () AS total
    FROM audit_log WHERE ${where}
    ORDER BY id DESC LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
  const count = rows.length > 0 ? Number(rows[0]!.total) : q.offset === 0 ? 0 : await countAll(db, where);
  return {
    count,
    results: rows.map((row) => ({
      id: Number(row.id),
      actor: { id: row.actor_id, name: row.actor_name },
      action: row.action,
      target: row.target,
      target_id: row.target_id,
      before: parsedJson(row.before),
      after: parsedJson(row.after),
      address: row.address,
      created_at: new Date(row.created_at).toISOString(),
    })),
  };
}

async function countAll(db: Db, where: ReturnType<typeof sql.join>): Promise<number> {
  const { rows } = await sql<{
    n: string | number;
  }>`SELECT count(*) AS n FROM audit_log WHERE ${where}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** jsonb arrives parsed from pg and PGlite alike (a string only if a driver left it as text); entries hold objects. */
function parsedJson(value: unknown): Record<string, unknown> | null {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : null;
}
