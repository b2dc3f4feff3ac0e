import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../testing/test-server.js";
import type { DatabaseHandle } from "./connect.js";

// The accounts' statements (priorityDb) do not wait behind the catalogue's reads (issue 13: logins
// stay fast under read load). Here the reads' connections are all held and more reads are waiting:
// a priority statement is answered before them (PGlite: first in the one connection's line;
// PostgreSQL: on connections of its own, while the reads still wait).

describe.each(databaseKinds())("the priority lane (%s)", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind, 1);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("answers a login's statement before reads that were waiting first", async () => {
    const done: string[] = [];
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let holding!: () => void;
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // A read holds the only connection of the reads' pool.
    const holder = database.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      holding();
      await held;
      done.push("holder");
    });
    await isHolding;
    const reads = [1, 2, 3].map((n) =>
      sql<{ n: number }>`SELECT ${n}::int AS n`.execute(database.db).then(() => done.push(`read ${n}`)),
    );
    const login = sql`SELECT 'login' AS what`.execute(database.priorityDb).then(() => done.push("login"));
    if (kind === "postgres") {
      // Its own connections: answered while the reads' connection is still held.
      await login;
      expect(done).toEqual(["login"]);
      letGo();
    } else {
      // One connection: next in line once the holder lets go, before the reads that came first.
      setTimeout(letGo, 50);
    }
    await Promise.all([holder, ...reads, login]);
    expect(done).toEqual(
      kind === "postgres"
        ? ["login", "holder", "read 1", "read 2", "read 3"]
        : ["holder", "login", "read 1", "read 2", "read 3"],
    );
  });
});
