import { createHash } from "node:crypto";
import { type RawBuilder, sql } from "kysely";

// Prepared statements for the hot read paths (issue 13): the database parses and plans such a
// statement once per connection, then only binds and runs it. A statement opts in by starting with
// PREPARED (use `prepared` below); the pools (postgres-pool.ts, pglite-pool.ts) then run it by a name
// derived from its text. Only statements whose text is fixed (no IN lists of varying length) should
// opt in: each distinct text stays prepared for the life of the connection.

export const PREPARED = "/* prepared */ ";

/** The name a prepared statement runs under, or undefined for a statement that did not opt in. */
export function preparedName(sqlText: string): string | undefined {
  if (!sqlText.startsWith(PREPARED)) return undefined;
  let name = names.get(sqlText);
  if (!name) {
    name = `k_${createHash("sha1").update(sqlText).digest("hex").slice(0, 20)}`;
    names.set(sqlText, name);
  }
  return name;
}
const names = new Map<string, string>();

/** A statement that runs prepared: sql`...` with the PREPARED mark in front. */
export function prepared<T>(strings: TemplateStringsArray, ...values: unknown[]): RawBuilder<T> {
  return sql<T>(Object.assign([PREPARED + strings[0], ...strings.slice(1)], { raw: strings.raw }), ...values);
}
