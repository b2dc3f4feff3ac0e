// `npm run bench:curve`: how the cold read API's cost grows with the catalogue, on PostgreSQL. One
// database of its own is seeded in steps (10,000 products, then up to 100,000, then up to 1,000,000 by
// default: CURVE_SIZES), each step timed; after each step a server with the read cache off is measured
// on the listing (the first 500 pages, and any page of the catalogue), products by slug and search,
// each load followed by the node:http ceiling, as `npm run bench` does (load.ts). Search is measured
// twice: with its answers kept until a product changes (the default), and on a second server with
// SEARCH_ANSWERS_KEPT=off, where every search runs its statement, as in a catalogue that changes
// between searches; each search word's statement is also timed alone on one connection. Goals (the
// hardening issue): at each size ten times another, listing and slug p99 at most 1.5 times the smaller
// size's, search p95 under 100 ms (both ways).
// CURVE_DATABASE_URL: an existing database to measure (and grow) instead of a new one; kept afterwards.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  connectDatabase,
  createMediaStore,
  type Database,
  type DatabaseHandle,
  migrateToLatest,
  ProductRepository,
  refreshStatistics,
  seedCatalogue,
} from "@katale/server";
import { type Kysely, sql } from "kysely";
import { explainCases } from "./explain.js";
import {
  answerBytes,
  ceiling,
  createPostgresDatabase,
  fmt,
  type LoadOptions,
  log,
  type Measured,
  measure,
  median,
  type RequestMaker,
  type Row,
  SEARCHES,
  startServer,
  summarise,
  warmUp,
} from "./load.js";

/** Catalogue sizes, measured smallest first; each step adds the products up to the next. */
const SIZES = (process.env.CURVE_SIZES ?? "10000,100000,1000000")
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
const LOAD: LoadOptions = { connections: 50, seconds: Number(process.env.BENCH_SECONDS ?? 10) };
/** Load-and-ceiling pairs per row (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** The server's PostgreSQL connections (BENCH_POOL), as in `npm run bench`. */
const POOL = Number(process.env.BENCH_POOL ?? 4);
const EXPLAIN = process.env.BENCH_EXPLAIN !== "0";
/** Runs of each search word's statement alone (CURVE_WORD_RUNS; 0: none). */
const WORD_RUNS = Number(process.env.CURVE_WORD_RUNS ?? 30);
/** Rows per INSERT of the seed (its largest batch). */
const BATCH = 5_000;
/** Listing pages of 8 most shoppers reach: the first 500, as `npm run bench` asks them. */
const SHALLOW_PAGES = 500;
/** Goals at each size ten times a smaller one: listing and slug p99 within this factor of its. */
const P99_GROWTH_MAX = 1.5;
const SEARCH_P95_MAX = 100;

interface Step {
  size: number;
  added: number;
  seedMs: number;
  filtersMs: number;
  vacuumMs: number;
  tableMb: number;
  databaseMb: number;
  serverStartMs: number;
  serverPeakMb: number;
}

interface CurveRow extends Row {
  size: number;
}

/** Peak resident memory of a process (VmHWM), in MB; NaN where /proc is not there. */
function peakMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * The browse filters `npm run bench` seeds: 20 filters of 10 values on the 10 largest sub categories
 * (made at the first step), and a value of each on six products in seven of those sub categories,
 * for the products after `afterId`.
 */
async function seedFilters(db: Kysely<Database>, afterId: number) {
  const made = await sql`select 1 from filters where name like 'Bench %' limit 1`.execute(db);
  if (made.rows.length === 0) {
    await sql`
      insert into filters (sub_category_id, name)
      select s.sub_category_id, 'Bench ' || n.name
      from (select sub_category_id from products group by sub_category_id order by count(*) desc, sub_category_id limit 10) s
      cross join (values ('Grade'), ('Finish')) as n(name)`.execute(db);
    await sql`
      insert into filter_values (filter_id, name)
      select f.id, f.name || ' ' || g from filters f cross join generate_series(1, 10) g
      where f.name like 'Bench %' order by f.id, g`.execute(db);
  }
  await sql`
    insert into product_filter_values (product_id, filter_id, value_id)
    select p.id, f.id, v.id
    from products p
    join filters f on f.sub_category_id = p.sub_category_id and f.name like 'Bench %'
    join filter_values v on v.filter_id = f.id and v.name = f.name || ' ' || ((p.id * 7 + f.id) % 10 + 1)
    where p.id > ${afterId} and (p.id + f.id) % 7 <> 0`.execute(db);
}

async function sizes(db: Kysely<Database>) {
  const { rows } = await sql<{ table: string; database: string }>`
    select pg_total_relation_size('products')::text as table, pg_database_size(current_database())::text as database`.execute(
    db,
  );
  return { tableMb: Number(rows[0]!.table) / 2 ** 20, databaseMb: Number(rows[0]!.database) / 2 ** 20 };
}

async function maxId(db: Kysely<Database>) {
  const { rows } = await sql<{ id: number }>`select coalesce(max(id), 0)::int as id from products`.execute(
    db,
  );
  return rows[0]!.id;
}

/** The workload's rows at `size` products: name, and the request each connection makes next. */
function endpoints(size: number, slugs: string[]): [string, RequestMaker][] {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const lastPage = Math.floor((size * 0.9) / 8);
  const page = (pages: number) => () => ({
    path: `/api/shop/product/paginated/?page=${1 + Math.floor(Math.random() * pages)}&page_size=8`,
  });
  return [
    ["GET product/paginated/ (pages 1–500)", page(Math.min(SHALLOW_PAGES, lastPage))],
    ["GET product/paginated/ (any page)", page(lastPage)],
    ["GET product/slug/{slug}/", () => ({ path: `/api/shop/product/slug/${pick(slugs)}/` })],
    ["POST product/search/ (kept)", search],
  ];
}

/** A search of one of the bench's words. */
const search: RequestMaker = () => ({
  path: "/api/shop/product/search/",
  method: "POST",
  body: JSON.stringify({ search_query: SEARCHES[Math.floor(Math.random() * SEARCHES.length)] }),
});
const SEARCH_NOT_KEPT = "POST product/search/ (not kept)";

/**
 * Words of the seeded catalogue far more common than the bench's: "new" is in 10 % of its names
 * (17 % of its texts), "kampala" 6 % (17 %), "delivery" 6 % (72 %), "courier" only in texts (33 %),
 * "wholesale" 10 % of names; "mobile money" two words of 67 % of texts. Timed alone with the others.
 */
const COMMON_SEARCHES = ["new", "kampala", "delivery", "courier", "wholesale", "mobile money"];
const TIMED_SEARCHES = [...SEARCHES, ...COMMON_SEARCHES];

/** Each search word's statement alone on one connection, WORD_RUNS times: p50 and p95 in ms. */
/** One row: ROUNDS loads of `make` on the server at `port`, each with its ceiling right after. */
async function measureRow(port: number, size: number, endpoint: string, make: RequestMaker) {
  const bytes = await answerBytes(port, make());
  log(`${fmt(size)}: ${endpoint} (${bytes} B)`);
  const rounds: { load: Measured; top: Measured }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const load = await measure(port, make, LOAD);
    rounds.push({ load, top: await ceiling(bytes, LOAD) });
  }
  return { size, ...summarise({ db: "postgres", cache: "off", endpoint }, rounds) };
}

async function wordTimes(db: Kysely<Database>, size: number) {
  const repository = new ProductRepository(db);
  const out: WordTime[] = [];
  for (const word of TIMED_SEARCHES) {
    const times: number[] = [];
    for (let i = 0; i < WORD_RUNS; i++) {
      const started = performance.now();
      await repository.searchJson(word);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    out.push({ size, word, p50: at(0.5), p95: at(0.95) });
  }
  return out;
}

interface WordTime {
  size: number;
  word: string;
  p50: number;
  p95: number;
}

function printRows(rows: CurveRow[]) {
  console.log(
    "| products | endpoint | req/s | p50 ms | p95 ms | p99 ms | non-2xx | ceiling req/s | ratio (range) |",
  );
  console.log("|---:|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(
      `| ${fmt(r.size)} | ${r.endpoint} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} | ${fmt(r.ceilingRps)} | ${fmt(r.ratio, 3)} (${fmt(r.ratioLow, 3)}–${fmt(r.ratioHigh, 3)}) |`,
    );
}

const dataDir = mkdtempSync(join(tmpdir(), "katale-curve-"));
const given = process.env.CURVE_DATABASE_URL;
const { databaseUrl, drop } = given
  ? { databaseUrl: given, drop: async () => {} }
  : await createPostgresDatabase("katale_curve");
// Stopped by hand (a step too slow to wait for): the database and the pictures go all the same.
let running: { stop(): Promise<void> } | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    log(`${signal}: stopping the server and dropping the database`);
    Promise.allSettled([running?.stop()])
      .then(() => drop())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(130);
      });
  });
const steps: Step[] = [];
const rows: CurveRow[] = [];
const plans: string[] = [];
const words: WordTime[] = [];
let database: DatabaseHandle | undefined;
try {
  // Throwaway preparation: no fsync per commit (the servers measured run durably, the default).
  database = await connectDatabase({ databaseUrl, dataDir, durable: false });
  const db = database.db;
  await migrateToLatest(db);
  const media = createMediaStore(dataDir);
  // A given database may hold products already: only the ones up to each size are added.
  let seeded = Number(
    (await sql<{ n: string }>`select count(*)::text as n from products`.execute(db)).rows[0]!.n,
  );
  for (const size of SIZES) {
    const added = Math.max(0, size - seeded);
    const before = await maxId(db);
    let mark = performance.now();
    if (added > 0) await seedCatalogue(db, media, { products: added, batchSize: BATCH, seed: size, log });
    const seedMs = performance.now() - mark;
    mark = performance.now();
    if (added > 0) await seedFilters(db, before);
    const filtersMs = performance.now() - mark;
    mark = performance.now();
    if (added > 0) await refreshStatistics(db);
    const vacuumMs = performance.now() - mark;
    seeded = Math.max(seeded, size);
    const { tableMb, databaseMb } = await sizes(db);
    log(
      `${fmt(size)}: ${fmt(added)} products seeded in ${fmt(seedMs / 1000, 1)} s, filter values ${fmt(filtersMs / 1000, 1)} s, ` +
        `VACUUM ANALYZE ${fmt(vacuumMs / 1000, 1)} s; products ${fmt(tableMb)} MB, database ${fmt(databaseMb)} MB`,
    );
    const { rows: slugRows } = await sql<{ slug: string }>`
      select slug from products where in_stock > 0 order by random() limit 2000`.execute(db);
    const slugs = slugRows.map((r) => r.slug);
    const workload = endpoints(size, slugs);
    if (EXPLAIN) {
      const lastPage = Math.floor((size * 0.9) / 8);
      const cases = [
        {
          endpoint: `GET product/paginated/?page=${lastPage}&page_size=8 at ${fmt(size)}`,
          run: (d: typeof db) => new ProductRepository(d).pageJson({}, lastPage, 8),
        },
        ...["samsung", "tecno spark", "new"].map((q) => ({
          endpoint: `POST product/search/ ${JSON.stringify(q)} at ${fmt(size)}`,
          run: (d: typeof db) => new ProductRepository(d).searchJson(q),
        })),
      ];
      for (const c of cases) await c.run(db);
      plans.push(await explainCases(db, cases));
    }

    if (WORD_RUNS > 0) words.push(...(await wordTimes(db, size)));

    const server = await startServer({ dataDir, databaseUrl, cache: "off", pool: POOL });
    running = server;
    const measured: CurveRow[] = [];
    try {
      log(`${fmt(size)}: server answered ${fmt(server.startMs)} ms after start`);
      await warmUp(
        server.port,
        workload.flatMap(([, make]) => Array.from({ length: 100 }, make)),
      );
      for (const [endpoint, make] of workload) {
        measured.push(await measureRow(server.port, size, endpoint, make));
      }
      steps.push({
        size,
        added,
        seedMs,
        filtersMs,
        vacuumMs,
        tableMb,
        databaseMb,
        serverStartMs: server.startMs,
        serverPeakMb: peakMb(server.pid),
      });
    } finally {
      await server.stop();
      running = undefined;
    }
    // Search again on a server that keeps no answer: every search runs its statement.
    const notKept = await startServer({
      dataDir,
      databaseUrl,
      cache: "off",
      pool: POOL,
      env: { SEARCH_ANSWERS_KEPT: "off" },
    });
    running = notKept;
    try {
      await warmUp(notKept.port, Array.from({ length: 100 }, search));
      measured.push(await measureRow(notKept.port, size, SEARCH_NOT_KEPT, search));
    } finally {
      await notKept.stop();
      running = undefined;
    }
    rows.push(...measured);
    // Each size's rows as soon as they are measured: a later, larger step may not finish.
    console.log(`\n${fmt(size)} products:\n`);
    printRows(measured);
  }
} catch (err) {
  // The sizes measured before the failure are still summed up below.
  log(`stopped: ${(err as Error).stack}`);
  process.exitCode = 1;
} finally {
  await database?.close().catch(() => {});
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\nKatale read API on PostgreSQL, read cache off, ${LOAD.connections} connections, ${ROUNDS} round(s) of ` +
    `${LOAD.seconds} s per row, pool ${POOL}\n`,
);
printRows(rows);
// The same figures one row per size (docs/performance.md's curve table).
const names = [...new Set(rows.map((r) => r.endpoint))];
console.log(
  `\n| products | seeded in s | ${names.map((n) => `${n}: req/s, ${n.includes("search") ? "p95" : "p99"} ms`).join(" | ")} | ratios (same order) | ceiling req/s (median) |`,
);
console.log(`|---:|---:|${names.map(() => "---:|").join("")}---:|---:|`);
for (const s of steps) {
  const at = names.map((n) => rows.find((r) => r.size === s.size && r.endpoint === n));
  const cells = at.map((r) =>
    r
      ? `${fmt(r.rps)}, ${fmt(r.endpoint.includes("search") ? r.p95 : r.p99)}${r.errors ? ` (${r.errors} non-2xx)` : ""}`
      : "–",
  );
  const ratios = at.map((r) => (r ? fmt(r.ratio, 3) : "–")).join(" / ");
  const mid = median(at.flatMap((r) => (r ? [r.ceilingRps] : [])));
  console.log(
    `| ${fmt(s.size)} | ${fmt((s.seedMs + s.filtersMs + s.vacuumMs) / 1000, 1)} | ${cells.join(" | ")} | ${ratios} | ${fmt(mid)} |`,
  );
}
console.log("\nSeeding (one database, grown step by step; seed batches of 5,000 rows) and the server\n");
console.log(
  "| products | added | seed s | filter values s | VACUUM ANALYZE s | products/s | products table MB | database MB | server start ms | server peak RSS MB |",
);
console.log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const s of steps)
  console.log(
    `| ${fmt(s.size)} | ${fmt(s.added)} | ${fmt(s.seedMs / 1000, 1)} | ${fmt(s.filtersMs / 1000, 1)} | ${fmt(s.vacuumMs / 1000, 1)} | ${fmt(s.added / (s.seedMs / 1000))} | ${fmt(s.tableMb)} | ${fmt(s.databaseMb)} | ${fmt(s.serverStartMs)} | ${fmt(s.serverPeakMb)} |`,
  );

console.log(
  `\nGoals: at each size ten times a measured one, listing and slug p99 at most ${P99_GROWTH_MAX}× the smaller` +
    ` size's; search p95 < ${SEARCH_P95_MAX} ms; no non-2xx.`,
);
for (const r of rows) {
  const search = r.endpoint.includes("search");
  const smaller = rows.find((o) => o.endpoint === r.endpoint && o.size * 10 === r.size);
  if (search) {
    const met = r.p95 < SEARCH_P95_MAX && r.errors === 0;
    console.log(`${met ? "met " : "MISS"} ${fmt(r.size)}: ${r.endpoint} p95 ${fmt(r.p95)} ms`);
  } else if (smaller) {
    const growth = r.p99 / smaller.p99;
    const met = growth <= P99_GROWTH_MAX && r.errors === 0;
    console.log(
      `${met ? "met " : "MISS"} ${fmt(r.size)}: ${r.endpoint} p99 ${fmt(r.p99)} ms = ${fmt(growth, 2)}× ${fmt(smaller.size)}'s ${fmt(smaller.p99)} ms`,
    );
  }
}
if (words.length > 0) {
  console.log(
    `\nEach search word's statement alone on one connection (answers not kept), ${WORD_RUNS} runs: p50 / p95 ms\n`,
  );
  const measuredSizes = [...new Set(words.map((w) => w.size))];
  console.log(`| word | ${measuredSizes.map(fmt).join(" | ")} |`);
  console.log(`|---|${measuredSizes.map(() => "---:|").join("")}`);
  for (const word of TIMED_SEARCHES) {
    const cells = measuredSizes.map((size) => {
      const w = words.find((x) => x.size === size && x.word === word);
      return w ? `${fmt(w.p50, 1)} / ${fmt(w.p95, 1)}` : "–";
    });
    console.log(`| ${word} | ${cells.join(" | ")} |`);
  }
}
if (plans.length > 0) {
  console.log(
    "\nEXPLAIN (ANALYZE, BUFFERS) of the deepest listing page and three searches (BENCH_EXPLAIN=0: none)\n",
  );
  console.log(["```", ...plans, "```"].join("\n"));
}
