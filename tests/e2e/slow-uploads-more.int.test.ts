import { mkdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, BrowserContext, CDPSession, Page, Request } from "playwright-core";
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

// The other pictures a phone sends, in Chromium at 360 px on a slow uplink, as the product form's
// (slow-uploads.int.test.ts): a chat photo, a shop's display image and cover photo, and the
// avatar go shrunk (a 4000×3000 photo leaves at most 1,600 px on its longest side), the bytes sent
// and their percent show with a Cancel that sends nothing, and a chat photo whose answer is lost
// is sent again with the same Idempotency-Key and arrives once.

let server: TestServer;
let browser: Browser;
const fixtures = join(tmpdir(), `katale-slow-uploads-more-${process.pid}`);
const photo = join(fixtures, "photo.jpg");
const phone = { width: 360, height: 740 };

/** A phone-like 4000×3000 JPEG: soft shapes in colour with a fine grain (about 0.5 byte a pixel). */
async function phonePhoto(file: string): Promise<void> {
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
  await noise(160, 120, 60)
    .resize(width, height, { kernel: "cubic" })
    .composite([{ input: grain, raw: { width, height, channels: 3 }, blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toFile(file);
}

beforeAll(async () => {
  mkdirSync(fixtures, { recursive: true });
  await phonePhoto(photo);
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  await homeCategories(server.db);
  browser = await launchChromium();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(fixtures, { recursive: true, force: true });
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);
/** What the bar says while bytes go, e.g. 'Uploading 48 KB of 212 KB · 22 %'. */
const PROGRESS = /^Uploading \d+(\.\d)? (B|KB|MB) of \d+(\.\d)? (KB|MB) · \d+ %$/;
const CANCELLED = "Upload cancelled. Nothing was saved.";

/** A call of a service as `token`'s user (the JSON answer; throws on an error status). */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the contract's, read loosely here
async function call(base: string, path: string, token: string): Promise<any> {
  const answer = await fetch(`${base}${path}`, { headers: { authorization: `Token ${token}` } });
  if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
  return answer.json();
}

/** Every file of `request` is a WebP or JPEG at most 1,600 px on its longest side. */
async function expectShrunk(request: Request, count: number): Promise<void> {
  const files = multipartFiles(request);
  expect(files).toHaveLength(count);
  for (const file of files) {
    expect(file.type).toMatch(/^image\/(webp|jpeg)$/);
    const meta = await sharp(file.bytes).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1600);
  }
  const sent = request.postDataBuffer()?.length ?? 0;
  expect(sent).toBeLessThan((count * statSync(photo).size) / 4);
}

/** The requests of `method` to `pathname`. */
function requestsTo(page: Page, method: string, pathname: string | RegExp): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (
      request.method() === method &&
      (typeof pathname === "string" ? path === pathname : pathname.test(path))
    )
      seen.push(request);
  });
  return seen;
}

/** A signed-in phone (360×740): its context, page and the problems it shows. */
async function signedInPhone(who: { email: string; password: string }) {
  const context = await browser.newContext({ viewport: phone, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors: string[] = [];
  watchProblems(page, errors);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return { context, page, errors };
}

/** A slow uplink (24 KB/s) so the upload is seen on its way; `fast` ends it. */
async function slowUplink(context: BrowserContext, page: Page) {
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 100,
    downloadThroughput: -1,
    uploadThroughput: 24 * 1024,
  });
  return {
    async fast() {
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await cdp.detach();
    },
  };
}

/** The bar shows the bytes sent and their percent (announced politely); a picture is kept of it. */
async function progressShown(page: Page, name: string): Promise<void> {
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await expect.poll(() => bar.getAttribute("aria-valuetext"), { timeout: 60_000 }).toMatch(PROGRESS);
  await visible(page.getByText(PROGRESS));
  expect(
    await page
      .getByRole("status")
      .filter({ hasText: /Uploading|% uploaded/ })
      .count(),
  ).toBe(1);
  await shot(page, name);
}

describe("more pictures on a slow link, at 360 px", () => {
  it("a chat photo goes shrunk with its progress; Cancel sends nothing", async () => {
    const owner = await aSignedInUser(server);
    const shopper = await aSignedInUser(server);
    const shop = await aShop(server.db, { name: "Mbarara Dairy", owner_id: owner.id });
    const slug = (await call(server.shopUrl, `chat/room/get-room/${shop.id}`, shopper.key)).data
      .slug as string;
    const photosIn = async () =>
      (
        (await call(server.shopUrl, `chat/room/${slug}`, owner.key)).data.data.messages as {
          image: unknown;
        }[]
      ).filter((m) => m.image).length;

    const { context, page, errors } = await signedInPhone(shopper);
    const posts = requestsTo(page, "POST", `/api/shop/chat/room/${slug}/photo/`);
    await page.goto(url(`/account/chat-room?room=${slug}`));
    const box = page.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    await expect.poll(() => page.getByRole("button", { name: "Send a picture" }).isEnabled()).toBe(true);

    const link = await slowUplink(context, page);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Send a picture" }).click();
    await (await chooser).setFiles(photo);
    await progressShown(page, "upload-progress-chat-360");
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await visible(page.getByText(CANCELLED));
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(0);
    await shot(page, "upload-cancelled-chat-360");
    expect(await photosIn()).toBe(0);
    expect(await page.getByRole("img", { name: "Picture", exact: true }).count()).toBe(0);

    // Sent again on a good link: it arrives, shrunk, once, with its Idempotency-Key.
    await link.fast();
    const again = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Send a picture" }).click();
    await (await again).setFiles(photo);
    await visible(page.getByRole("img", { name: "Picture", exact: true }));
    expect(await photosIn()).toBe(1);
    const sent = posts.at(-1)!;
    expect(sent.headers()["idempotency-key"]).toMatch(/^"[0-9a-f-]{36}"$/);
    await expectShrunk(sent, 1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("a chat photo whose answer was lost is sent again with the same key and arrives once", async () => {
    const owner = await aSignedInUser(server);
    const shopper = await aSignedInUser(server);
    const shop = await aShop(server.db, { name: "Jinja Crafts", owner_id: owner.id });
    const slug = (await call(server.shopUrl, `chat/room/get-room/${shop.id}`, shopper.key)).data
      .slug as string;
    const { context, page, errors } = await signedInPhone(shopper);
    const keys: (string | null)[] = [];
    await page.route(`**/api/shop/chat/room/${slug}/photo/`, async (route) => {
      keys.push(await route.request().headerValue("idempotency-key"));
      if (keys.length === 1) {
        const answer = await route.fetch();
        expect(answer.status()).toBe(201);
        return route.abort("connectionreset");
      }
      return route.continue();
    });
    await page.goto(url(`/account/chat-room?room=${slug}`));
    await expect.poll(() => page.getByRole("button", { name: "Send a picture" }).isEnabled()).toBe(true);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Send a picture" }).click();
    await (await chooser).setFiles(photo);
    // The first send's message may come on the room's connection before the retry's answer: the
    // send is over once the picture button is free again.
    await visible(page.getByRole("img", { name: "Picture", exact: true }));
    await expect.poll(() => keys.length).toBe(2);
    await expect
      .poll(() => page.getByRole("button", { name: "Send a picture" }).getAttribute("aria-busy"))
      .toBe("false");

    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
    expect(keys[1]).toBe(keys[0]);
    const room = await call(server.shopUrl, `chat/room/${slug}`, owner.key);
    expect((room.data.data.messages as { image: unknown }[]).filter((m) => m.image)).toHaveLength(1);
    await expect.poll(() => page.getByRole("img", { name: "Picture", exact: true }).count()).toBe(1);
    // The reset connection is the one failure the page may log.
    expect(errors.filter((e) => !/ERR_CONNECTION_RESET|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);

  it("a shop's display image and cover photo go shrunk with their progress; Cancel saves nothing", async () => {
    const owner = await aSignedInUser(server);
    const shop = await aShop(server.db, { name: "Lira Hardware", owner_id: owner.id, categories: [1] });
    const images = async () => {
      const { data } = await call(server.shopUrl, `shop/${shop.id}/`, owner.key);
      return [data.display_image, data.cover_image] as (string | null)[];
    };
    const { context, page, errors } = await signedInPhone(owner);
    const patches = requestsTo(page, "PATCH", `/api/shop/shop/${shop.id}/`);
    await page.goto(url(`/account/shop-details?shop=${shop.id}`));
    await visible(page.getByRole("heading", { name: "Lira Hardware" }));
    await page.getByLabel("Display image").setInputFiles(photo);
    await visible(page.getByRole("img", { name: "Display image" }));
    await page.getByLabel("Cover photo").setInputFiles(photo);
    await visible(page.getByRole("img", { name: "Cover photo" }));

    const link = await slowUplink(context, page);
    await page.getByRole("button", { name: "Finish" }).click();
    await progressShown(page, "upload-progress-shop-360");
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await visible(page.getByText(CANCELLED));
    await expect.poll(() => page.getByRole("progressbar").count()).toBe(0);
    await shot(page, "upload-cancelled-shop-360");
    expect(await images()).toEqual([null, null]);

    // Finish on a good link: both pictures are kept, and they went shrunk.
    await link.fast();
    await page.getByRole("button", { name: "Finish" }).click();
    await page.waitForURL(url("/shops/all-shops?tab=mine"), { timeout: 60_000 });
    const [display, cover] = await images();
    expect(display).toEqual(expect.any(String));
    expect(cover).toEqual(expect.any(String));
    await expectShrunk(patches.at(-1)!, 2);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("the avatar goes shrunk with its progress; Cancel changes nothing", async () => {
    const user = await aSignedInUser(server);
    const picture = async () => (await call(server.authUrl, "users/me/", user.key)).user.profile_picture;
    const { context, page, errors } = await signedInPhone(user);
    const patches = requestsTo(page, "PATCH", /\/users\/update_profile_picture\/$/);
    await page.goto(url("/account"));
    await visible(page.getByText("Change picture"));

    const link = await slowUplink(context, page);
    await page.getByLabel("Change picture").setInputFiles(photo);
    await progressShown(page, "upload-progress-avatar-360");
    await page.getByRole("button", { name: "Cancel upload" }).click();
    await visible(page.getByText(CANCELLED));
    expect(await picture()).toBeNull();

    await link.fast();
    await page.getByLabel("Change picture").setInputFiles(photo);
    await visible(page.getByText("Image changed successfully"));
    expect(await picture()).toEqual(expect.any(String));
    await expectShrunk(patches.at(-1)!, 1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
