// `npm run bench:chat`: live chat (issue 11) under load. SOCKETS sockets in SOCKETS/2 rooms (one
// customer and one shop owner each), every user sending at an even pace so that the whole makes RATE
// messages per second for SECONDS; measured: messages delivered per second to the other party, the
// send-to-receive latency (p50/p99), and the server's memory. On one PGlite server, and on two
// servers over one PostgreSQL database (customers on one, owners on the other: every message crosses
// instances through LISTEN/NOTIFY); next to a bare `ws` fan-out server doing the same in the same run.
// Servers and clients share this process (and the machine's cores): the figures are a floor.
// Env: BENCH_CHAT_SOCKETS (1000), BENCH_CHAT_RATE (2000), BENCH_CHAT_SECONDS (10), BENCH_DB (pglite,postgres).
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
import { WebSocket, WebSocketServer } from "ws";

const SOCKETS = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 2000);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 10);
const KINDS = (process.env.BENCH_DB?.split(",") ?? databaseKinds()) as ("pglite" | "postgres")[];
const ROOMS = Math.floor(SOCKETS / 2);

const log = (msg: string) => process.stderr.write(`bench:chat: ${msg}\n`);

interface Row {
  setup: string;
  sent: number;
  delivered: number;
  perSecond: number;
  p50: number;
  p99: number;
  refused: number;
  rssMb: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

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

function open(url: string, protocols: string[]): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, protocols);
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Pairs of sockets (one per side of a room); each message carries its send time. */
async function drive(setup: string, pairs: [WebSocket, WebSocket][], memory: () => number): Promise<Row> {
  const latencies: number[] = [];
  let sent = 0;
  let refused = 0;
  // Each side counts only the other side's messages (the sender hears its own copy too).
  const listen = (socket: WebSocket, otherTag: string) =>
    socket.on("message", (data) => {
      const frame = JSON.parse(data.toString()) as { message?: { message: string }; error?: string };
      if (frame.error) refused++;
      const [kind, tag, at] = frame.message?.message.split(":") ?? [];
      if (kind === "t" && tag?.endsWith(otherTag)) latencies.push(performance.now() - Number(at));
    });
  for (const [a, b] of pairs) {
    listen(a, "b");
    listen(b, "a");
  }
  const sockets = pairs.flatMap(([a, b]) => [
    { socket: a, tag: "a" },
    { socket: b, tag: "b" },
  ]);
  const perTickMs = 10;
  const perTick = (RATE * perTickMs) / 1000;
  let carry = 0;
  let cursor = 0;
  const started = performance.now();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      if (performance.now() - started >= SECONDS * 1000) {
        clearInterval(timer);
        done();
        return;
      }
      carry += perTick;
      for (; carry >= 1; carry--) {
        const { socket, tag } = sockets[cursor % sockets.length]!;
        const index = Math.floor((cursor % sockets.length) / 2);
        cursor++;
        socket.send(JSON.stringify({ message: `t:${index}${tag}:${performance.now()}` }));
        sent++;
      }
    }, perTickMs);
  });
  await new Promise((r) => setTimeout(r, 1000));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    setup,
    sent,
    delivered: latencies.length,
    perSecond: Math.round(latencies.length / SECONDS),
    p50: Number(percentile(sorted, 50).toFixed(1)),
    p99: Number(percentile(sorted, 99).toFixed(1)),
    refused,
    rssMb: Math.round(memory() / 1024 / 1024),
  };
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
    const pairs: [WebSocket, WebSocket][] = [];
    for (const room of rooms) {
      pairs.push([
        await open(url(one, room.slug), [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.customerToken}`]),
        await open(url(two, room.slug), [CHAT_PROTOCOL, `${CHAT_BEARER_PREFIX}${room.ownerToken}`]),
      ]);
    }
    log(`${kind}: ${pairs.length * 2} sockets open, sending ${RATE}/s for ${SECONDS} s`);
    const row = await drive(
      kind === "postgres" ? "Katale, 2 servers over PostgreSQL" : "Katale, 1 server on PGlite",
      pairs,
      () => process.memoryUsage().rss,
    );
    for (const [a, b] of pairs) {
      a.terminate();
      b.terminate();
    }
    return row;
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
  const pairs: [WebSocket, WebSocket][] = [];
  for (let i = 0; i < ROOMS; i++) {
    pairs.push([
      await open(`ws://127.0.0.1:${port}/${i}`, []),
      await open(`ws://127.0.0.1:${port}/${i}`, []),
    ]);
  }
  const row = await drive("bare ws fan-out", pairs, () => process.memoryUsage().rss);
  for (const [a, b] of pairs) {
    a.terminate();
    b.terminate();
  }
  await new Promise((r) => server.close(r));
  return row;
}

const rows: Row[] = [await bare()];
for (const kind of KINDS) rows.push(await katale(kind));
const ceiling = rows[0]!.perSecond;
console.log(`\nchat: ${SOCKETS} sockets in ${ROOMS} rooms, ${RATE} messages/s offered for ${SECONDS} s`);
console.log("| setup | sent | delivered | delivered/s | p50 ms | p99 ms | refused | RSS MB | of bare ws |");
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) {
  console.log(
    `| ${r.setup} | ${r.sent} | ${r.delivered} | ${r.perSecond} | ${r.p50} | ${r.p99} | ${r.refused} | ${r.rssMb} | ${((r.perSecond / ceiling) * 100).toFixed(0)}% |`,
  );
}
process.exit(0);
