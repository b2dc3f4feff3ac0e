// `npm run bench:chat`: live chat (issue 11) under load. SOCKETS sockets in SOCKETS/2 rooms (one
// customer and one shop owner each), every user sending at an even pace so that the whole offers RATE
// messages per second for SECONDS; measured: messages delivered per second to the other party, the
// send-to-receive latency (p50/p95/p99), the server's memory (peak RSS) and CPU (CPU time over warm-up,
// run and drain, in % of one core), both read from /proc for the server's process (summed over the
// two processes of the two-server case). On one PGlite server, and on two servers over one
// PostgreSQL database (customers on one, owners on the other: every message crosses instances
// through LISTEN/NOTIFY); next to a bare `ws` fan-out server doing the same in the same run.
// Each Katale server is a process of its own (packages/server/src/main.ts, as an operator runs it,
// PGlite in a DATA_DIR without fsync, a PostgreSQL pool of 4 as in the tests); the bare ws server
// runs in this process, which does nothing else meanwhile; the clients (senders and receivers) run
// in WORKERS processes of their own (chat-load.ts), so the offered rate does not depend on the
// servers' loops. Everything shares the machine's cores.
// Each run first sends for BENCH_CHAT_WARMUP seconds at the same rate, not measured.
// Env: BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_RATE (2000), BENCH_CHAT_SECONDS (10),
// BENCH_CHAT_WARMUP (2), BENCH_CHAT_WORKERS (2), BENCH_DB (pglite,postgres).
import { type ChildProcess, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import { connectDatabase, type Database, migrateToLatest } from "@katale/server";
import {
  aUser,
  createPostgresDatabase,
  databaseKinds,
  type ServerProcess,
  spawnServer,
  stopServer,
  whenReady,
} from "@katale/server/testing";
import type { Kysely } from "kysely";
import { type WebSocket, WebSocketServer } from "ws";
import type { FromLoad, LoadPlan, ToLoad } from "./chat-load.js";

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const WORKERS = Number(process.env.BENCH_CHAT_WORKERS ?? 2);
const WARMUP = Number(process.env.BENCH_CHAT_WARMUP ?? 2);
const KINDS = (process.env.BENCH_DB?.split(",") ?? databaseKinds()) as ("pglite" | "postgres")[];
const ROOMS = Math.floor(SOCKETS / 2);

const log = (msg: string) => process.stderr.write(`bench:chat: ${msg}\n`);

interface Row {
  setup: string;
  sent: number;
  delivered: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  refused: number;
  dropped: number;
  rssMb: number;
  cpu: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

type PairPlan = LoadPlan["pairs"][number];

/** A load process: answers its next message of the given kind. */
function loader(): { child: ChildProcess; next: (kind: FromLoad["kind"]) => Promise<FromLoad> } {
  const child = fork(new URL("./chat-load.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const inbox: FromLoad[] = [];
  const waiting: ((m: FromLoad) => void)[] = [];
  child.on("message", (m: FromLoad) => {
    const take = waiting.shift();
    if (take) take(m);
    else inbox.push(m);
  });
  const next = async (kind: FromLoad["kind"]) => {
    const m = inbox.shift() ?? (await new Promise<FromLoad>((r) => waiting.push(r)));
    if (m.kind === "failed") throw new Error(`load process: ${m.error}`);
    if (m.kind !== kind) throw new Error(`load process said ${m.kind}, expected ${kind}`);
    return m;
  };
  return { child, next };
}

/** A process's resident memory now, in bytes (VmRSS of /proc/PID/status). */
function rssOf(pid: number): number {
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** A process's CPU time so far (user + system, /proc/PID/stat), in microseconds (USER_HZ is 100). */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * The rooms' sockets opened and driven by WORKERS processes at RATE in all; the figures of the
 * server processes `pids` (memory: the peak of their sum).
 */
async function drive(setup: string, pairs: PairPlan[], pids: number[]): Promise<Row> {
  const loaders = Array.from({ length: WORKERS }, loader);
  const send = (l: ReturnType<typeof loader>, m: ToLoad) => l.child.send(m);
  try {
    loaders.forEach((l, w) => {
      const mine = pairs.filter((_, i) => i % WORKERS === w);
      send(l, {
        kind: "plan",
        plan: { pairs: mine, rate: RATE / WORKERS, seconds: SECONDS, warmup: WARMUP },
      });
    });
    await Promise.all(loaders.map((l) => l.next("ready")));
    log(`${setup}: ${pairs.length * 2} sockets open, offering ${RATE}/s for ${SECONDS} s`);
    // The servers' peak memory and their CPU while the load runs.
    const rss = () => pids.reduce((n, pid) => n + rssOf(pid), 0);
    const cpuTime = () => pids.reduce((n, pid) => n + cpuOf(pid), 0);
    let peakRss = rss();
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rss());
    }, 200);
    const cpuBefore = cpuTime();
    const started = performance.now();
    for (const l of loaders) send(l, { kind: "go" });
    const results = (await Promise.all(loaders.map((l) => l.next("done")))) as Extract<
      FromLoad,
      { kind: "done" }
    >[];
    const cpu = cpuTime() - cpuBefore;
    const wall = (performance.now() - started) * 1000;
    clearInterval(sampler);
    const sorted = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const sum = (f: (r: (typeof results)[number]) => number) => results.reduce((n, r) => n + f(r), 0);
    return {
      setup,
      sent: sum((r) => r.sent),
      delivered: sorted.length,
      perSecond: Math.round(sorted.length / SECONDS),
      p50: Number(percentile(sorted, 50).toFixed(1)),
      p95: Number(percentile(sorted, 95).toFixed(1)),
      p99: Number(percentile(sorted, 99).toFixed(1)),
      refused: sum((r) => r.refused),
      dropped: sum((r) => r.closed),
      rssMb: Math.round(peakRss / 1024 / 1024),
      cpu: Math.round((cpu / wall) * 100),
    };
  } finally {
    for (const l of loaders) {
      if (l.child.connected) send(l, { kind: "stop" });
    }
    await Promise.all(
      loaders.map((l) => new Promise((r) => (l.child.exitCode !== null ? r(null) : l.child.once("exit", r)))),
    );
  }
}

/** Users, shops, rooms and login tokens straight into the database (no argon2 per user). */
async function prepare(db: Kysely<Database>) {
  const rooms: { slug: string; customerToken: string; ownerToken: string }[] = [];
  const token = async (userId: number) => {
    const key = randomBytes(32).toString("base64url");
    await db
      .insertInto("auth_tokens")
      .values({ user_id: userId, token_hash: createHash("sha256").update(key).digest("hex") })
      .execute();
    return key;
  };
  for (let i = 0; i < ROOMS; i++) {
    const [customer, owner] = [await aUser(db), await aUser(db)];
    const shop = await db
      .insertInto("shops")
      .values({
        owner_id: owner.id,
        name: `Bench shop ${i} ${randomBytes(3).toString("hex")}`,
        slug: `bench-${i}-${randomBytes(3).toString("hex")}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const slug = randomBytes(16).toString("base64url");
    await db.insertInto("chat_rooms").values({ slug, customer_id: customer.id, shop_id: shop.id }).execute();
    rooms.push({ slug, customerToken: await token(customer.id), ownerToken: await token(owner.id) });
  }
  return rooms;
}

/** main.ts in a process of its own on `dataDir` (PGlite) or `databaseUrl`, once it answers. */
async function startInstance(dataDir: string, databaseUrl: string | undefined): Promise<ServerProcess> {
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "4",
    PGLITE_FSYNC: "off",
    // Every socket of the bench comes from 127.0.0.1.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: "100000",
  });
  if ((await whenReady(server)) !== null) return server;
  server.child.kill("SIGKILL");
  throw new Error(`the server on ${dataDir} did not start:\n${server.output()}`);
}

async function katale(kind: "pglite" | "postgres"): Promise<Row> {
  const shared = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "katale-bench-chat-")));
  let one: ServerProcess | undefined;
  let two: ServerProcess | undefined;
  try {
    // Prepared here, then the server(s) started on it (PGlite: one process per DATA_DIR).
    const database = await connectDatabase({
      databaseUrl: shared?.url,
      dataDir: dataDirs[0]!,
      durable: false,
    });
    let rooms: Awaited<ReturnType<typeof prepare>>;
    try {
      await migrateToLatest(database.db);
      log(`${kind}: preparing ${ROOMS} rooms`);
      rooms = await prepare(database.db);
    } finally {
      await database.close();
    }
    one = await startInstance(dataDirs[0]!, shared?.url);
    two = shared ? await startInstance(dataDirs[1]!, shared.url) : one;
    const url = (server: ServerProcess, slug: string) =>
      `${server.url.replace(/^http/, "ws")}/api/shop/chat/${slug}/`;
    const pairs: PairPlan[] = rooms.map((room) => ({
      a: {
        url: url(one!, room.slug),
        protocols: [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.customerToken}`],
      },
      b: { url: url(two!, room.slug), protocols: [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.ownerToken}`] },
    }));
    const pids = [...new Set([one, two])].map((instance) => instance.child.pid!);
    return await drive(
      kind === "postgres"
        ? "Katale, 2 server processes over PostgreSQL"
        : "Katale, 1 server process on PGlite",
      pairs,
      pids,
    );
  } finally {
    if (two !== one) await stopServer(two);
    await stopServer(one);
    await shared?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The ceiling: a bare ws server relaying each frame to every socket of its room, no database. */
async function bare(): Promise<Row> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: false });
  await new Promise((r) => server.once("listening", r));
  const rooms = new Map<string, Set<WebSocket>>();
  server.on("connection", (socket, request) => {
    const room = request.url ?? "/";
    const members = rooms.get(room) ?? new Set();
    rooms.set(room, members);
    members.add(socket);
    socket.on("message", (data) => {
      const text = JSON.parse(data.toString()).message as string;
      const out = JSON.stringify({
        message: { message: text, sender_id: 1, product: null, created_at: new Date().toISOString() },
      });
      for (const member of members) member.send(out);
    });
  });
  const { port } = server.address() as AddressInfo;
  const pairs: PairPlan[] = Array.from({ length: ROOMS }, (_, i) => ({
    a: { url: `ws://127.0.0.1:${port}/${i}`, protocols: [] },
    b: { url: `ws://127.0.0.1:${port}/${i}`, protocols: [] },
  }));
  const row = await drive("bare ws fan-out", pairs, [process.pid]);
  for (const socket of server.clients) socket.terminate();
  await new Promise((r) => server.close(r));
  return row;
}

const rows: Row[] = [await bare()];
for (const kind of KINDS) rows.push(await katale(kind));
const ceiling = rows[0]!;
console.log(
  `\nchat: ${SOCKETS} sockets in ${ROOMS} rooms, ${RATE} messages/s offered for ${SECONDS} s by ${WORKERS} load processes`,
);
console.log(
  "| setup | sent | delivered | delivered/s | p50 ms | p95 ms | p99 ms | refused | dropped sockets | server RSS MB (peak) | server CPU % | delivered/s of bare ws | p99 ÷ bare ws p99 |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) {
  console.log(
    `| ${r.setup} | ${r.sent} | ${r.delivered} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.refused} | ${r.dropped} | ${r.rssMb} | ${r.cpu} | ${((r.perSecond / ceiling.perSecond) * 100).toFixed(0)}% | ${(r.p99 / ceiling.p99).toFixed(1)}× |`,
  );
}
process.exit(0);
