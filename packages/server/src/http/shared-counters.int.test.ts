import { connect, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_LIMITS, authRateLimits } from "../auth/auth-rate-limits.js";
import { connectDatabase, type DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { connectMigratedPglite } from "../testing/pglite-templates.js";
import {
  createPostgresDatabase,
  databaseKinds,
  redisAnswers,
  TEST_REDIS_URL,
} from "../testing/test-server.js";
import { RateLimits } from "./rate-limits.js";
import { openSharedCounters, type SharedCounters } from "./shared-counters.js";

// Rate limits shared by several instances (issue 13): two instances' limiters on one PostgreSQL
// database, or one Redis, count into one allowance. With KATALE_REQUIRE_POSTGRES=1 a missing
// PostgreSQL fails the suite; the Redis suite runs when Redis answers at KATALE_TEST_REDIS_URL.

const quiet = { warn() {}, info() {} };
const SMALL = { perAddress: { points: 3, duration: 60 }, perAccount: { points: 2, duration: 60 } };
const REDIS_URL = TEST_REDIS_URL;

/** Two instances' limiters on one store: attempts on either count into one allowance. */
function behavesAsOne(open: () => Promise<[SharedCounters, SharedCounters]>) {
  let one: SharedCounters;
  let two: SharedCounters;
  beforeAll(async () => {
    [one, two] = await open();
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it("adds up attempts made on both instances and refuses the one over the allowance on either", async () => {
    const scope = `test${Date.now()}`;
    const a = new RateLimits(scope, SMALL, { store: one.store });
    const b = new RateLimits(scope, SMALL, { store: two.store });
    expect(await a.hit("perAddress", "10.0.0.1")).toBeNull();
    expect(await b.hit("perAddress", "10.0.0.1")).toBeNull();
    expect(await a.hit("perAddress", "10.0.0.1")).toBeNull();
    const wait = await b.hit("perAddress", "10.0.0.1");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await a.first([["perAddress", "10.0.0.1", "check"]])).toBeGreaterThan(0);
    // Another address and another scope count apart.
    expect(await b.hit("perAddress", "10.0.0.2")).toBeNull();
    expect(
      await new RateLimits(`${scope}x`, SMALL, { store: two.store }).hit("perAddress", "10.0.0.1"),
    ).toBeNull();
  });

  it("locks an account after failures on both instances, and a success on one clears it for both", async () => {
    const a = authRateLimits(true, AUTH_LIMITS, one.store);
    const b = authRateLimits(true, AUTH_LIMITS, two.store);
    const account = `user:${Date.now()}`;
    for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerAccount.points; i++) {
      expect(await (i % 2 ? a : b).tally("passwordFailuresPerAccount", account)).toBe(i + 1);
    }
    expect(await a.exhausted("passwordFailuresPerAccount", account)).toBeGreaterThan(0);
    await b.clear("passwordFailuresPerAccount", account);
    expect(await a.exhausted("passwordFailuresPerAccount", account)).toBeNull();
  });
}

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("rate limits shared through PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });

  behavesAsOne(async () => {
    database = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      handles.push(await connectDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 }));
    }
    await migrateToLatest(handles[0]!.db);
    const config = { redisUrl: undefined };
    return [
      await openSharedCounters(config, handles[0]!, quiet),
      await openSharedCounters(config, handles[1]!, quiet),
    ];
  });
});

describe("rate limits on PGlite", () => {
  it("count in memory (one process owns the database)", async () => {
    const database = await connectMigratedPglite();
    try {
      const counters = await openSharedCounters({ redisUrl: undefined }, database, quiet);
      expect(counters.store.kind).toBe("memory");
    } finally {
      await database.close();
    }
  });
});

const reachable = await redisAnswers();
const redisOnly = reachable ? describe : describe.skip;
const memory = { kind: "pglite" as const, db: undefined as never };

redisOnly("rate limits shared through Redis", () => {
  behavesAsOne(async () => [
    await openSharedCounters({ redisUrl: REDIS_URL }, memory, quiet),
    await openSharedCounters({ redisUrl: REDIS_URL }, memory, quiet),
  ]);

  it("keeps limiting, in this instance's memory, while Redis is away", async () => {
    // Redis behind a relay this test can cut.
    const target = new URL(REDIS_URL);
    const sockets = new Set<Socket>();
    const relay: Server = createServer((client) => {
      const upstream = connect(Number(target.port) || 6379, target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("error", () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const { port } = relay.address() as { port: number };
    const url = new URL(REDIS_URL);
    url.host = `127.0.0.1:${port}`;
    const warnings: string[] = [];
    const counters = await openSharedCounters({ redisUrl: url.toString() }, memory, {
      warn: (_fields, message) => warnings.push(message),
      info() {},
    });
    try {
      const limits = new RateLimits(`away${Date.now()}`, SMALL, { store: counters.store });
      expect(await limits.hit("perAccount", "user:1")).toBeNull();
      relay.close();
      for (const socket of sockets) socket.destroy();
      await expect.poll(() => warnings.length).toBeGreaterThan(0);
      expect(warnings[0]).toMatch(/Redis connection lost/);
      // Counted in memory now: the allowance still ends, nothing fails.
      expect(await limits.hit("perAccount", "user:2")).toBeNull();
      expect(await limits.hit("perAccount", "user:2")).toBeNull();
      expect(await limits.hit("perAccount", "user:2")).toBeGreaterThan(0);
    } finally {
      await counters.close();
    }
  });
});

describe("REDIS_URL that does not answer", () => {
  it("stops start-up with a sentence naming Redis and its host", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      openSharedCounters({ redisUrl: `redis://127.0.0.1:${port}` }, memory, quiet),
    ).rejects.toThrow(`Redis at 127.0.0.1:${port} cannot be reached`);
  });
});
