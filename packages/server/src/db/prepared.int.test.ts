import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase } from "../testing/test-server.js";
import type { DatabaseHandle } from "./connect.js";
import { prepared } from "./prepared.js";

// Prepared statements (issue 13) take any value a bound one takes: on PGlite they run as EXECUTE with
// the values written as literals, so quotes, backslashes and arrays must come back as they went in.

describe.each(databaseKinds())("prepared statements (%s)", (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const roundTrip = (text: string, list: string[], n: number | null) =>
    prepared<{ text: string; list: string[]; n: number | null; joined: string }>`
      SELECT ${text}::text AS text, ${list}::text[] AS list, ${n}::int AS n,
        array_to_string(${list}::text[], '|') AS joined`.execute(database.db);

  it("returns every value as it went in, the first time and once prepared", async () => {
    const cases: [string, string[], number | null][] = [
      ["it's", ["a"], 1],
      ["back\\slash '); DROP TABLE x; --", ['quote"d', "o'k", "back\\slash", "{brace}", "com,ma", ""], -7],
      ["", [], null],
      ["日本 ½ Ōtsu", ["ß", "𝟘"], 2_147_483_647],
    ];
    for (let round = 0; round < 7; round++) {
      for (const [text, list, n] of cases) {
        const { rows } = await roundTrip(text, list, n);
        expect(rows[0]).toEqual({ text, list, n, joined: list.join("|") });
      }
    }
  });

  it("refuses a text holding NUL as a bound value would", async () => {
    await expect(roundTrip("a\0b", [], 1)).rejects.toThrow();
  });
});
