import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { RateLimits } from "../http/rate-limits.js";
import { openSharedCounters, type SharedCounters } from "../http/shared-counters.js";
import { createPostgresDatabase, databaseKinds } from "../testing/test-server.js";
import { messageAllowance } from "./chat-limits.js";

// The chat's message allowance on PostgreSQL (issue 11): messages asked for in one turn of the event
// loop are counted by one statement, two instances count into one allowance, and the rows are the
// ones rate-limiter-flexible reads and writes. With KATALE_REQUIRE_POSTGRES=1 a missing PostgreSQL
// fails the suite.

const quiet = { warn() {}, info() {} };
const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("chat message allowance on PostgreSQL", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  const handles: DatabaseHandle[] = [];
  const counters: SharedCounters[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    for (let i = 0; i < 2; i++) {
      handles.push(await connectDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 }));
    }
    await migrateToLatest(handles[0]!.db);
    for (const handle of handles)
      counters.push(await openSharedCounters({ redisUrl: undefined }, handle, quiet));
  });
  afterAll(async () => {
    await Promise.all(counters.map((c) => c.close()));
    await Promise.all(handles.map((handle) => handle.close()));
    await database?.drop();
  });

  it("allows the first `points` of a burst on two instances, in the order asked, and refuses the rest", async () => {
    const limit = { points: 5, duration: 10 };
    const [one, two] = counters.map((c) => messageAllowance(c.store, limit));
    // One turn: 4 for user 1 on one instance, 2 for user 2 on the other.
    const burst = await Promise.all([
      ...Array.from({ length: 4 }, () => one!.take(1)),
      two!.take(2),
      two!.take(2),
    ]);
    expect(burst).toEqual([true, true, true, true, true, true]);
    const more = await Promise.all(Array.from({ length: 4 }, () => two!.take(1)));
    expect(more).toEqual([true, false, false, false]);
    expect(await one!.take(1)).toBe(false);
    expect(await one!.take(2)).toBe(true);
  });

  it("starts a new window once the last one ended, and shares its rows with rate-limiter-flexible", async () => {
    const limit = { points: 2, duration: 1 };
    const allowance = messageAllowance(counters[0]!.store, limit);
    expect(await Promise.all([allowance.take(7), allowance.take(7), allowance.take(7)])).toEqual([
      true,
      true,
      false,
    ]);
    // The library's limiter of the same name reads the same row: used up.
    const library = new RateLimits("chat", { message: limit }, { store: counters[1]!.store });
    expect(await library.exhausted("message", "7")).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 1100));
    expect(await allowance.take(7)).toBe(true);
    expect(await library.hit("message", "7")).toBeNull();
    expect(await allowance.take(7)).toBe(false);
  });
});
