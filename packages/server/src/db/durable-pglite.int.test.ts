import * as fs from "node:fs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectDatabase } from "./connect.js";

// An acknowledged write must survive a power cut, not only a crash of the process: with PGlite on
// disk every commit reaches the disk (fsync) before it is acknowledged, unless PGLITE_FSYNC=off.

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return { ...real, fsyncSync: vi.fn(real.fsyncSync) };
});

const fsyncs = () => vi.mocked(fs.fsyncSync).mock.calls.length;

describe("PGlite on disk", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "katale-durable-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  const show = async (db: Awaited<ReturnType<typeof connectDatabase>>["db"], name: string) =>
    Object.values((await sql.raw(`SHOW ${name}`).execute(db)).rows[0] as object)[0];

  it("writes each commit through to the disk by default", async () => {
    const database = await connectDatabase({ dataDir });
    try {
      expect(await show(database.db, "fsync")).toBe("on");
      await sql`CREATE TABLE orders (id serial PRIMARY KEY, item text NOT NULL)`.execute(database.db);
      for (const item of ["matooke", "sugar", "jerrycan"]) {
        const before = fsyncs();
        await sql`INSERT INTO orders (item) VALUES (${item})`.execute(database.db);
        expect(fsyncs()).toBeGreaterThan(before);
      }
    } finally {
      await database.close();
    }
  });

  it("skips the disk writes when turned off (tests), and opens that directory durably later", async () => {
    const quick = await connectDatabase({ dataDir, durable: false });
    try {
      expect(await show(quick.db, "fsync")).toBe("off");
      await sql`CREATE TABLE orders (id serial PRIMARY KEY, item text NOT NULL)`.execute(quick.db);
      const before = fsyncs();
      await sql`INSERT INTO orders (item) VALUES ('rice')`.execute(quick.db);
      expect(fsyncs()).toBe(before);
    } finally {
      await quick.close();
    }

    // A directory written before durable mode existed opens as it is, and is durable from then on.
    const durable = await connectDatabase({ dataDir });
    try {
      expect(await show(durable.db, "fsync")).toBe("on");
      const before = fsyncs();
      await sql`INSERT INTO orders (item) VALUES ('salt')`.execute(durable.db);
      expect(fsyncs()).toBeGreaterThan(before);
      const { rows } = await sql<{ item: string }>`SELECT item FROM orders ORDER BY id`.execute(durable.db);
      expect(rows.map((r) => r.item)).toEqual(["rice", "salt"]);
    } finally {
      await durable.close();
    }
  });
});
