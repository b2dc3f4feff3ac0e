import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/connect.js";
import { createMediaStore } from "../media/media-store.js";
import { connectMigratedPglite } from "../testing/pglite-templates.js";

describe("request logs", () => {
  const lines: string[] = [];
  let database: DatabaseHandle;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "katale-log-"));
    database = await connectMigratedPglite();
    app = await buildApp({
      config: loadConfig({ NODE_ENV: "development", DATA_DIR: dataDir, LOG_LEVEL: "info" }),
      database,
      media: createMediaStore(dataDir),
      webDir: join(dataDir, "none"),
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it("never contain tokens from headers, paths or query strings", async () => {
    await app.inject({
      method: "GET",
      url: "/api/shop/shop/getshopsunderauser/tok_PATHSECRET123/?key=QUERYSECRET456",
      headers: { authorization: "Token HEADERSECRET789", cookie: "session=COOKIESECRET" },
    });
    const all = lines.join("\n");
    expect(all).toContain("getshopsunderauser/[redacted]");
    expect(all).not.toMatch(/PATHSECRET|QUERYSECRET|HEADERSECRET|COOKIESECRET/);
  });
});
