import { mkdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aCategory,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page, Request } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fillLogin,
  homeCategories,
  launchChromium,
  multipartFiles,
  shot,
  watchProblems,
  webBuildDir,
} from "./browser.js";

// Uploads built for slow links, in Chromium: eight 4000×3000 phone photos are shrunk in the browser
// before they go (less than a quarter of their bytes is sent); a create whose answer is lost on
// the way back is sent again with the same Idempotency-Key and makes one product; the form shows
// the bytes sent and their percent, and Cancel stops the upload and creates nothing.

let server: TestServer;
let browser: Browser;
const fixtures = join(tmpdir(), `katale-slow-uploads-${process.pid}`);
const photos = Array.from({ length: 8 }, (_, i) => join(fixtures, `photo-${i + 1}.jpg`));
const phone = { width: 360, height: 740 };

/**
 * Phone-like 4000×3000 JPEGs: soft shapes in colour with a fine grain (about 0.5 byte a pixel, as
 * a 12 MP camera writes), each tinted its own way so no two are alike.
 */
async function phonePhotos(files: readonly string[]): Promise<void> {
  const [width, height] = [4000, 3000];
  const noise = (w: number, h: number, sigma: number) =>
    sharp({
      create: {
        width: w,
        height: h,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma },
      },
    });
  const grain = await noise(width, height, 6).raw().toBuffer();
  const base = await noise(160, 120, 60)
    .resize(width, height, { kernel: "cubic" })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: "overlay" }])
    .raw()
    .toBuffer();
  for (const [i, file] of files.entries())
    await sharp(base, { raw: { width, height, channels: 3 } })
      .linear([1, 0.9, 1.1], [i * 6, 0, -i * 6])
      .jpeg({ quality: 90 })
      .toFile(file);
}

beforeAll(async () => {
  mkdirSync(fixtures, { recursive: true });
  await phonePhotos(photos);
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  await aCategory(server.db, { name: "Electronics" });
  await aSubCategory(server.db, { category_id: 1, name: "Radios" });
  await homeCategories(server.db);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

interface ProductWire {
  product_id: number;
  product_name: string;
  images: string[];
}

/** The products of a shop (in stock), from the shop service. */
async function productsOfShop(shopId: number): Promise<ProductWire[]> {
  const response = await fetch(`${server.shopUrl}product/shop/${shopId}/`);
  if (response.status === 404) return [];
  return ((await response.json()) as { data: ProductWire[] }).data;
}

/** A shop of `key`'s user, created through POST shop/ as the app does. */
async function aShopOf(key: string, name: string): Promise<number> {
  const response = await fetch(`${server.shopUrl}shop/`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Token ${key}` },
    body: JSON.stringify({ name, category: [1], location_latitude: 0.3476, location_longitude: 32.5825 }),
  });
  const body = (await response.json()) as { data: { id: number } };
  if (response.status !== 201) throw new Error(`shop: ${JSON.stringify(body)}`);
  return body.data.id;
}

/** A signed-in shop owner on the add-product form with the fields filled and `files` picked. */
async function fillAddProduct(page: Page, name: string, files: string[]) {
  const user = await aSignedInUser(server);
  const shopId = await aShopOf(user.key, `${name} shop`);
  await page.goto(url("/login"));
  await fillLogin(page, user);
  await page.waitForURL(url("/"));
  await page.goto(url(`/account/add-product?shop=${shopId}`));
  const form = page.locator("form", { has: page.getByLabel("Product name") });
  await visible(page.getByRole("heading", { name: "Add product" }));
  await form.getByLabel("Product name").fill(name);
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Electronics" });
  await form.getByLabel("Sub category").selectOption({ label: "Radios" });
  await form.getByLabel("Description").fill("A wind-up radio with a torch, for the boda stage and the farm.");
  await form.getByLabel("Price (UGX)").fill("65000");
  await form.getByLabel("In stock").fill("3");
  await form.getByLabel("Add images").setInputFiles(files);
  await expect.poll(() => form.getByRole("listitem").count()).toBe(files.length);
  return { form, shopId };
}

/** The POSTs of the product form (product/ on the shop service). */
function productPosts(page: Page): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/shop/product/")
      posts.push(request);
  });
  return posts;
}

describe("uploads on a slow link", () => {
  it("sends eight 4000×3000 photos in less than a quarter of their bytes, at most 1,600 px", async () => {
    const original = photos.reduce((sum, file) => sum + statSync(file).size, 0);
    const context = await browser.newContext({ viewport: phone, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors: string[] = [];
    watchProblems(page, errors);
    const posts = productPosts(page);
    const name = "Wind-up radio, eight photos";
    const { form, shopId } = await fillAddProduct(page, name, photos);

    await form.getByRole("button", { name: "Add product" }).click();
    await page.waitForURL(/\/item\//, { timeout: 120_000 });
    await visible(page.getByRole("heading", { name, level: 1 }));

    expect(posts).toHaveLength(1);
    const sent = posts[0]!.postDataBuffer()?.length ?? 0;
    console.info(
      `8 photos: ${original} bytes picked, ${sent} bytes sent (${((100 * sent) / original).toFixed(1)} %)`,
    );
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(original / 4);
    const files = multipartFiles(posts[0]!);
    expect(files).toHaveLength(8);
    for (const file of files) {
      expect(file.type).toMatch(/^image\/(webp|jpeg)$/);
      const meta = await sharp(file.bytes).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1600);
      expect(meta.width).toBe(1200);
    }
    const products = await productsOfShop(shopId);
    expect(products.map((p) => [p.product_name, p.images.length])).toEqual([[name, 8]]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("sends a create whose answer was lost again with the same key, and makes one product", async () => {
    const context = await browser.newContext({ viewport: phone, serviceWorkers: "block" });
    const page = await context.newPage();
    const errors: string[] = [];
    watchProblems(page, errors);
    const name = "Wind-up radio, answer lost";
    const { form, shopId } = await fillAddProduct(page, name, photos.slice(0, 2));
    const keys: (string | null)[] = [];
    // The first send reaches the server, which makes the product; its answer never comes back
    // (the connection is reset). The app's retry must not make a second one.
    await page.route("**/api/shop/product/", async (route) => {
      const request = route.request();
      if (request.method() !== "POST") return route.continue();
      keys.push(await request.headerValue("idempotency-key"));
      if (keys.length === 1) {
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        return route.abort("connectionreset");
      }
      return route.continue();
    });

    await form.getByRole("button", { name: "Add product" }).click();
    await page.waitForURL(/\/item\//, { timeout: 60_000 });
    await visible(page.getByRole("heading", { name, level: 1 }));

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    const products = await productsOfShop(shopId);
    expect(products.map((p) => p.product_name)).toEqual([name]);
    // The reset connection is the one failure the page may log.
    expect(errors.filter((e) => !/ERR_CONNECTION_RESET|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);

  describe.each([
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ])("at $width px", (viewport) => {
    it("shows the bytes sent and their percent; Cancel stops the upload and creates nothing", async () => {
      const context = await browser.newContext({ viewport, serviceWorkers: "block" });
      const page = await context.newPage();
      const errors: string[] = [];
      watchProblems(page, errors);
      const name = `Wind-up radio, cancelled ${viewport.width}`;
      const { form, shopId } = await fillAddProduct(page, name, photos.slice(0, 3));

      // A slow uplink: 24 KB/s, so the upload is seen on its way.
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 100,
        downloadThroughput: -1,
        uploadThroughput: 24 * 1024,
      });
      await form.getByRole("button", { name: "Add product" }).click();
      const progress = /^Uploading \d+(\.\d)? (B|KB|MB) of \d+(\.\d)? (KB|MB) · \d+ %$/;
      const bar = form.getByRole("progressbar", { name: "Upload progress" });
      await expect.poll(() => bar.getAttribute("aria-valuetext"), { timeout: 60_000 }).toMatch(progress);
      await visible(form.getByText(progress));
      await shot(page, `upload-progress-${viewport.width}`);

      await form.getByRole("button", { name: "Cancel upload" }).click();
      await visible(form.getByText("Upload cancelled. Nothing was saved."));
      await expect.poll(() => bar.count()).toBe(0);
      await shot(page, `upload-cancelled-${viewport.width}`);
      expect(await productsOfShop(shopId)).toEqual([]);

      // Sent again on a good link: exactly one product, so the cancelled one left nothing behind.
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
      await form.getByRole("button", { name: "Add product" }).click();
      await page.waitForURL(/\/item\//, { timeout: 60_000 });
      await visible(page.getByRole("heading", { name, level: 1 }));
      expect((await productsOfShop(shopId)).map((p) => p.product_name)).toEqual([name]);
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
});
