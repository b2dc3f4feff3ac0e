import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Kysely, PostgresDialect, type PostgresPool } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aProduct } from "../testing/fixtures.js";
import { createPostgresDatabase, databaseKinds } from "../testing/test-server.js";
import type { Database } from "./schema.js";

// A PostgreSQL server restarts, fails over or ends sessions (pg_terminate_backend); a network path
// to it goes away for a while. The real server process must live through all of it: answer 503
// while the database is away, serve again when it is back, and keep its read cache in step with
// the catalogue. It reaches PostgreSQL through a TCP relay the test can cut.

const MAIN = resolve(fileURLToPath(new URL("..", import.meta.url)), "main.ts");
const ROOT = resolve(fileURLToPath(new URL("../../../..", import.meta.url)));

/** Polls `check` until it holds, for at most `ms`; true when it did. */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** A TCP relay to PostgreSQL that can be cut (every connection closed, new ones refused) and mended. */
async function relayTo(port: number) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let listenPort = 0;
  const open = () =>
    new Promise<void>((done, fail) => {
      const s = createServer((inbound) => {
        const outbound = tcpConnect(port, "127.0.0.1");
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on("close", () => outbound.destroy());
        outbound.on("close", () => inbound.destroy());
      });
      s.once("error", fail);
      s.listen(listenPort, "127.0.0.1", () => {
        listenPort = (s.address() as { port: number }).port;
        server = s;
        done();
      });
    });
  await open();
  return {
    get port() {
      return listenPort;
    },
    cut: async () => {
      const s = server;
      server = undefined;
      const closed = new Promise<void>((done) => (s ? s.close(() => done()) : done()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    mend: open,
  };
}

/** Kysely over the test's own session, for the fixtures. */
function fixtures(client: pg.Client) {
  const pool = {
    connect: async () => ({
      query: (text: string, values: unknown[]) => client.query(text, values),
      release() {},
    }),
    end: async () => {},
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }) });
}

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("the server when PostgreSQL drops its connections", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let admin: pg.Client;
  let server: ChildProcess;
  let base: string;
  let stderr = "";
  const dataDir = mkdtempSync(join(tmpdir(), "katale-faults-"));

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const url = new URL(database.url);
    relay = await relayTo(Number(url.port || 5432));
    const viaRelay = new URL(database.url);
    viaRelay.hostname = "127.0.0.1";
    viaRelay.port = String(relay.port);
    // The test's own session, straight to PostgreSQL (the relay is only the server's path).
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();

    const port = await new Promise<number>((done) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => done(port));
      });
    });
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: viaRelay.toString(),
        DATABASE_POOL_SIZE: "4",
        SEED: "none",
        LOG_LEVEL: "warn",
        READ_CACHE_SECONDS: "600",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
    server.stderr?.on("data", (chunk) => {
      stderr += String(chunk);
    });
    const up = await eventually(async () => {
      if (server.exitCode !== null) throw new Error(`the server exited at start: ${stderr}`);
      return (await fetch(`${base}/api/health`).catch(() => null))?.ok === true;
    }, 60_000);
    if (!up) throw new Error(`the server did not start: ${stderr}`);
  });

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((r) => server.once("exit", r));
    }
    await admin?.end().catch(() => {});
    await relay?.cut();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const terminateServerSessions = async () => {
    const { rows } = await admin.query(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return rows.length;
  };
  const listening = async () => {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN %'`,
    );
    return rows[0].n > 0;
  };
  let pageSize = 0;
  /** A product page no request asked for before: answered by the database, not the read cache. */
  const freshRead = () => fetch(`${base}/api/shop/product/paginated/?page=1&page_size=${++pageSize}`);
  const leaveFeedback = () =>
    fetch(`${base}/api/shop/faqs/feedback/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Nakato",
        email: "nakato@example.ug",
        message: "Fast delivery",
        stars: 8,
      }),
    });

  it("stays up and serves the next requests after PostgreSQL ends every session of the server", async () => {
    // Fill the pool: several connections sit idle when they are ended.
    const warm = await Promise.all(Array.from({ length: 4 }, freshRead));
    expect(warm.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await terminateServerSessions()).toBeGreaterThan(1);

    for (let i = 0; i < 6; i++) expect((await freshRead()).status).toBe(200);
    expect((await Promise.all(Array.from({ length: 4 }, freshRead))).map((r) => r.status)).toEqual([
      200, 200, 200, 200,
    ]);
    // A write is never run twice: it may meet the ended session once (503), then it goes through.
    const first = await leaveFeedback();
    expect([201, 503]).toContain(first.status);
    if (first.status === 503) expect((await leaveFeedback()).status).toBe(201);
    expect(server.exitCode).toBeNull();
  });

  it("sees catalogue changes after its LISTEN session was ended", async () => {
    const made = await aProduct(fixtures(admin), { name: "Charcoal stove", price: 45_000 });
    const productId = made.id;
    const price = async () => {
      const res = await fetch(`${base}/api/shop/product/paginated/?page=1&page_size=8`);
      if (res.status !== 200) return undefined;
      const body = (await res.json()) as { results: { product_name: string; price: number }[] };
      return body.results.find((p) => p.product_name === "Charcoal stove")?.price;
    };
    expect(await eventually(async () => (await price()) === 45_000)).toBe(true);

    // Every session ends, the listening one too; a change made meanwhile may never be announced to
    // the server, which must not keep showing the old price.
    await terminateServerSessions();
    await admin.query("UPDATE products SET price = 41000 WHERE id = $1", [productId]);
    expect(await eventually(async () => (await price()) === 41_000)).toBe(true);

    // Listening again, the server hears the next change.
    expect(await eventually(listening)).toBe(true);
    await admin.query("UPDATE products SET price = 39000 WHERE id = $1", [productId]);
    expect(await eventually(async () => (await price()) === 39_000)).toBe(true);
    expect(server.exitCode).toBeNull();
  });

  it("answers 503 with a message while PostgreSQL cannot be reached, and serves again when it can", async () => {
    await relay.cut();
    try {
      const res = await freshRead();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await res.json()).toEqual({
        detail: "The marketplace is briefly unavailable, try again in a moment",
        code: "database_unavailable",
      });
      const write = await leaveFeedback();
      expect(write.status).toBe(503);
      expect(((await write.json()) as { code: string }).code).toBe("database_unavailable");
      expect((await fetch(`${base}/api/health`)).status).toBe(503);
    } finally {
      await relay.mend();
    }
    expect(await eventually(async () => (await freshRead()).status === 200)).toBe(true);
    expect((await leaveFeedback()).status).toBe(201);
    // The listening session comes back too.
    expect(await eventually(listening)).toBe(true);
    expect(server.exitCode).toBeNull();
  });
});

describe("start-up without a database", () => {
  it("prints one katale: line and exits non-zero when PostgreSQL cannot be reached", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "katale-nodb-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: "test",
          PORT: "0",
          DATA_DIR: dataDir,
          // Nothing listens on port 1.
          DATABASE_URL: "postgres://katale:secret-password@127.0.0.1:1/katale",
          SEED: "none",
          LOG_LEVEL: "warn",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stderr = "";
      let stdout = "";
      child.stderr?.on("data", (c) => {
        stderr += String(c);
      });
      child.stdout?.on("data", (c) => {
        stdout += String(c);
      });
      const code = await new Promise<number | null>((r) => child.once("exit", (c) => r(c)));
      expect(code).not.toBe(0);
      const lines = stderr.trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^katale: .*127\.0\.0\.1:1.*ECONNREFUSED/);
      expect(stderr + stdout).not.toContain("secret-password");
      expect(stdout).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
