import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { connectDatabase, type DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { createMediaStore } from "../media/media-store.js";

describe("errors the database raises for bad input", () => {
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "katale-err-"));
    database = await connectDatabase({ dataDir: "memory://" });
    await migrateToLatest(database.db);
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }),
      database,
      media: createMediaStore(dataDir),
      webDir: join(dataDir, "none"),
      logger: false,
    });
    // A route that hands its input to PostgreSQL unchecked, as a future mistake might.
    app.get("/api/shop/echo/:text/", async (request) => {
      const { text } = request.params as { text: string };
      const { rows } = await sql<{ n: number }>`SELECT ${text}::int AS n`.execute(database.db);
      return { n: rows[0]?.n };
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("are a 400 with a message, not a 500", async () => {
    for (const text of ["99999999999", "%00"]) {
      const res = await app.inject({ url: `/api/shop/echo/${text}/` });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()).toEqual({ detail: "The request holds a value that cannot be stored or searched" });
    }
    expect((await app.inject({ url: "/api/shop/echo/42/" })).json()).toEqual({ n: 42 });
  });
});
