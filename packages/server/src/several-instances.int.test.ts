import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CompiledQuery } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_LIMITS } from "./auth/auth-rate-limits.js";
import { hashPassword } from "./auth/password-hashing.js";
import { connectDatabase, type DatabaseHandle } from "./db/connect.js";
import { TEST_PASSWORD } from "./testing/auth-helpers.js";
import { aUser } from "./testing/fixtures.js";
import {
  startTestS3,
  TEST_S3_BUCKET,
  TEST_S3_PRIVATE_BUCKET,
  type TestS3,
} from "./testing/s3-test-server.js";
import {
  freePort,
  type ServerProcess,
  spawnServer,
  stopServer,
  whenReady,
} from "./testing/server-process.js";
import {
  createPostgresDatabase,
  databaseKinds,
  redisAnswers,
  TEST_REDIS_URL,
} from "./testing/test-server.js";

// Several instances behind one balancer (issue 13): two real server processes (main.ts, as an
// operator runs them) on one PostgreSQL database, media in one S3-compatible store (s3rver), each
// with a DATA_DIR of its own and the read cache on. What one instance takes in, the other shows at
// once: an uploaded picture, a catalogue change, the attempts counted against a login. With
// KATALE_REQUIRE_POSTGRES=1 (CI) a missing PostgreSQL fails this suite instead of skipping it.

const ADMIN = { email: "admin@two-instances.example", password: "two instances, one site" };

interface Instance extends ServerProcess {
  readonly name: string;
  readonly dataDir: string;
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), `katale-${name}-`));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    // One proxy in front (the balancer): the client is the address it forwards.
    TRUST_PROXY: "1",
    KATALE_ADMIN_EMAIL: ADMIN.email,
    KATALE_ADMIN_PASSWORD: ADMIN.password,
    ...env,
  });
  if ((await whenReady(server)) === null) {
    server.child.kill("SIGKILL");
    throw new Error(`instance ${name} did not start:\n${server.output()}`);
  }
  return Object.assign(server, { name, dataDir });
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  await stopServer(instance);
  rmSync(instance.dataDir, { recursive: true, force: true });
}

/** A login through the balancer for a client at `address`. */
async function login(instance: Instance, username: string, password: string, address: string) {
  const response = await fetch(`${instance.url}/api/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify({ username, password }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { key?: string; code?: string },
    retryAfter: response.headers.get("retry-after"),
  };
}

async function categoryNames(instance: Instance): Promise<string[]> {
  const response = await fetch(`${instance.url}/api/shop/category/`);
  expect(response.status).toBe(200);
  const { categories } = (await response.json()) as { categories: { name: string }[] };
  return categories.map((category) => category.name);
}

/** Starts main.ts with `env` (PGlite in a fresh DATA_DIR) expecting it to stop; its exit code and output. */
async function startRefused(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), "katale-refused-"));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    ...env,
  });
  const timer = setTimeout(() => server.child.kill("SIGKILL"), 60_000);
  const code = await server.exited;
  clearTimeout(timer);
  rmSync(dataDir, { recursive: true, force: true });
  return { code, output: server.output() };
}

describe("an instance whose shared stores are not there", () => {
  it("stops at start with one line naming the missing bucket, or Redis's host", async () => {
    const s3 = await startTestS3();
    const redisPort = await freePort();
    try {
      const [missing, redis, half] = await Promise.all([
        startRefused({ ...s3.env, S3_BUCKET: "no-such-bucket" }),
        startRefused({ REDIS_URL: `redis://127.0.0.1:${redisPort}` }),
        startRefused({ S3_ENDPOINT: "http://127.0.0.1:9" }),
      ]);
      expect(missing.code).toBe(1);
      expect(missing.output.trim()).toBe(
        `katale: cannot use the media store: S3 bucket no-such-bucket at ${new URL(s3.endpoint).host} cannot be used: there is no such bucket`,
      );
      expect(redis.code).toBe(1);
      expect(redis.output).toContain(
        `katale: cannot start: Redis at 127.0.0.1:${redisPort} cannot be reached`,
      );
      expect(half.code).toBe(1);
      expect(half.output.trim()).toBe(
        "katale: Invalid configuration: S3_BUCKET is required when S3_ENDPOINT is set",
      );
    } finally {
      await s3.close();
    }
  }, 180_000);
});

/** Wrong passwords for one account from one address, alternating between the instances. */
async function wrongPasswordsAddUp(db: DatabaseHandle, one: Instance, two: Instance): Promise<void> {
  const email = `shared.limits.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.ug`;
  await aUser(db.db, { email, password_hash: await hashPassword(TEST_PASSWORD) });
  // An address of its own each run: Redis keeps the counts of earlier runs for their 15 minutes.
  const attacker = `2001:db8::${Date.now().toString(16).slice(-4)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  const allowed = AUTH_LIMITS.passwordFailuresPerPair.points;
  for (let attempt = 1; attempt <= allowed; attempt++) {
    const instance = attempt % 2 ? one : two;
    const answer = await login(instance, email, "not the password", attacker);
    expect(answer.status, `attempt ${attempt} on instance ${instance.name}`).toBe(401);
  }
  // Each instance saw only half of them; together they used the allowance up.
  for (const instance of [one, two]) {
    const refused = await login(instance, email, TEST_PASSWORD, attacker);
    expect(refused.status, `instance ${instance.name}`).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  }
  // The pair is locked, not the account: the owner elsewhere gets in (through either instance).
  expect((await login(two, email, TEST_PASSWORD, "198.51.100.20")).status).toBe(200);
}

const postgresOnly = databaseKinds().includes("postgres") ? describe : describe.skip;

postgresOnly("two server processes on one PostgreSQL and one S3 store", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: TestS3;
  let db: DatabaseHandle;
  let one: Instance;
  let two: Instance;
  let adminKey: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    s3 = await startTestS3();
    const env = { DATABASE_URL: database.url, ...s3.env };
    // Started together: both migrate the new database and create the admin at the same moment.
    [one, two] = await Promise.all([startInstance("one", env), startInstance("two", env)]);
    db = await connectDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 });
    const admin = await login(one, ADMIN.email, ADMIN.password, "198.51.100.1");
    expect(admin.status).toBe(200);
    adminKey = admin.body.key ?? "";
  });

  afterAll(async () => {
    await Promise.all([stopInstance(one), stopInstance(two)]);
    await db?.close();
    await s3?.close();
    await database?.drop();
  });

  it("serves on one instance a picture uploaded through the other", async () => {
    const picture = await sharp({ create: { width: 640, height: 640, channels: 3, background: "#d04020" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("picture", new Blob([picture], { type: "image/png" }), "me.png");
    const uploaded = await fetch(`${one.url}/api/auth/users/update_profile_picture/`, {
      method: "PATCH",
      headers: { authorization: `Token ${adminKey}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const path = ((await uploaded.json()) as { user: { profile_picture: string } }).user.profile_picture;
    expect(path).toMatch(/^\/media\/avatars\/[a-z0-9]+\.webp$/);

    const fromTwo = await fetch(`${two.url}${path}`);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get("content-type")).toBe("image/webp");
    expect(fromTwo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await fromTwo.arrayBuffer());
    const fromOne = Buffer.from(await (await fetch(`${one.url}${path}`)).arrayBuffer());
    expect(bytes.equals(fromOne)).toBe(true);
    expect((await sharp(bytes).metadata()).width).toBe(640);
    const small = await fetch(`${two.url}${path.replace(".webp", "-240.webp")}`);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(240);
  });

  it("lets an admin on one instance read a verification document sent through the other, never under /media/", async () => {
    const email = `applicant.${Date.now()}@example.ug`;
    const phone = `07${String(Date.now()).slice(-8)}`;
    await aUser(db.db, { email, phone, password_hash: await hashPassword(TEST_PASSWORD) });
    const applicant = await login(two, email, TEST_PASSWORD, "198.51.100.30");
    const photo = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#806040" } })
        .jpeg()
        .toBuffer();
    const form = new FormData();
    for (const [name, value] of Object.entries({ email, phone, nin: "CM90012345ABCD" }))
      form.append(name, value);
    form.append("national_id_image", new Blob([await photo(320, 200)], { type: "image/jpeg" }), "id.jpg");
    form.append("user_image", new Blob([await photo(200, 200)], { type: "image/jpeg" }), "me.jpg");
    const asked = await fetch(`${two.url}/api/auth/verification/user/`, {
      method: "POST",
      headers: { authorization: `Token ${applicant.body.key}` },
      body: form,
    });
    expect(asked.status).toBe(201);

    const listed = await fetch(`${one.url}/api/shop/verification/requests/?kind=user`, {
      headers: { authorization: `Token ${adminKey}` },
    });
    const { results } = (await listed.json()) as {
      results: { user: { email: string }; documents: { name: string; url: string }[] }[];
    };
    const documents = results.find((request) => request.user.email === email)?.documents ?? [];
    expect(documents.map((document) => document.name)).toEqual(["national_id_image", "user_image"]);
    for (const document of documents) {
      const read = await fetch(`${one.url}${document.url}`, {
        headers: { authorization: `Token ${adminKey}` },
      });
      expect(read.status, document.name).toBe(200);
      expect((await sharp(Buffer.from(await read.arrayBuffer())).metadata()).format).toBe("webp");
      expect((await fetch(`${one.url}${document.url}`)).status).toBe(401);
    }
    // In the private bucket only: nothing of it in the public one, which /media/ answers from.
    const privateKeys = await s3.keys(TEST_S3_PRIVATE_BUCKET);
    for (const folder of ["national-ids", "user-photos"]) {
      expect(
        privateKeys.some((key) => key.startsWith(`site-a/private/${folder}/`)),
        folder,
      ).toBe(true);
    }
    expect((await s3.keys(TEST_S3_BUCKET)).every((key) => key.startsWith("site-a/media/"))).toBe(true);
    for (const key of privateKeys) {
      const path = `/media/${key.replace("site-a/private/", "")}`;
      expect((await fetch(`${two.url}${path}`)).status, path).toBe(404);
    }
  });

  it("shows a catalogue change made on one instance at once on the other, whose list was cached", async () => {
    const before = await categoryNames(two);
    // Asked twice: the second answer comes from instance two's read cache.
    expect(await categoryNames(two)).toEqual(before);
    expect(before).not.toContain("Solar lamps");

    const form = new FormData();
    form.append("name", "Solar lamps");
    const created = await fetch(`${one.url}/api/shop/category/`, {
      method: "POST",
      headers: { authorization: `Token ${adminKey}` },
      body: form,
    });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;
    // The change reaches the other instance by NOTIFY, a few milliseconds after the answer: within
    // a second even on a loaded machine (the cache's TTL, the only other way, is 60 s).
    await expect.poll(() => categoryNames(two), { timeout: 1000, interval: 20 }).toContain("Solar lamps");

    // And back: renamed on two, seen on one (whose list is cached too by now).
    expect(await categoryNames(one)).toContain("Solar lamps");
    const rename = new FormData();
    rename.append("name", "Solar lights");
    const renamed = await fetch(`${two.url}/api/shop/category/${id}/patch/`, {
      method: "PATCH",
      headers: { authorization: `Token ${adminKey}` },
      body: rename,
    });
    expect(renamed.status).toBe(200);
    await expect.poll(() => categoryNames(one), { timeout: 1000, interval: 20 }).toContain("Solar lights");
    expect(await categoryNames(one)).not.toContain("Solar lamps");
  });

  it("counts wrong passwords made on both instances against one allowance, and refuses on both after it", () =>
    wrongPasswordsAddUp(db, one, two));
});

const REDIS_URL = TEST_REDIS_URL;
const withRedis = databaseKinds().includes("postgres") && (await redisAnswers()) ? describe : describe.skip;

withRedis("two server processes counting their limits in Redis (REDIS_URL)", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let db: DatabaseHandle;
  let one: Instance;
  let two: Instance;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, REDIS_URL };
    [one, two] = await Promise.all([startInstance("one", env), startInstance("two", env)]);
    db = await connectDatabase({ databaseUrl: database.url, dataDir: "memory://", poolSize: 2 });
  });

  afterAll(async () => {
    await Promise.all([stopInstance(one), stopInstance(two)]);
    await db?.close();
    await database?.drop();
  });

  it("counts wrong passwords made on both instances against one allowance, and refuses on both after it", async () => {
    await wrongPasswordsAddUp(db, one, two);
    // Counted in Redis, not in the database's table.
    const { rows } = await db.db.executeQuery<{ n: number }>(
      CompiledQuery.raw("SELECT count(*)::int AS n FROM rate_limit_counters"),
    );
    expect(rows[0]?.n).toBe(0);
  });
});
