// `npm run bench`: the read API on a generated catalogue of 100,000 products, measured with autocannon
// at 50 connections, next to a plain node:http server answering a fixed body of the same size (the
// ceiling on this machine, measured right after each load). Prints req/s, p50/p95/p99 and the ratio; then,
// on PGlite, the cost of durable writes (writes.ts; BENCH_WRITES=0 leaves it out), and the
// EXPLAIN ANALYZE of the statements behind each endpoint's answer (explain.ts; BENCH_EXPLAIN=0 leaves
// it out).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  connectDatabase,
  createMediaStore,
  migrateToLatest,
  ProductRepository,
  refreshStatistics,
  seedCatalogue,
} from "@katale/server";
import { databaseKinds, hashPassword } from "@katale/server/testing";
import autocannon from "autocannon";
import { sql } from "kysely";
import pg from "pg";
import { explainCases } from "./explain.js";
import { benchWrites, printWrites } from "./writes.js";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
/** Load-and-ceiling pairs per endpoint (BENCH_ROUNDS): the table shows their medians (see summarise). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EXPLAIN = process.env.BENCH_EXPLAIN !== "0";
const CACHE_MODES = (process.env.BENCH_CACHE?.split(",") ?? ["on", "off"]) as ("on" | "off")[];
/**
 * The server's PostgreSQL connections (BENCH_POOL): 4, twice this 2-core machine's cores. On the
 * cold load a pool of 20 gave worse tails (paginated p99 79-115 ms against 43-57, slug 42-52 against
 * 17-44, runs interleaved): more backends than cores only take turns on them.
 */
const POOL = Number(process.env.BENCH_POOL ?? 4);
const KINDS = (process.env.BENCH_DB?.split(",") ?? databaseKinds()) as ("pglite" | "postgres")[];
const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/**
 * The server measured (BENCH_SERVER, from the repository's root): the build by default. A copy of an
 * earlier build measures before and after on the same workload; it must lie where the packages it
 * imports resolve (e.g. packages/server/node_modules/.before/main.js).
 */
const SERVER = join(ROOT, process.env.BENCH_SERVER ?? "packages/server/dist/main.js");
/** A shopper logs in this often while each load runs (issue 13: logins stay fast under load). */
const LOGIN_EVERY_MS = 100;
const LOGIN = { username: "bench.login@example.ug", password: "bench-login-password" };
const POSTGRES_ADMIN = process.env.KATALE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const SEARCHES = [
  "samsung",
  "samsng",
  "matooke",
  "tecno spark",
  "kitenge",
  "plumbing",
  "solar panel",
  "helmet",
  "sofa",
  "rice",
  "shoes",
  "laptop",
  "jerrycan",
  "salon",
  "charger",
  "iphon",
  "mattress",
  "sugar",
];

interface Row {
  db: string;
  cache: "on" | "off";
  endpoint: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  ceilingRps: number;
  ceilingP99: number;
  /** The median of the rounds' ratios (req/s over the ceiling measured right after), and their range. */
  ratio: number;
  ratioLow: number;
  ratioHigh: number;
  /** POST login/ while the load ran: one at a time, one every LOGIN_EVERY_MS. */
  loginP50: number;
  loginP95: number;
}

const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on("error", fail);
  });
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

type RequestMaker = () => { path: string; method?: "GET" | "POST"; body?: string };

/** Logs in again and again, one at a time, until `stop` is called: the latencies of the 200s. */
function loginsMeanwhile(port: number) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
        method: "POST",
        body: JSON.stringify(LOGIN),
        headers: { "content-type": "application/json" },
      });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failures++;
      await new Promise((r) => setTimeout(r, LOGIN_EVERY_MS));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { latencies, failures };
  };
}

async function measure(port: number, make: RequestMaker, withLogins = false) {
  const stopLogins = withLogins ? loginsMeanwhile(port) : undefined;
  const latencies: number[] = [];
  const options: autocannon.Options = {
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest(req) {
          const r = make();
          return {
            ...req,
            path: r.path,
            method: r.method ?? "GET",
            ...(r.body ? { body: r.body, headers: { "content-type": "application/json" } } : {}),
          };
        },
      },
    ],
  };
  const result = await new Promise<autocannon.Result>((done, fail) => {
    const instance = autocannon(options, (error, finished) => (error ? fail(error) : done(finished)));
    instance.on("response", (_client, _status, _bytes, time) => latencies.push(time));
  });
  const logins = await stopLogins?.();
  return {
    rps: result.requests.average,
    latencies,
    errors: result.non2xx + result.errors + result.timeouts + (logins?.failures ?? 0),
    logins: logins?.latencies ?? [],
  };
}

type Measured = Awaited<ReturnType<typeof measure>>;

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * An endpoint's row from its rounds, each a load and the ceiling measured right after it: req/s and
 * the ceiling's figures are the rounds' medians, the ratio the median of each round's own ratio (with
 * their range), latencies the percentiles of every request of every round.
 */
function summarise(
  head: Pick<Row, "db" | "cache" | "endpoint">,
  rounds: { load: Measured; top: Measured }[],
): Row {
  const pooled = (pick: (round: (typeof rounds)[number]) => number[]) =>
    rounds.flatMap(pick).sort((a, b) => a - b);
  const latencies = pooled((r) => r.load.latencies);
  const logins = pooled((r) => r.load.logins);
  const ceilingLatencies = pooled((r) => r.top.latencies);
  const ratios = rounds.map((r) => r.load.rps / r.top.rps);
  return {
    ...head,
    rps: median(rounds.map((r) => r.load.rps)),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: rounds.reduce((sum, r) => sum + r.load.errors, 0),
    ceilingRps: median(rounds.map((r) => r.top.rps)),
    ceilingP99: percentile(ceilingLatencies, 99),
    ratio: median(ratios),
    ratioLow: Math.min(...ratios),
    ratioHigh: Math.max(...ratios),
    loginP50: percentile(logins, 50),
    loginP95: percentile(logins, 95),
  };
}

async function warmUp(port: number, requests: ReturnType<RequestMaker>[]) {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      const res = await fetch(`http://127.0.0.1:${port}${r.path}`, {
        method: r.method ?? "GET",
        ...(r.body ? { body: r.body, headers: { "content-type": "application/json" } } : {}),
      });
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function ceiling(bodyBytes: number) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      `const body=Buffer.alloc(${bodyBytes},"x");require("node:http").createServer((q,s)=>{q.resume();q.on("end",()=>{s.writeHead(200,{"content-type":"application/json","content-length":body.length});s.end(body)})}).listen(${port},"127.0.0.1")`,
    ],
    { stdio: "ignore" },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/`, child);
    return await measure(port, () => ({ path: "/" }));
  } finally {
    child.kill();
  }
}

async function prepare(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(join(tmpdir(), "katale-bench-"));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (kind === "postgres") {
    const name = `katale_bench_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(POSTGRES_ADMIN);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  // Throwaway preparation: no fsync per commit (the servers measured below run durably, the default).
  const database = await connectDatabase({ databaseUrl, dataDir, durable: false });
  const started = Date.now();
  await migrateToLatest(database.db);
  await seedCatalogue(database.db, createMediaStore(dataDir), { products: PRODUCTS, log });
  await database.db
    .insertInto("users")
    .values({
      email: LOGIN.username,
      phone: "0700999999",
      name: "Bench Shopper",
      password_hash: await hashPassword(LOGIN.password),
      country: "Uganda",
      email_verified: true,
      date_of_birth: null,
      gender: null,
      profile_picture: null,
      deleted_at: null,
    })
    .execute();
  await refreshStatistics(database.db);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n from products`.execute(
    database.db,
  );
  log(`${kind}: ${count[0]?.n} products ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const { rows } = await sql<{ slug: string }>`
    select slug from products where in_stock > 0 order by random() limit 2000`.execute(database.db);
  const slugs = rows.map((r) => r.slug);
  const plans = EXPLAIN ? await explainEndpoints(kind, database.db, slugs) : "";
  await database.close();
  return { dataDir, databaseUrl, slugs, drop, plans };
}

/** EXPLAIN ANALYZE of what each bench endpoint asks the database (each case run once before, warm). */
async function explainEndpoints(kind: string, db: Parameters<typeof explainCases>[0], slugs: string[]) {
  const maxPage = Math.min(500, Math.floor((PRODUCTS * 0.9) / 8));
  const cases = [
    {
      endpoint: `GET product/paginated/?page=${maxPage}&page_size=8`,
      run: (d: typeof db) => new ProductRepository(d).pageJson({}, maxPage, 8),
    },
    {
      endpoint: "GET product/slug/{slug}/",
      run: (d: typeof db) => new ProductRepository(d).bySlugJson(slugs[0]!),
    },
    ...["samsung", "samsng", "tecno spark", "rice"].map((q) => ({
      endpoint: `POST product/search/ ${JSON.stringify(q)}`,
      run: (d: typeof db) => new ProductRepository(d).searchJson(q),
    })),
  ];
  for (const c of cases) await c.run(db);
  return `${kind}\n${await explainCases(db, cases)}`;
}

async function startServer(dataDir: string, databaseUrl: string | undefined, cache: "on" | "off") {
  const port = await freePort();
  // BENCH_PROFILE=dir: each server writes a CPU profile (node --cpu-prof) there when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const server = spawn(process.execPath, [...profile, SERVER], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      SEED: "none",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      READ_CACHE_SECONDS: cache === "on" ? "60" : "0",
      // The bench's shopper logs in every LOGIN_EVERY_MS, far more often than the login limit allows.
      AUTH_RATE_LIMITS: "off",
      // Every search of the bench comes from 127.0.0.1.
      SEARCH_PER_MINUTE: "0",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(POOL) } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, server);
  return {
    port,
    async stop() {
      server.kill("SIGTERM");
      if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
    },
  };
}

async function benchKind(kind: "pglite" | "postgres"): Promise<Row[]> {
  const { dataDir, databaseUrl, slugs, drop, plans } = await prepare(kind);
  if (plans) allPlans.push(plans);
  const rows: Row[] = [];
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const maxPage = Math.min(500, Math.floor((PRODUCTS * 0.9) / 8));
  const endpoints: [string, RequestMaker][] = [
    [
      "GET product/paginated/",
      () => ({
        path: `/api/shop/product/paginated/?page=${1 + Math.floor(Math.random() * maxPage)}&page_size=8`,
      }),
    ],
    ["GET product/slug/{slug}/", () => ({ path: `/api/shop/product/slug/${pick(slugs)}/` })],
    [
      "POST product/search/",
      () => ({
        path: "/api/shop/product/search/",
        method: "POST",
        body: JSON.stringify({ search_query: pick(SEARCHES) }),
      }),
    ],
  ];
  // Every distinct request the workload can make, for warming the read cache to its steady state.
  const everyRequest: ReturnType<RequestMaker>[] = [
    ...Array.from({ length: maxPage }, (_, i) => ({
      path: `/api/shop/product/paginated/?page=${i + 1}&page_size=8`,
    })),
    ...slugs.map((slug) => ({ path: `/api/shop/product/slug/${slug}/` })),
    ...SEARCHES.map((q) => ({
      path: "/api/shop/product/search/",
      method: "POST" as const,
      body: JSON.stringify({ search_query: q }),
    })),
  ];
  try {
    for (const cache of CACHE_MODES) {
      const server = await startServer(dataDir, databaseUrl, cache);
      try {
        const warm = cache === "on" ? everyRequest : everyRequest.filter((_, i) => i % 20 === 0);
        const started = Date.now();
        await warmUp(server.port, warm);
        log(`${kind}, cache ${cache}: warmed with ${warm.length} requests in ${Date.now() - started} ms`);
        for (const [endpoint, make] of endpoints) {
          // Size the ceiling's body like a typical answer of this endpoint, and warm the server up.
          const sample = make();
          const res = await fetch(`http://127.0.0.1:${server.port}${sample.path}`, {
            method: sample.method ?? "GET",
            ...(sample.body ? { body: sample.body, headers: { "content-type": "application/json" } } : {}),
          });
          const bytes = (await res.arrayBuffer()).byteLength;
          log(`${kind}, cache ${cache}: ${endpoint} (${bytes} B)`);
          // The ceiling right after each load, not once per endpoint: on a shared machine it moved from
          // 27,000 to 48,000 req/s between runs of the same bench (issue 13), so a ratio means something
          // only against a ceiling measured under the same conditions. And several rounds of both: on
          // another machine the ceiling moved from 16,900 to 25,900 req/s within a quarter of an hour,
          // taking one unchanged server's ratio from 0.20 to 0.28.
          const rounds: { load: Measured; top: Measured }[] = [];
          for (let round = 0; round < ROUNDS; round++) {
            const load = await measure(server.port, make, true);
            rounds.push({ load, top: await ceiling(bytes) });
          }
          rows.push(summarise({ db: kind, cache, endpoint }, rounds));
        }
      } finally {
        await server.stop();
      }
    }
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const all: Row[] = [];
const allPlans: string[] = [];
for (const kind of KINDS) all.push(...(await benchKind(kind)));
const writes = KINDS.includes("pglite") && process.env.BENCH_WRITES !== "0" ? await benchWrites() : [];

const fmt = (n: number, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
console.log(
  `\nKatale read API, ${fmt(PRODUCTS)} products, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s per endpoint\n`,
);
console.log(
  "| db | read cache | endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | ceiling req/s | ceiling p99 ms | ratio (range) | login p50 ms | login p95 ms |",
);
console.log("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of all) {
  console.log(
    `| ${r.db} | ${r.cache} | ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${fmt(r.ceilingRps)} | ${fmt(r.ceilingP99)} | ${fmt(r.ratio, 3)} (${fmt(r.ratioLow, 3)}–${fmt(r.ratioHigh, 3)}) | ${fmt(r.loginP50)} | ${fmt(r.loginP95)} |`,
  );
}
console.log(
  "\nread cache on: the server's in-memory cache of public answers, warmed by requesting every page, slug" +
    "\nand search of the workload once (its steady state); off: READ_CACHE_SECONDS=0, every request is" +
    "\nanswered from the database. Each endpoint runs in rounds of its load then the ceiling: req/s and" +
    "\nceiling req/s are the rounds' medians, p50-p99 over every request of every round, ratio the median" +
    "\nof each round's req/s / ceiling req/s (range: lowest-highest). login: POST auth login/ (argon2id)," +
    `\none at a time every ${LOGIN_EVERY_MS} ms while the endpoint's load runs (its failures count as non-2xx).`,
);
// Issue 13's goals, with or without the read cache: PostgreSQL list and detail p99 < 25 ms at a ratio
// of at least 0.25, search p95 < 50 ms; PGlite (one connection in the server's process) list and
// detail p99 < 50 ms, search p95 < 150 ms; no non-2xx anywhere.
const GOALS = {
  postgres: { p99: 25, ratio: 0.25, searchP95: 50 },
  pglite: { p99: 50, ratio: 0, searchP95: 150 },
} as const;
console.log(
  "\nGoals: PostgreSQL list and detail p99 < 25 ms and ratio >= 0.25, search p95 < 50 ms;" +
    "\nPGlite list and detail p99 < 50 ms, search p95 < 150 ms; no non-2xx;" +
    "\nlogins during a cold-load run (read cache off) p50 < 100 ms.",
);
for (const r of all) {
  const goal = GOALS[r.db as keyof typeof GOALS];
  const met =
    r.errors === 0 &&
    (r.cache === "on" || r.loginP50 < 100) &&
    (r.endpoint.includes("search") ? r.p95 < goal.searchP95 : r.p99 < goal.p99 && r.ratio >= goal.ratio);
  console.log(`${met ? "met " : "MISS"} ${r.db}, cache ${r.cache}: ${r.endpoint}`);
}
if (writes.length > 0) printWrites(writes);
if (allPlans.length > 0) {
  console.log("\nEXPLAIN (ANALYZE, BUFFERS) of the statements behind each answer (BENCH_EXPLAIN=0: none)\n");
  console.log(["```", ...allPlans, "```"].join("\n"));
}
