import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password-hashing.js";
import { connectDatabase, type DatabaseHandle } from "../db/connect.js";
import { migrateToLatest } from "../db/migrate.js";
import { form } from "../products/seller-test-client.js";
import { TEST_PASSWORD } from "../testing/auth-helpers.js";
import { aCategory, aShop, aSubCategory, aUser } from "../testing/fixtures.js";
import { type ServerProcess, spawnServer, stopServer, whenReady } from "../testing/server-process.js";
import { createPostgresDatabase, databaseKinds } from "../testing/test-server.js";

// Work never outlives its request, on the real server process (main.ts) on PGlite and PostgreSQL.
// Uploads whose pictures take longer than the connection's idle timeout are answered (503, nothing
// kept) instead of being cut off and then created behind the client's back; and an upload whose
// client goes away while its pictures are worked on stops and leaves no product and no file.

interface Site {
  server: ServerProcess;
  dataDir: string;
  token: string;
  product: Record<string, string>;
  /** Products and picture files now (PGlite: after the server stopped, its database being its own). */
  counts(): Promise<{ products: number; files: number }>;
  close(): Promise<void>;
}

/** A picture that takes the pipeline a while (noise does not compress). */
async function aHeavyPhoto(seed: number): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function prepare(db: DatabaseHandle["db"]) {
  await migrateToLatest(db);
  const owner = await aUser(db, {
    email: "seller@work.example",
    password_hash: await hashPassword(TEST_PASSWORD),
  });
  const shop = await aShop(db, { owner_id: owner.id, name: "Kikuubo Wholesale" });
  const category = await aCategory(db, { name: "Electronics" });
  const sub = await aSubCategory(db, { category_id: category.id, name: "Phones" });
  return {
    shop_id: String(shop.id),
    category_id: String(category.id),
    sub_category_id: String(sub.id),
    product_name: "Tecno Camon",
    description: "Boxed, with charger",
    price: "520000",
    in_stock: "3",
  };
}

async function countIn(db: DatabaseHandle["db"], dataDir: string) {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  let files = 0;
  try {
    files = readdirSync(join(dataDir, "media", "products")).length;
  } catch {}
  return { products: Number(row.n), files };
}

async function startSite(kind: "pglite" | "postgres", env: Record<string, string>): Promise<Site> {
  const dataDir = mkdtempSync(join(tmpdir(), "katale-work-"));
  const postgres = kind === "postgres" ? await createPostgresDatabase() : undefined;
  const database = await connectDatabase({ databaseUrl: postgres?.url, dataDir, poolSize: 2 });
  const product = await prepare(database.db);
  if (!postgres) await database.close();
  const server = await spawnServer({
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...env,
  });
  if ((await whenReady(server)) === null) throw new Error(`server did not start:\n${server.output()}`);
  const login = await fetch(`${server.url}/api/auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "seller@work.example", password: TEST_PASSWORD }),
  });
  const token = ((await login.json()) as { key: string }).key;
  return {
    server,
    dataDir,
    token,
    product,
    async counts() {
      if (postgres) return countIn(database.db, dataDir);
      await stopServer(server);
      const reopened = await connectDatabase({ dataDir, poolSize: 1 });
      try {
        return await countIn(reopened.db, dataDir);
      } finally {
        await reopened.close();
      }
    },
    async close() {
      await stopServer(server);
      if (postgres) {
        await database.close();
        await postgres.drop();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Whether an upload folder under `dir` holds file `name` of `size` bytes. */
function spooledInFull(dir: string, name: string, size: number): boolean {
  try {
    return readdirSync(dir).some((upload) => {
      try {
        return statSync(join(dir, upload, name)).size === size;
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

describe.each(databaseKinds())("request work ends with its request (%s)", (kind) => {
  let site: Site | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it("answers 20 concurrent 8-picture uploads that outlast the idle timeout, and creates only what it answered", async () => {
    // One picture at a time and a 2 s idle timeout: 160 pictures take far longer than that.
    site = await startSite(kind, { HTTP_IDLE_TIMEOUT_SECONDS: "2", IMAGE_JOBS: "1", IMAGE_QUEUE: "100" });
    const photos = await Promise.all(Array.from({ length: 8 }, (_, i) => aHeavyPhoto(i + 1)));
    const { server, token, product } = site;
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const fields: Record<string, string | Buffer> = {
          ...product,
          product_name: `Tecno Camon ${n}`,
          number_of_images: "8",
        };
        photos.forEach((photo, i) => {
          fields[`image_${i + 1}`] = photo;
        });
        try {
          const response = await fetch(`${server.url}/api/shop/product/`, {
            method: "POST",
            headers: { authorization: `Token ${token}` },
            body: form(fields),
          });
          const body = (await response.json()) as { code?: string };
          return response.status === 201 ? "created" : `${response.status} ${body.code}`;
        } catch {
          return "cut off";
        }
      }),
    );

    const created = outcomes.filter((o) => o === "created").length;
    // The work outlasted the idle timeout: some uploads were stopped (or cut off while still sending).
    expect(outcomes.some((o) => o !== "created")).toBe(true);
    expect(outcomes.every((o) => o === "created" || o === "503 taking_too_long" || o === "cut off")).toBe(
      true,
    );
    const counts = await site.counts();
    // Only the products whose creation was answered exist, and only their pictures (4 files each:
    // the main one and 3 sizes): nothing was created behind a client's back.
    expect(counts.products).toBe(created);
    expect(counts.files).toBe(created * 8 * 4);
  }, 600_000);

  it("stops an upload whose client went away: no product, no file", async () => {
    site = await startSite(kind, { IMAGE_JOBS: "1" });
    const { server, token, product } = site;
    const fields: Record<string, string | Buffer> = { ...product, number_of_images: "8" };
    for (let i = 1; i <= 8; i++) fields[`image_${i}`] = await aHeavyPhoto(100 + i);
    const encoded = new Response(form(fields));
    const bytes = Buffer.from(await encoded.arrayBuffer());
    const contentType = encoded.headers.get("content-type")!;

    // The whole body goes; once the server holds all of it (its eighth file spooled in full), the
    // client hangs up before the answer.
    const request = httpRequest(`${server.url}/api/shop/product/`, {
      method: "POST",
      headers: {
        authorization: `Token ${token}`,
        "content-type": contentType,
        "content-length": bytes.length,
      },
    });
    request.on("error", () => {});
    request.end(bytes);
    const lastFile = (fields.image_8 as Buffer).length;
    while (!spooledInFull(join(site.dataDir, "uploads"), "8", lastFile)) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    request.destroy();
    // The server says it stopped the work (what the seller would otherwise see later: a product).
    while (!/request work stopped and rolled back/.test(server.output())) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    expect(server.output()).toContain('"reason":"client-gone"');
    expect(await site.counts()).toEqual({ products: 0, files: 0 });
  }, 300_000);
});
