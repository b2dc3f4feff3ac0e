// `npm run bench:chat`: live chat (issue 11) under load. SOCKETS sockets in SOCKETS/2 rooms (one
// customer and one shop owner each), every user sending at an even pace so that the whole offers RATE
// messages per second for SECONDS; measured: messages delivered per second to the other party, the
// send-to-receive latency (p50/p95/p99), the server's memory (this process's peak RSS) and CPU (this
// process's CPU time over warm-up, run and drain, in % of one core). On one PGlite server,
// and on two servers over one PostgreSQL database (customers on one, owners on the other: every
// message crosses instances through LISTEN/NOTIFY); next to a bare `ws` fan-out server doing the same
// in the same run. The servers run in this process; the clients (senders and receivers) in WORKERS
// processes of their own (chat-load.ts), so the offered rate does not depend on the servers' loop.
// The two PostgreSQL instances share this process's event loop (a floor for them), and everything
// shares the machine's cores.
// Each run first sends for BENCH_CHAT_WARMUP seconds at the same rate, not measured.
// Env: BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_RATE (2000), BENCH_CHAT_SECONDS (10),
// BENCH_CHAT_WARMUP (2), BENCH_CHAT_WORKERS (2), BENCH_DB (pglite,postgres).
import { type ChildProcess, fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { CHAT_BEARER_PREFIX, CHAT_PROTOCOL } from "@katale/adapters-http/contract";
import {
  aUser,
  createPostgresDatabase,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
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

/** The rooms' sockets opened and driven by WORKERS processes at RATE in all; this process's figures. */
async function drive(setup: string, pairs: PairPlan[]): Promise<Row> {
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
    // The server's peak memory and its CPU while the load runs.
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }, 200);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (const l of loaders) send(l, { kind: "go" });
    const results = (await Promise.all(loaders.map((l) => l.next("done")))) as Extract<
      FromLoad,
      { kind: "done" }
    >[];
    const cpu = process.cpuUsage(cpuBefore);
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
      cpu: Math.round(((cpu.user + cpu.system) / wall) * 100),
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
async function prepare(server: TestServer) {
  const rooms: { slug: string; customerToken: string; ownerToken: string }[] = [];
  const token = async (userId: number) => {
    const key = randomBytes(32).toString("base64url");
    await server.db
      .insertInto("auth_tokens")
      .values({ user_id: userId, token_hash: createHash("sha256").update(key).digest("hex") })
      .execute();
    return key;
  };
  for (let i = 0; i < ROOMS; i++) {
    const [customer, owner] = [await aUser(server.db), await aUser(server.db)];
    const shop = await server.db
      .insertInto("shops")
      .values({
        owner_id: owner.id,
        name: `Bench shop ${i} ${randomBytes(3).toString("hex")}`,
        slug: `bench-${i}-${randomBytes(3).toString("hex")}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const slug = randomBytes(16).toString("base64url");
    await server.db
      .insertInto("chat_rooms")
      .values({ slug, customer_id: customer.id, shop_id: shop.id })
      .execute();
    rooms.push({ slug, customerToken: await token(customer.id), ownerToken: await token(owner.id) });
  }
  return rooms;
}

async function katale(kind: "pglite" | "postgres"): Promise<Row> {
  const shared = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const one = await startTestServer(shared ? { databaseUrl: shared.url } : { database: "pglite" });
  const two = shared ? await startTestServer({ databaseUrl: shared.url }) : one;
  try {
    log(`${kind}: preparing ${ROOMS} rooms`);
    const rooms = await prepare(one);
    const url = (server: TestServer, slug: string) =>
      `${server.baseUrl.replace(/^http/, "ws")}/api/shop/chat/${slug}/`;
    const pairs: PairPlan[] = rooms.map((room) => ({
      a: {
        url: url(one, room.slug),
        protocols: [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.customerToken}`],
      },
      b: { url: url(two, room.slug), protocols: [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.ownerToken}`] },
    }));
    return await drive(
      kind === "postgres" ? "Katale, 2 servers over PostgreSQL" : "Katale, 1 server on PGlite",
      pairs,
    );
  } finally {
    if (two !== one) await two.close();
    await one.close();
    await shared?.drop();
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
  const row = await drive("bare ws fan-out", pairs);
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
