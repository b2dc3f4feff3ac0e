import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect } from "kysely";
import { connectDatabase, connectPgliteClient, type DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { pglitePools } from "../db/pglite-pool.js";
import type { Database } from "../db/schema.js";

// A test database on PGlite used to begin with initdb (2.1-3.5 s of WebAssembly on this machine)
// and then every migration, once per test server: a few minutes of the suite. Instead the first test
// process to need one builds it once and keeps its data directory in the system's temporary folder;
// every test database then starts from a copy of it (a test server in 0.64-0.72 s). The file's name
// carries a hash of the migrations and of the PGlite build, so a changed migration builds a new one.

/** "empty": as initdb leaves it (the migrations' own tests); "migrated": every migration applied. */
export type PgliteTemplateKind = "empty" | "migrated";

const built = new Map<PgliteTemplateKind, Promise<Blob>>();

/** The data directory a test database of `kind` starts from (built on first use, then from disk). */
export function pgliteTemplate(kind: PgliteTemplateKind): Promise<Blob> {
  let template = built.get(kind);
  if (!template) {
    template = loadOrBuild(kind);
    built.set(kind, template);
    template.catch(() => built.delete(kind));
  }
  return template;
}

/** A PGlite database in memory with every migration applied, started from the template. */
export async function connectMigratedPglite(): Promise<DatabaseHandle> {
  return connectDatabase({ dataDir: "memory://", template: await pgliteTemplate("migrated") });
}

async function loadOrBuild(kind: PgliteTemplateKind): Promise<Blob> {
  const file = join(tmpdir(), `katale-pglite-${kind}-${fingerprint(kind)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await connectPgliteClient();
  try {
    if (kind === "migrated") {
      await migrateToLatest(
        new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePools(client).pool }) }),
      );
    }
    const dump = await client.dumpDataDir("none");
    const bytes = new Uint8Array(await dump.arrayBuffer());
    // Written aside and renamed: another test process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, file);
    return new Blob([bytes]);
  } finally {
    await client.close();
  }
}

function fingerprint(kind: PgliteTemplateKind): string {
  const hash = createHash("sha256");
  const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  hash.update(`${pglite} ${statSync(pglite).mtimeMs}`);
  if (kind === "migrated") {
    // The migrations' source files (this module runs from source, in tests), constants and all.
    const folder = fileURLToPath(new URL("../db/migrations/", import.meta.url));
    for (const name of readdirSync(folder).sort()) {
      if (!name.includes(".test.")) hash.update(`${name}\n${readFileSync(join(folder, name), "utf8")}`);
    }
    // What migrations install from application code: the product projection (migration 0014).
    const projection = fileURLToPath(new URL("../products/product-projection.ts", import.meta.url));
    hash.update(readFileSync(projection, "utf8"));
  }
  return hash.digest("hex").slice(0, 16);
}
