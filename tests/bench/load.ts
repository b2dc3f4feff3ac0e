// What the read benches share (run.ts for `npm run bench`, curve.ts for `npm run bench:curve`): the
// load driver (autocannon at a fixed connection count, optionally with a shopper logging in meanwhile),
// the node:http ceiling the ratio is taken against, the server started for a measurement, a PostgreSQL
// database of their own, and the summary of a row's rounds.
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

export const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
/**
 * The server measured (BENCH_SERVER, from the repository's root): the build by default. A copy of an
 * earlier build measures before and after on the same workload; it must lie where the packages it
 * imports resolve (e.g. packages/server/node_modules/.before/main.js).
 */
export const SERVER = join(ROOT, process.env.BENCH_SERVER ?? "packages/server/dist/main.js");
export const POSTGRES_ADMIN =
  process.env.KATALE_TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** The searches the read benches ask, drawn at random: words, typos and two-word queries. */
export const SEARCHES = [
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

export interface Row {
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
  /** POST login/ while the load ran: one at a time, one every LoadOptions.login.everyMs. */
  loginP50: number;
  loginP95: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  /** A shopper who logs in again and again, one at a time, while the load runs. */
  login?: { username: string; password: string; everyMs: number };
}

export type RequestMaker = () => { path: string; method?: "GET" | "POST"; body?: string };

export const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);

export const fmt = (n: number, d = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
    s.on("error", fail);
  });
}

export async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

export function percentile(sorted: number[], p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Logs in again and again, one at a time, until `stop` is called: the latencies of the 200s. */
function loginsMeanwhile(port: number, login: NonNullable<LoadOptions["login"]>) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login/`, {
        method: "POST",
        body: JSON.stringify({ username: login.username, password: login.password }),
        headers: { "content-type": "application/json" },
      });
      await res.arrayBuffer();
      if (res.ok) latencies.push(performance.now() - started);
      else failures++;
      await new Promise((r) => setTimeout(r, login.everyMs));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { latencies, failures };
  };
}

export async function measure(port: number, make: RequestMaker, options: LoadOptions) {
  const stopLogins = options.login ? loginsMeanwhile(port, options.login) : undefined;
  const latencies: number[] = [];
  const cannon: autocannon.Options = {
    url: `http://127.0.0.1:${port}`,
    connections: options.connections,
    duration: options.seconds,
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
    const instance = autocannon(cannon, (error, finished) => (error ? fail(error) : done(finished)));
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

export type Measured = Awaited<ReturnType<typeof measure>>;

/**
 * An endpoint's row from its rounds, each a load and the ceiling measured right after it: req/s and
 * the ceiling's figures are the rounds' medians, the ratio the median of each round's own ratio (with
 * their range), latencies the percentiles of every request of every round.
 */
export function summarise(
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

async function send(port: number, r: ReturnType<RequestMaker>) {
  return fetch(`http://127.0.0.1:${port}${r.path}`, {
    method: r.method ?? "GET",
    ...(r.body ? { body: r.body, headers: { "content-type": "application/json" } } : {}),
  });
}

/** Asks each request once, four at a time. */
export async function warmUp(port: number, requests: ReturnType<RequestMaker>[]) {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const res = await send(port, requests[next++]!);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/** The size of one answer, for the ceiling's body. */
export async function answerBytes(port: number, request: ReturnType<RequestMaker>) {
  return (await (await send(port, request)).arrayBuffer()).byteLength;
}

/** The same load against a bare node:http server answering a body of `bodyBytes`: this machine's ceiling now. */
export async function ceiling(bodyBytes: number, options: LoadOptions) {
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
    return await measure(port, () => ({ path: "/" }), {
      connections: options.connections,
      seconds: options.seconds,
    });
  } finally {
    child.kill();
  }
}

/** A database of the bench's own on the PostgreSQL at POSTGRES_ADMIN, and what drops it. */
export async function createPostgresDatabase(prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_ADMIN);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  cache: "on" | "off";
  /** The server's PostgreSQL connections (DATABASE_POOL_SIZE). */
  pool: number;
  /** More of the server's environment (e.g. SEARCH_ANSWERS_KEPT). */
  env?: Record<string, string>;
}

/** The server measured, as `npm start` runs it but with the bench's limits off. */
export async function startServer({ dataDir, databaseUrl, cache, pool, env }: ServerOptions) {
  const port = await freePort();
  // BENCH_PROFILE=dir: each server writes a CPU profile (node --cpu-prof) there when it stops.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const started = performance.now();
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
      // The bench's shopper logs in far more often than the login limit allows.
      AUTH_RATE_LIMITS: "off",
      // Every search of the bench comes from 127.0.0.1.
      SEARCH_PER_MINUTE: "0",
      // The fan-out row's shop owner is a fresh account; new accounts may list 10 products a day.
      NEW_ACCOUNT_DAILY_PRODUCTS: "0",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: String(pool) } : {}),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, server);
  return {
    port,
    pid: server.pid,
    /** From spawning the process to its first healthy answer. */
    startMs: performance.now() - started,
    async stop() {
      server.kill("SIGTERM");
      if (server.exitCode === null) await new Promise((r) => server.once("exit", r));
    },
  };
}
