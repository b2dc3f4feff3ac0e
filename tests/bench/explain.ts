// EXPLAIN ANALYZE of the statements behind each bench answer: the repository call a route makes runs
// on one pinned connection whose statements are recorded, then each SELECT of it runs again under
// EXPLAIN (ANALYZE, BUFFERS), and the other statements (BEGIN, set_config, COMMIT) as they are, so a
// transaction's settings hold for the statements explained after them.
import type { Database } from "@katale/server";
import { CompiledQuery, Kysely as Ky, type Kysely, PostgresDialect } from "kysely";

export interface ExplainCase {
  endpoint: string;
  /** What the route does for one request, on the database it is given. */
  run(db: Kysely<Database>): Promise<unknown>;
}

interface Statement {
  sql: string;
  parameters: readonly unknown[];
}

/** A Kysely on one connection of `db` that records every statement it sends. */
function recording(
  execute: (query: CompiledQuery) => Promise<{ rows: unknown[] }>,
  log: Statement[],
): Kysely<Database> {
  const client = {
    async query(sqlText: string, parameters?: readonly unknown[]) {
      log.push({ sql: sqlText, parameters: parameters ?? [] });
      const result = await execute(CompiledQuery.raw(sqlText, [...(parameters ?? [])]));
      return { command: "SELECT", rowCount: result.rows.length, rows: result.rows };
    },
    release() {},
  };
  return new Ky<Database>({
    // biome-ignore lint/suspicious/noExplicitAny: the smallest pool that hands out the pinned connection.
    dialect: new PostgresDialect({ pool: { connect: async () => client as any, end: async () => {} } }),
  });
}

/** The plans of every case, as printable text. */
export async function explainCases(db: Kysely<Database>, cases: ExplainCase[]): Promise<string> {
  const out: string[] = [];
  for (const c of cases) {
    const statements: Statement[] = [];
    await db.connection().execute(async (pinned) => {
      // The connection underneath the pinned Kysely: execute raw statements on it.
      await c.run(recording((query) => pinned.executeQuery(query), statements));
      out.push(`-- ${c.endpoint}: ${statements.length} statement(s)`);
      for (const s of statements) {
        // Without the mark of a prepared statement (EXPLAIN plans the statement as such).
        const text = s.sql.replace(/^\s*\/\*.*?\*\/\s*/, "");
        const select = /^\s*(select|with)\b/i.test(text);
        if (!select) {
          await pinned.executeQuery(CompiledQuery.raw(s.sql, [...s.parameters]));
          continue;
        }
        const { rows } = await pinned.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, [...s.parameters]),
        );
        out.push(`${text.replace(/\s+/g, " ").trim()}`);
        out.push(`  parameters: ${JSON.stringify(s.parameters)}`);
        for (const row of rows) out.push(`  ${row["QUERY PLAN"]}`);
      }
      out.push("");
    });
  }
  return out.join("\n");
}
