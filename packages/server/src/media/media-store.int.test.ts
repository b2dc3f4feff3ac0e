import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "./image-limits.js";
import { createMediaStore, type LocalMediaStore, parseImagePath } from "./media-store.js";

let dataDir: string;
let media: LocalMediaStore;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "katale-media-"));
  media = createMediaStore(dataDir);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** A phone photo: JPEG with camera make, GPS position and an orientation tag. */
async function phonePhoto(width: number, height: number, orientation?: number): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } }).jpeg();
  image = image.withExif({
    IFD0: { Make: "TECNO", Model: "Spark 20 Pro" },
    IFD3: {
      GPSLatitudeRef: "N",
      GPSLatitude: "0/1 18/1 4900/100",
      GPSLongitudeRef: "E",
      GPSLongitude: "32/1 34/1 3000/100",
    },
  });
  if (orientation) image = image.withMetadata({ orientation });
  return image.toBuffer();
}

function publicFile(path: string): string {
  return join(media.publicDir, path.replace(/^\/media\//, ""));
}

/** A small real PNG whose header is rewritten to claim the given size (a decompression bomb's shape). */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  // Signature (8 bytes), then the IHDR chunk: length, "IHDR", width, height, ..., CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe("processImage", () => {
  it("re-encodes a phone photo to WebP without its EXIF (no GPS position)", async () => {
    const input = await phonePhoto(1600, 1200);
    expect((await sharp(input).metadata()).exif).toBeDefined();

    const result = await media.processImage(input, { kind: "products" });
    if (!result.ok) throw new Error(result.message);
    expect(result.path).toMatch(/^\/media\/products\/[a-z0-9]{16}\.webp$/);

    const stored = await sharp(publicFile(result.path)).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.width).toBe(1200);
    expect(stored.height).toBe(900);
    expect({ width: result.width, height: result.height }).toEqual({ width: 1200, height: 900 });
  });

  it("stores -240, -480 and -800 variants of those widths beside the main file", async () => {
    const result = await media.processImage(await phonePhoto(2000, 1000), { kind: "shops" });
    if (!result.ok) throw new Error(result.message);
    for (const width of [240, 480, 800]) {
      const variant = await sharp(publicFile(result.path.replace(/\.webp$/, `-${width}.webp`))).metadata();
      expect(variant.format).toBe("webp");
      expect(variant.width).toBe(width);
      expect(variant.height).toBe(width / 2);
    }
  });

  it("never upscales a narrow picture: main and wider variants keep its own size", async () => {
    const result = await media.processImage(await phonePhoto(300, 200), { kind: "avatars" });
    if (!result.ok) throw new Error(result.message);
    expect({ width: result.width, height: result.height }).toEqual({ width: 300, height: 200 });
    const widthOf = async (suffix: string) =>
      (await sharp(publicFile(result.path.replace(/\.webp$/, `${suffix}.webp`))).metadata()).width;
    expect(await widthOf("")).toBe(300);
    expect(await widthOf("-240")).toBe(240);
    expect(await widthOf("-480")).toBe(300);
    expect(await widthOf("-800")).toBe(300);
  });

  it("turns a sideways photo upright using its EXIF orientation", async () => {
    // Orientation 6: the camera was turned 90°, the stored pixels are landscape.
    const result = await media.processImage(await phonePhoto(400, 300, 6), { kind: "comments" });
    if (!result.ok) throw new Error(result.message);
    expect({ width: result.width, height: result.height }).toEqual({ width: 300, height: 400 });
  });

  it("accepts PNG, WebP and GIF by content, whatever the file was called", async () => {
    const base = sharp({ create: { width: 64, height: 48, channels: 4, background: "#1565c0" } });
    for (const input of [
      await base.clone().png().toBuffer(),
      await base.clone().webp().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const result = await media.processImage(input, { kind: "categories" });
      expect(result.ok).toBe(true);
    }
  });

  it("refuses a text file renamed .jpg", async () => {
    const result = await media.processImage(Buffer.from("This is not a picture, it is my shopping list."), {
      kind: "products",
    });
    expect(result).toMatchObject({ ok: false, kind: "not-an-image" });
    if (!result.ok) expect(result.message).toMatch(/image/i);
  });

  it("refuses an SVG document, an empty file and a truncated JPEG", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const jpeg = await phonePhoto(800, 600);
    for (const input of [svg, Buffer.alloc(0), jpeg.subarray(0, Math.floor(jpeg.length / 2))]) {
      expect(await media.processImage(input, { kind: "products" })).toMatchObject({
        ok: false,
        kind: "not-an-image",
      });
    }
  });

  it("refuses absurd dimensions before decoding them", async () => {
    const result = await media.processImage(await pngClaiming(30_000, 30_000), { kind: "products" });
    expect(result).toMatchObject({ ok: false, kind: "too-many-pixels" });
  });

  it("refuses a file over the size limit", async () => {
    const result = await media.processImage(Buffer.alloc(MAX_IMAGE_BYTES + 1), { kind: "products" });
    expect(result).toMatchObject({ ok: false, kind: "too-large" });
  });

  it("leaves nothing behind for a refused upload", async () => {
    const before = existsSync(join(media.publicDir, "subcategories"));
    await media.processImage(Buffer.from("nope"), { kind: "subcategories" });
    expect(existsSync(join(media.publicDir, "subcategories"))).toBe(before);
  });
});

describe("deleteImage", () => {
  it("removes the main file and every variant", async () => {
    const result = await media.processImage(await phonePhoto(1000, 800), { kind: "products" });
    if (!result.ok) throw new Error(result.message);
    const name = result.path.split("/").pop()!.replace(".webp", "");
    expect(await media.deleteImage(result.path)).toBe(true);
    const left = (await readdir(join(media.publicDir, "products"))).filter((f) => f.startsWith(name));
    expect(left).toEqual([]);
    expect(await media.deleteImage(result.path)).toBe(false);
  });

  it("accepts the absolute URL a client sends back", async () => {
    const result = await media.processImage(await phonePhoto(500, 500), { kind: "products" });
    if (!result.ok) throw new Error(result.message);
    expect(await media.deleteImage(`http://127.0.0.1:8080${result.path}`)).toBe(true);
    expect(existsSync(publicFile(result.path))).toBe(false);
  });

  it("refuses paths outside the media folders", async () => {
    const outside = join(dataDir, "outside.webp");
    await writeFile(outside, "keep me");
    for (const path of [
      "/media/../outside.webp",
      "/media/products/../../outside.webp",
      "/media/products/..%2F..%2Foutside.webp",
      "/media/private/abcdefgh12345678.webp",
      "../outside.webp",
      outside,
    ]) {
      expect(await media.deleteImage(path)).toBe(false);
    }
    expect(existsSync(outside)).toBe(true);
  });
});

describe("private images", () => {
  it("stores a verification document outside the public folder and reads it back by key", async () => {
    const result = await media.savePrivateImage(await phonePhoto(1200, 800), "national-ids");
    if (!result.ok) throw new Error(result.message);
    expect(result.key).toMatch(/^national-ids\/[a-z0-9]{16}\.webp$/);
    expect(result.key.startsWith("/")).toBe(false);

    const bytes = await media.readPrivate(result.key);
    expect(bytes).not.toBeNull();
    const meta = await sharp(bytes!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(existsSync(join(media.publicDir, result.key))).toBe(false);

    expect(await media.deletePrivate(result.key)).toBe(true);
    expect(await media.readPrivate(result.key)).toBeNull();
  });

  it("refuses what is not an image", async () => {
    expect(await media.savePrivateImage(Buffer.from("%PDF-1.7 not an image"), "user-photos")).toMatchObject({
      ok: false,
      kind: "not-an-image",
    });
  });

  it("refuses keys that try to leave the private folder", async () => {
    await writeFile(join(dataDir, "secret.webp"), "secret");
    for (const key of [
      "../secret.webp",
      "national-ids/../../secret.webp",
      "national-ids/..%2F..%2Fsecret.webp",
      "/etc/passwd",
      `${dataDir}/secret.webp`,
      "national-ids/",
      "",
    ]) {
      expect(await media.readPrivate(key)).toBeNull();
      expect(await media.deletePrivate(key)).toBe(false);
    }
    expect(existsSync(join(dataDir, "secret.webp"))).toBe(true);
  });
});

describe("parseImagePath", () => {
  it("maps a variant to its main image and rejects foreign paths", () => {
    expect(parseImagePath("/media/products/abcdef0123456789-480.webp")).toEqual({
      kind: "products",
      name: "abcdef0123456789",
      path: "/media/products/abcdef0123456789.webp",
    });
    expect(parseImagePath("https://katale.example/media/shops/abcdef0123456789.webp")?.path).toBe(
      "/media/shops/abcdef0123456789.webp",
    );
    expect(parseImagePath("/media/products/abcdef0123456789.png")).toBeNull();
    expect(parseImagePath("/static/products/abcdef0123456789.webp")).toBeNull();
  });
});
