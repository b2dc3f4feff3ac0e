import type { PGlite } from "@electric-sql/pglite";
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";

/**
 * PGlite is one connection in one process. Kysely's Postgres dialect wants a pool: this pool hands
 * the single connection to one borrower at a time, so a transaction never interleaves with another
 * request's queries.
 */
export function pglitePool(pg: PGlite): PostgresPool {
  let queue: Promise<void> = Promise.resolve();

  const client: Omit<PostgresPoolClient, "release"> = {
    // biome-ignore lint/suspicious/noExplicitAny: the pool interface is overloaded for cursors we never use.
    async query(sqlText: any, parameters?: ReadonlyArray<unknown>): Promise<any> {
      const result = await pg.query(sqlText as string, parameters as unknown[]);
      const command = /^\s*(\w+)/.exec(sqlText as string)?.[1]?.toUpperCase() ?? "SELECT";
      return {
        command,
        rowCount: result.affectedRows ?? result.rows.length,
        rows: result.rows,
      } as PostgresQueryResult<unknown>;
    },
  } as Omit<PostgresPoolClient, "release">;

  return {
    async connect() {
      let release!: () => void;
      const turn = new Promise<void>((resolve) => {
        release = resolve;
      });
      const previous = queue;
      queue = previous.then(() => turn);
      await previous;
      return { ...client, release } as PostgresPoolClient;
    },
    async end() {
      await queue;
      await pg.close();
    },
  };
}
