import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { isConnectionError, isSafeToRetry } from "./connection-errors.js";
import { PREPARED, preparedName } from "./prepared.js";

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\s*$/i;

/**
 * Kysely's pool over pg's, which runs a statement again on another connection when its connection
 * was lost (the server restarted, failed over, or ended the session) and the statement is safe to
 * run again: a read outside a transaction, or the BEGIN of one (isSafeToRetry). Anything else fails
 * with the connection error, which the error handler answers with 503. Statements marked PREPARED
 * (prepared.ts) run as named statements, parsed and planned once per connection.
 *
 * pg and pg-pool are called in their callback form (`connect` and `query` below), not through the
 * promises they return without a callback. Under the cold listing load (`npm run bench`, issue 13)
 * those promises kept what each statement read alive through the next young collection, which then
 * promoted it: about 2 MB per collection and 7-9 ms pauses, against 0.3 MB and 2 ms in the callback
 * form.
 */
export function resilientPool(pool: pg.Pool, onRetry: (error: Error) => void): PostgresPool {
  // A restart or failover ends every connection at once, and the pool may not have heard of it yet
  // for its idle ones: each of those fails at once, so a read may meet all of them before a new
  // connection. A failure to connect (the database is away) ends the attempts.
  const maxAttempts = (pool.options.max ?? 10) + 1;
  return {
    async connect() {
      let client: pg.PoolClient | undefined = await connect(pool);
      let inTransaction = false;

      const run = async (sqlText: string, parameters: unknown[] | undefined) => {
        if (!client) throw new Error("Client was closed and is not queryable");
        try {
          const name = preparedName(sqlText);
          const result = await query(
            client,
            name
              ? { name, text: sqlText.slice(PREPARED.length), values: parameters ?? [] }
              : { text: sqlText, values: parameters },
          );
          if (BEGIN.test(sqlText)) inTransaction = true;
          return result as unknown as PostgresQueryResult<unknown>;
        } finally {
          // COMMIT or ROLLBACK ends the transaction whether it succeeded or the connection died.
          if (END.test(sqlText)) inTransaction = false;
        }
      };

      const wrapper = {
        // biome-ignore lint/suspicious/noExplicitAny: the pool interface is overloaded for cursors we never use.
        async query(sqlText: any, parameters?: ReadonlyArray<unknown>): Promise<any> {
          const text = sqlText as string;
          const values = parameters as unknown[] | undefined;
          for (let attempt = 1; ; attempt++) {
            try {
              return await run(text, values);
            } catch (error) {
              const retry =
                !inTransaction &&
                client !== undefined &&
                attempt < maxAttempts &&
                isConnectionError(error) &&
                isSafeToRetry(preparedName(text) ? text.slice(PREPARED.length) : text);
              if (!retry || !client) throw error;
              onRetry(error as Error);
              // The broken connection leaves the pool; the statement runs again on another one.
              const broken = client;
              client = undefined;
              broken.release(error as Error);
              client = await connect(pool);
            }
          }
        },
        release() {
          const held = client;
          client = undefined;
          held?.release();
        },
      };
      return wrapper as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}

/** pool.connect() in its callback form (see resilientPool). */
function connect(pool: pg.Pool): Promise<pg.PoolClient> {
  return new Promise((resolve, reject) =>
    pool.connect((error, client) => (error || !client ? reject(error) : resolve(client))),
  );
}

/** client.query() in its callback form (see resilientPool). */
function query(client: pg.PoolClient, config: pg.QueryConfig): Promise<pg.QueryResult> {
  return new Promise((resolve, reject) =>
    client.query(config, (error, result) => (error ? reject(error) : resolve(result))),
  );
}
