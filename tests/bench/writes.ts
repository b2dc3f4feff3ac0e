// The price of durable PGlite (PGLITE_FSYNC=on: every commit is fsynced before it is acknowledged):
// the same write (POST product/browse-history/, one INSERT committed) through the real server, one
// at a time and from 10 clients at once, with fsync on and off. Part of `npm run bench`; alone:
// `node --import tsx tests/bench/writes.ts` after building the server (BENCH_WRITES sets the count).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { connectDatabase, createMediaStore, migrateToLatest, seedCatalogue } from "@katale/server";
import { sql } from "kysely";
import { freePort, log } from "./load.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SERVER = join(ROOT, "packages/server/dist/main.js");
const WRITES = Number(process.env.BENCH_WRITES ?? 300);
const CONCURRENT = 10;

export interface WriteRow {
  fsync: "on" | "off";
  clients: number;
  writes: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

async function start(dataDir: string, fsync: "on" | "off") {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      SEED: "none",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PGLITE_FSYNC: fsync,
      AUTH_RATE_LIMITS: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if ((await fetch(`${base}/api/health`).catch(() => null))?.ok) break;
    if (i > 600) throw new Error("the server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    },
  };
}

const post = async (url: string, body: unknown, token?: string) => {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Token ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** Sign-up, e-mailed code (the development mailbox), login: a token. */
async function signIn(base: string, n: number) {
  const who = {
    name: "Bench Writer",
    email: `writer${n}@example.ug`,
    phone: `070000${1000 + n}`,
    password: "bench writer pass",
  };
  const registered = await post(`${base}/api/auth/register/`, who);
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const mail = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; text: string }[];
  const otp = /\b(\d{5})\b/.exec(mail.find((m) => m.to.includes(who.email))?.text ?? "")?.[1];
  const verified = await post(`${base}/api/auth/users/verify/`, { username: who.email, otp });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  const login = await post(`${base}/api/auth/login/`, { username: who.email, password: who.password });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return login.body.key as string;
}

async function writeMany(base: string, token: string, productIds: number[], clients: number) {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < WRITES) {
      const i = next++;
      const t = performance.now();
      const r = await post(
        `${base}/api/shop/product/browse-history/`,
        { token, product_id: productIds[i % productIds.length] },
        token,
      );
      latencies.push(performance.now() - t);
      if (r.status !== 201) failed++;
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return { writes: WRITES, perSecond: WRITES / seconds, p50: at(50), p95: at(95), p99: at(99), failed };
}

export async function benchWrites(): Promise<WriteRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "katale-bench-writes-"));
  try {
    const database = await connectDatabase({ dataDir, durable: false });
    await migrateToLatest(database.db);
    await seedCatalogue(database.db, createMediaStore(dataDir), { products: 200, log });
    const { rows } = await sql<{ id: number }>`select id from products order by id limit 200`.execute(
      database.db,
    );
    await database.close();
    const productIds = rows.map((r) => r.id);
    const out: WriteRow[] = [];
    let n = 0;
    for (const fsync of ["on", "off"] as const) {
      const server = await start(dataDir, fsync);
      try {
        const token = await signIn(server.base, ++n);
        await writeMany(server.base, token, productIds, 1); // warm-up
        for (const clients of [1, CONCURRENT]) {
          const measured = await writeMany(server.base, token, productIds, clients);
          log(`writes, fsync ${fsync}, ${clients} client(s): ${measured.perSecond.toFixed(0)}/s`);
          out.push({ fsync, clients, ...measured });
        }
      } finally {
        await server.stop();
      }
    }
    return out;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printWrites(rows: WriteRow[]) {
  const f = (n: number, d = 1) =>
    n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  console.log(`\nPGlite writes (POST product/browse-history/, ${WRITES} per run), PGLITE_FSYNC on vs off\n`);
  console.log("| fsync | clients | writes/s | p50 ms | p95 ms | p99 ms | failed |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.fsync} | ${r.clients} | ${f(r.perSecond, 0)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} | ${r.failed} |`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printWrites(await benchWrites());
}
