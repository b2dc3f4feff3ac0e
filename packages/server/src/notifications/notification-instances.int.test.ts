import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password-hashing.js";
import { connectDatabase, type DatabaseHandle } from "../db/connect.js";
import { aPhoto, form } from "../products/seller-test-client.js";
import { TEST_PASSWORD } from "../testing/auth-helpers.js";
import { aCategory, aShop, aSubCategory, aUser } from "../testing/fixtures.js";
import { type ServerProcess, spawnServer, stopServer, whenReady } from "../testing/server-process.js";
import { createPostgresDatabase, databaseKinds } from "../testing/test-server.js";

// A shop's followers told of its new products by two server processes (main.ts) on one PostgreSQL
// database, through pg-boss, while one of them is killed with SIGKILL in the middle of the fan-out:
// the other finishes the work, and every follower ends with exactly one inbox entry that counts
// every product once (none lost, none twice).
//
// To kill an instance while it is surely inside a fan-out, the test holds a lock on the receipts
// table while the later products are listed: each instance takes a job and waits in its INSERT.
// One is killed there; the lock is let go; the job the dead instance held is taken back once it has
// run JOB_TAKEOVER_SECONDS (10 s here, 5 minutes by default) and done by the live one.

const FOLLOWERS = 300;
/** Products listed and told while both instances run, then while the lock is held. */
const BEFORE_KILL = 4;
const DURING_KILL = 8;
const PRODUCTS = BEFORE_KILL + DURING_KILL;
/** Long enough for the listing under the lock to finish before any job expires, even on a slow machine. */
const TAKEOVER_SECONDS = 10;

interface Instance extends ServerProcess {
  readonly dataDir: string;
}

async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `katale-fan-out-${name}-`));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    JOB_TAKEOVER_SECONDS: String(TAKEOVER_SECONDS),
  });
  if ((await whenReady(server)) === null) {
    server.child.kill("SIGKILL");
    throw new Error(`instance ${name} did not start:\n${server.output()}`);
  }
  return Object.assign(server, { dataDir });
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await stopServer(instance);
  rmSync(instance.dataDir, { recursive: true, force: true });
}

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("a fan-out on two instances, one killed with SIGKILL in the middle", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: DatabaseHandle;
  let one: Instance;
  let two: Instance;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    [one, two] = await Promise.all([startInstance("one", database.url), startInstance("two", database.url)]);
    db = await connectDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 4 });
  });

  afterAll(async () => {
    await locker?.end().catch(() => {});
    if (one && one.child.exitCode === null && one.child.signalCode === null) one.child.kill("SIGKILL");
    await Promise.all([stopInstance(one), stopInstance(two)]);
    await db?.close();
    await database?.drop();
  });

  it("tells each of 300 followers of every product exactly once", async () => {
    // A seller of long standing (new accounts may list only a few products a day) and their shop.
    const owner = await aUser(db.db, {
      password_hash: await hashPassword(TEST_PASSWORD),
      email_verified: true,
      created_at: new Date(Date.now() - 30 * 86_400_000),
    });
    const shop = await aShop(db.db, { owner_id: owner.id, name: "Nakasero Electronics" });
    const category = await aCategory(db.db);
    const sub = await aSubCategory(db.db, { category_id: category.id });
    const followers: number[] = [];
    for (let start = 0; start < FOLLOWERS; start += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, FOLLOWERS - start) }, () => aUser(db.db)),
      );
      followers.push(...batch.map((user) => user.id));
    }
    await db.db
      .insertInto("follows")
      .values(followers.map((user_id) => ({ user_id, shop_id: shop.id })))
      .execute();

    const login = await fetch(`${one.url}/api/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: owner.email, password: TEST_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { key } = (await login.json()) as { key: string };

    let listed = 0;
    /** Lists a product through `instance`, as the seller's app does. */
    const list = async (instance: Instance) => {
      listed += 1;
      const answer = await fetch(`${instance.url}/api/shop/product/`, {
        method: "POST",
        headers: { authorization: `Token ${key}` },
        body: form({
          product_name: `Solar lamp ${listed}`,
          description: "Charges in a day of sun",
          price: String(50_000 + listed),
          in_stock: "5",
          category_id: String(category.id),
          sub_category_id: String(sub.id),
          shop_id: String(shop.id),
          number_of_images: "1",
          image_1: await aPhoto(),
        }),
      });
      expect(answer.status, await answer.clone().text()).toBe(201);
    };
    const inboxReceipts = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM notification_receipts WHERE channel = 'inbox'`.execute(db.db);
      return rows[0]?.n ?? 0;
    };
    const activeNotifyJobs = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify' AND state = 'active'`.execute(db.db);
      return rows[0]?.n ?? 0;
    };

    // Both instances at work: the first products reach every follower.
    for (let i = 0; i < BEFORE_KILL; i++) await list(i % 2 ? two : one);
    await expect.poll(inboxReceipts, { timeout: 30_000, interval: 50 }).toBe(BEFORE_KILL * FOLLOWERS);

    // The receipts locked: the next products' fan-outs start on both instances and wait there.
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE notification_receipts IN EXCLUSIVE MODE");
    await Promise.all(Array.from({ length: DURING_KILL }, (_, i) => list(i % 2 ? two : one)));
    // Each instance works one notify job at a time: two active ones are one on each. A job is active
    // a moment before its statement reaches the lock: wait until both wait there.
    await expect.poll(activeNotifyJobs, { timeout: 30_000, interval: 20 }).toBe(2);
    const waitingOnReceipts = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query ILIKE '%notification_receipts%'`.execute(db.db);
      return rows[0]?.n ?? 0;
    };
    await expect.poll(waitingOnReceipts, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(2);

    one.child.kill("SIGKILL");
    expect(await one.exited).toBeNull();
    expect(one.child.signalCode).toBe("SIGKILL");
    await locker.query("COMMIT");
    await locker.end();
    locker = undefined;

    // Instance two finishes: its own waiting job at once, the dead one's once it is taken back.
    expect(await inboxReceipts()).toBeLessThan(PRODUCTS * FOLLOWERS);
    await expect.poll(inboxReceipts, { timeout: 60_000, interval: 100 }).toBe(PRODUCTS * FOLLOWERS);
    const entries = await db.db
      .selectFrom("notifications")
      .select(["user_id", "count"])
      .where("kind", "=", "new_product_from_followed_shop")
      .execute();
    expect(entries).toHaveLength(FOLLOWERS);
    expect(new Set(entries.map((entry) => entry.user_id))).toEqual(new Set(followers));
    // One entry each, folded: every product counted once.
    expect(new Set(entries.map((entry) => entry.count))).toEqual(new Set([PRODUCTS]));
    // The owner is not told of their own products.
    const own = await db.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", owner.id)
      .where("kind", "=", "new_product_from_followed_shop")
      .execute();
    expect(own).toEqual([]);
    // Instance two answers, and no notify job gave up.
    expect((await fetch(`${two.url}/api/health`)).ok).toBe(true);
    const { rows: failed } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify' AND state = 'failed'`.execute(db.db);
    expect(failed[0]?.n).toBe(0);
  }, 240_000);
});
