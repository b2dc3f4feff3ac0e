// Logins while anonymous clients search as fast as they can, on the embedded database (PGlite): the
// real server (packages/server/dist), a seeded catalogue, four search clients each from its own
// loopback address (127.0.0.2-5) sending long queries of words no product has (the costliest kind:
// each word is looked up for typos), never waiting, and one person logging in again and again from
// 127.0.0.1. Prints the logins' p50/p95/max and what the searchers were answered.
// `node --import tsx tests/bench/search-flood.ts` after building the server; BENCH_PRODUCTS (10,000),
// BENCH_LOGINS (60) and BENCH_SEARCHERS (4) change the run; BENCH_DATA_DIR keeps the seeded data for
// the next run, BENCH_SERVER runs another build. Bounded: it stops after the logins.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { connectDatabase, createMediaStore, migrateToLatest, seedCatalogue } from "@katale/server";
import { freePort, log } from "./load.js";

const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const SERVER = process.env.BENCH_SERVER ?? join(ROOT, "packages/server/dist/main.js");
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 60);
const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 4);
const QUERY_WORDS = 33;

async function start(dataDir: string) {
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
      PGLITE_FSYNC: "off",
      // The one person logs in more often than the login allowance lets one address; the search
      // limits stay as configured.
      AUTH_RATE_LIMITS: "off",
      // Every search reaches the database.
      READ_CACHE_SECONDS: "0",
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

async function post(base: string, path: string, body: unknown, agent?: http.Agent) {
  const payload = JSON.stringify(body);
  return new Promise<{ status: number; text: string }>((done, fail) => {
    const req = http.request(
      `${base}${path}`,
      { method: "POST", headers: { "content-type": "application/json" }, ...(agent ? { agent } : {}) },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
}

async function signUp(base: string, n: number) {
  const who = {
    name: "Flood Bench",
    email: `flood${n}@example.ug`,
    phone: `07001${String(n).padStart(5, "0")}`,
    password: "bench login pass",
  };
  const registered = await post(base, "/api/auth/register/", who);
  if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
  const mail = (await (await fetch(`${base}/dev/mail.json`)).json()) as { to: string; text: string }[];
  const otp = /\b(\d{5})\b/.exec(mail.find((m) => m.to.includes(who.email))?.text ?? "")?.[1];
  const verified = await post(base, "/api/auth/users/verify/", { username: who.email, otp });
  if (verified.status !== 200) throw new Error(`verify: ${verified.text}`);
  return who;
}

/** A word no product has: 5 letters from the rare end of the alphabet (33 of them fill the 200 allowed). */
function nonsense(n: number): string {
  const letters = "qxzjvkwy";
  let word = "";
  for (let i = 0, x = n * 2654435761; i < 5; i++, x = Math.imul(x ^ (x >>> 13), 1274126177)) {
    word += letters[Math.abs(x) % letters.length];
  }
  return word;
}

const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export async function benchSearchFlood() {
  // BENCH_DATA_DIR: a data directory seeded by an earlier run, kept (seeding takes minutes).
  const kept = process.env.BENCH_DATA_DIR;
  const dataDir = kept ?? mkdtempSync(join(tmpdir(), "katale-bench-flood-"));
  try {
    if (!kept || !existsSync(join(dataDir, "db"))) {
      const seedStarted = performance.now();
      mkdirSync(dataDir, { recursive: true });
      const database = await connectDatabase({ dataDir, durable: false });
      await migrateToLatest(database.db);
      await seedCatalogue(database.db, createMediaStore(dataDir), { products: PRODUCTS, log });
      await database.close();
      log(`seeded ${PRODUCTS} products in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
    }
    const server = await start(dataDir);
    try {
      const who = await signUp(server.base, Date.now() % 100_000);
      // The same logins with nobody searching: what this machine's load alone costs.
      const idleMs: number[] = [];
      for (let i = 0; i < 20; i++) {
        const t = performance.now();
        await post(server.base, "/api/auth/login/", { username: who.email, password: who.password });
        idleMs.push(performance.now() - t);
      }
      idleMs.sort((a, b) => a - b);
      const statuses = new Map<number, number>();
      const searchMs: number[] = [];
      let flooding = true;
      let n = 0;
      const searcher = async (i: number) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${i + 2}` });
        try {
          while (flooding) {
            const words = Array.from({ length: QUERY_WORDS }, () => nonsense(++n));
            const t = performance.now();
            const r = await post(
              server.base,
              "/api/shop/product/search/",
              { search_query: words.join(" ") },
              agent,
            );
            if (r.status === 200) searchMs.push(performance.now() - t);
            statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          }
        } finally {
          agent.destroy();
        }
      };
      const flood = Array.from({ length: SEARCHERS }, (_, i) => searcher(i));
      const loginMs: number[] = [];
      let failedLogins = 0;
      const started = performance.now();
      for (let i = 0; i < LOGINS; i++) {
        const t = performance.now();
        const r = await post(server.base, "/api/auth/login/", {
          username: who.email,
          password: who.password,
        });
        loginMs.push(performance.now() - t);
        if (r.status !== 200) failedLogins++;
      }
      const seconds = (performance.now() - started) / 1000;
      flooding = false;
      await Promise.all(flood);
      loginMs.sort((a, b) => a - b);
      searchMs.sort((a, b) => a - b);
      return {
        products: PRODUCTS,
        searchers: SEARCHERS,
        seconds,
        idleLogins: { p50: at(idleMs, 50), p95: at(idleMs, 95) },
        logins: {
          count: LOGINS,
          failed: failedLogins,
          p50: at(loginMs, 50),
          p95: at(loginMs, 95),
          max: at(loginMs, 100),
        },
        searches: { answered: Object.fromEntries(statuses), p50: at(searchMs, 50), p95: at(searchMs, 95) },
      };
    } finally {
      await server.stop();
    }
  } finally {
    if (!kept) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await benchSearchFlood();
  const ms = (v: number) => `${v.toFixed(0)} ms`;
  console.log(
    `\nSearch flood on PGlite: ${r.products} products, ${r.searchers} clients searching ${QUERY_WORDS} unknown words as fast as they can, ${r.seconds.toFixed(1)} s\n`,
  );
  console.log(`logins with nobody searching: p50 ${ms(r.idleLogins.p50)}, p95 ${ms(r.idleLogins.p95)}`);
  console.log(
    `logins: ${r.logins.count} (${r.logins.failed} failed), p50 ${ms(r.logins.p50)}, p95 ${ms(r.logins.p95)}, max ${ms(r.logins.max)}`,
  );
  console.log(
    `searches answered: ${JSON.stringify(r.searches.answered)}; 200s p50 ${ms(r.searches.p50)}, p95 ${ms(r.searches.p95)}`,
  );
}
