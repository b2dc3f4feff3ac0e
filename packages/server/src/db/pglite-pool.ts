import type { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import { PREPARED, preparedName } from "./prepared.js";

/**
 * PGlite is one connection in one process. Kysely's Postgres dialect wants a pool: these pools hand
 * the single connection to one borrower at a time, so a transaction never interleaves with another
 * request's queries. Statements marked PREPARED (prepared.ts) are prepared once (SQL PREPARE) and
 * run with EXECUTE, their values written as literals: PGlite then neither parses nor plans them again.
 *
 * Two pools share the connection: `pool` and `priority`. A borrower of `priority` goes before every
 * waiting borrower of `pool`, so a login's few statements do not queue behind fifty catalogue reads
 * (issue 13: logins stay fast under read load). Ending `pool` closes the connection; ending
 * `priority` only waits for its borrowers.
 */
export function pglitePools(pg: PGlite): { pool: PostgresPool; priority: PostgresPool } {
  const preparedNames = new Set<string>();

  /** EXECUTE of a prepared statement, or undefined when a value has no literal form here. */
  async function runPrepared(name: string, sqlText: string, parameters: readonly unknown[]) {
    const literals = parameters.map(literal);
    if (literals.some((l) => l === undefined)) return undefined;
    for (let attempt = 1; ; attempt++) {
      if (!preparedNames.has(name)) {
        await pg.exec(`PREPARE ${name} AS ${sqlText.slice(PREPARED.length)}`);
        preparedNames.add(name);
      }
      try {
        const results = await pg.exec(
          literals.length ? `EXECUTE ${name}(${literals.join(", ")})` : `EXECUTE ${name}`,
        );
        return results[results.length - 1]!;
      } catch (error) {
        // Gone (DEALLOCATE, DISCARD): prepare it again, once.
        if ((error as { code?: string }).code !== "26000" || attempt > 1) throw error;
        preparedNames.delete(name);
      }
    }
  }

  const client: Omit<PostgresPoolClient, "release"> = {
    // biome-ignore lint/suspicious/noExplicitAny: the pool interface is overloaded for cursors we never use.
    async query(sqlText: any, parameters?: ReadonlyArray<unknown>): Promise<any> {
      const name = preparedName(sqlText as string);
      const result =
        (name && (await runPrepared(name, sqlText as string, parameters ?? []))) ||
        (await pg.query(sqlText as string, parameters as unknown[]));
      const command = /^\s*(\w+)/.exec(sqlText as string)?.[1]?.toUpperCase() ?? "SELECT";
      return {
        command,
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      } as PostgresQueryResult<unknown>;
    },
  } as Omit<PostgresPoolClient, "release">;

  // The connection's turn: whoever holds it, then the waiting priority borrowers, then the rest.
  let busy = false;
  const urgent: (() => void)[] = [];
  const waiting: (() => void)[] = [];
  const acquire = (first: boolean) =>
    new Promise<void>((resolve) => {
      if (!busy) {
        busy = true;
        resolve();
      } else (first ? urgent : waiting).push(resolve);
    });
  const handOn = () => {
    const next = urgent.shift() ?? waiting.shift();
    if (next) next();
    else busy = false;
  };
  const borrow = async (first: boolean) => {
    await acquire(first);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      handOn();
    };
    return { ...client, release } as PostgresPoolClient;
  };

  return {
    pool: {
      connect: () => borrow(false),
      async end() {
        await acquire(false);
        await pg.close();
      },
    },
    priority: {
      connect: () => borrow(true),
      async end() {
        await acquire(false);
        handOn();
      },
    },
  };
}

/**
 * A value as an SQL literal for EXECUTE (standard_conforming_strings is on: only quotes are doubled),
 * or undefined for a value without one here (the statement then runs unprepared).
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return value.includes("\0") ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value) && value.every((v) => typeof v === "string" && !v.includes("\0"))) {
    const elements = (value as string[]).map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`);
    return `'{${elements.join(",").replaceAll("'", "''")}}'`;
  }
  // Listing pages asked together (ProductRepository.pageJson): their scope ids, offsets and sizes.
  if (Array.isArray(value) && value.every((v) => typeof v === "number" && Number.isFinite(v))) {
    return `'{${value.join(",")}}'`;
  }
  return undefined;
}
