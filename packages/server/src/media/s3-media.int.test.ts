import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { DatabaseHandle } from "../db/connect.js";
import { connectMigratedPglite } from "../testing/pglite-templates.js";
import {
  startTestS3,
  TEST_S3_BUCKET,
  TEST_S3_PRIVATE_BUCKET,
  type TestS3,
} from "../testing/s3-test-server.js";
import { ImageJobs } from "./image-jobs.js";
import { IMAGE_VARIANT_WIDTHS } from "./image-limits.js";
import { type MediaStore, mediaStoreFor } from "./media-store.js";

// Media in an S3-compatible store (issue 13), against a real one (s3rver): uploads land in the
// bucket under the prefix, /media/ paths are answered by the server from the bucket with the same
// headers as from DATA_DIR, and verification documents sit apart and are never served there.

let s3: TestS3;
let dataDir: string;
let config: Config;
let media: MediaStore;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

const photo = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = mkdtempSync(join(tmpdir(), "katale-s3-media-"));
  config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...s3.env });
  media = await mediaStoreFor(config, new ImageJobs());
  database = await connectMigratedPglite();
  app = await buildApp({ config, database, media, webDir: join(dataDir, "none"), logger: false });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("media in an S3-compatible store", () => {
  it("stores an upload and its variants in the bucket under the prefix, nothing in DATA_DIR", async () => {
    const stored = await media.processImage(await photo("#c87828"), { kind: "products" });
    if (!stored.ok) throw new Error(stored.message);
    const name = stored.path.replace(/^\/media\/products\/|\.webp$/g, "");
    expect(await s3.keys(TEST_S3_BUCKET, `site-a/media/products/${name}`)).toEqual(
      [`${name}.webp`, ...IMAGE_VARIANT_WIDTHS.map((w) => `${name}-${w}.webp`)]
        .map((file) => `site-a/media/products/${file}`)
        .sort(),
    );
    expect(existsSync(join(dataDir, "media"))).toBe(false);
    expect(media.files.description).toBe(`S3 bucket ${TEST_S3_BUCKET} at ${new URL(s3.endpoint).host}`);
  });

  it("answers /media/ paths from the bucket with the year-long cache headers, a variant too", async () => {
    const stored = await media.processImage(await photo("#2060a0"), { kind: "shops" });
    if (!stored.ok) throw new Error(stored.message);
    const main = await app.inject({ method: "GET", url: stored.path });
    expect(main.statusCode).toBe(200);
    expect(main.headers["content-type"]).toBe("image/webp");
    expect(main.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(main.headers.etag).toBeTruthy();
    const image = await sharp(main.rawPayload).metadata();
    expect([image.format, image.width, image.height]).toEqual(["webp", 900, 600]);

    const variant = await app.inject({ method: "GET", url: stored.path.replace(".webp", "-240.webp") });
    expect(variant.statusCode).toBe(200);
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(240);

    // A browser that has it asks again with its ETag: nothing is sent.
    const again = await app.inject({
      method: "GET",
      url: stored.path,
      headers: { "if-none-match": String(main.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await app.inject({ method: "HEAD", url: stored.path });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers["content-length"])).toBe(main.rawPayload.length);
  });

  it("answers 404 for a missing image and for anything that is not one of ours", async () => {
    for (const url of [
      "/media/products/0123456789abcdef.webp",
      "/media/products/../private/x.webp",
      "/media/elsewhere/0123456789abcdef.webp",
      "/media/products/0123456789abcdef-999.webp",
    ]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(404);
    }
  });

  it("keeps verification documents in the private bucket, readable by the server, never under /media/", async () => {
    const saved = await media.savePrivateImage(await photo("#405060"), "shop-photos");
    if (!saved.ok) throw new Error(saved.message);
    expect(await s3.keys(TEST_S3_PRIVATE_BUCKET, "site-a/private/")).toContain(`site-a/private/${saved.key}`);
    expect((await s3.keys(TEST_S3_BUCKET)).some((key) => key.includes(saved.key))).toBe(false);
    expect((await app.inject({ method: "GET", url: `/media/${saved.key}` })).statusCode).toBe(404);

    const bytes = await media.readPrivate(saved.key);
    expect((await sharp(bytes ?? Buffer.alloc(0)).metadata()).format).toBe("webp");
    expect(await media.readPrivate("shop-photos/../../site-a/media/x.webp")).toBeNull();
    expect(await media.deletePrivate(saved.key)).toBe(true);
    expect(await media.deletePrivate(saved.key)).toBe(false);
    expect(await media.readPrivate(saved.key)).toBeNull();
  });

  it("deletes an image with its variants, and says when there was nothing to delete", async () => {
    const stored = await media.processImage(await photo("#10a050"), { kind: "avatars" });
    if (!stored.ok) throw new Error(stored.message);
    const name = stored.path.replace(/^\/media\/avatars\/|\.webp$/g, "");
    expect(await media.deleteImage(`http://localhost:8080${stored.path}`)).toBe(true);
    expect(await s3.keys(TEST_S3_BUCKET, `site-a/media/avatars/${name}`)).toEqual([]);
    expect((await app.inject({ method: "GET", url: stored.path })).statusCode).toBe(404);
    expect(await media.deleteImage(stored.path)).toBe(false);
  });

  it("refuses to start on a bucket that is not there, naming it", async () => {
    const missing = await mediaStoreFor(
      loadConfig({ ...s3.env, S3_BUCKET: "no-such-bucket" }),
      new ImageJobs(),
    );
    await expect(missing.files.check()).rejects.toThrow(
      `S3 bucket no-such-bucket at ${new URL(s3.endpoint).host} cannot be used: there is no such bucket`,
    );
    await expect(media.files.check()).resolves.toBeUndefined();
  });
});
