import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser.js";

// A visitor browses the built web app in Debian's Chromium, served by the real server on a fresh
// database with the demo seed, on a laptop and on a small phone.

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const webDir = join(root, "packages", "web", "dist");

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  // tests/build-clients.global-setup.ts has built the web app.
  if (!existsSync(join(webDir, "index.html"))) throw new Error(`no web build in ${webDir}`);
  server = await startTestServer({ seed: "demo", webDir });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A carousel by its label (the section around it carries the same name). */
const carousel = (page: Page, label: string) =>
  page.locator(`[aria-roledescription="carousel"][aria-label="${label}"]`);

const screens = [
  { name: "laptop", width: 1280, height: 800 },
  { name: "phone", width: 360, height: 740 },
] as const;

describe.each(screens)("a visitor on a $name ($width px)", ({ width, height }) => {
  let page: Page;
  const url = (path: string) => `${server.baseUrl}${path}`;
  /** Whatever the page's Content-Security-Policy refused along the visit. */
  const refused: string[] = [];

  beforeAll(async () => {
    page = await browser.newPage({ viewport: { width, height } });
    // As text: this file is typed for Node, the listener runs in the page.
    await page.addInitScript({
      content: `document.addEventListener("securitypolicyviolation", (e) =>
        console.error("CSP refused " + e.violatedDirective + " " + e.blockedURI));`,
    });
    page.on("console", (m) => {
      if (m.text().startsWith("CSP refused")) refused.push(`${page.url()}: ${m.text()}`);
    });
  });
  afterAll(async () => {
    await page?.close();
  });

  it("sees every home section filled from the seed and pages the carousels", async () => {
    await page.goto(url("/"));
    for (const title of [
      "Categories",
      "Trending products",
      "Services",
      "Shop category",
      "Featured shops",
      "Explorer Listings",
    ]) {
      await expect
        .poll(() => page.getByRole("heading", { name: title, exact: true }).first().isVisible())
        .toBe(true);
    }
    await expect.poll(() => carousel(page, "Featured products").getByRole("link").count()).toBe(1);
    const featured = page.locator("section[aria-labelledby='section-featured-shops'] li");
    await expect.poll(() => featured.count()).toBe(4);

    const categories = carousel(page, "Categories");
    const firstCategory = async () => (await categories.getByRole("link").first().textContent()) ?? "";
    const trending = carousel(page, "Trending products");
    const firstTrending = async () => (await trending.getByRole("heading").first().textContent()) ?? "";
    const before = await firstTrending();
    await trending.getByRole("button", { name: /^Next/ }).click();
    await expect.poll(firstTrending).not.toBe(before);
    if (width <= 768) {
      const start = await firstCategory();
      await categories.getByRole("button", { name: /^Next/ }).click();
      await expect.poll(firstCategory).not.toBe(start);
      await categories.getByRole("button", { name: /^Previous/ }).click();
      await expect.poll(firstCategory).toBe(start);
    }
    const banner = carousel(page, "Featured products");
    const slide = async () => (await banner.getByRole("link").first().getAttribute("href")) ?? "";
    const firstSlide = await slide();
    await banner.getByRole("button", { name: "Next", exact: true }).click();
    await expect.poll(slide).not.toBe(firstSlide);
  });

  it("scrolls 'For you' until it stops", async () => {
    const cards = page.getByRole("tabpanel").getByRole("article");
    const end = page.getByText("No more products");
    // 306 seeded products, 8 a page: keep scrolling while each scroll brings more.
    for (let i = 0; i < 60 && !(await end.isVisible()); i++) {
      const before = await cards.count();
      // Like a thumb: bring the end of the list into view (a jump past the footer would skip it).
      if (before > 0) await cards.last().scrollIntoViewIfNeeded();
      else await page.getByRole("tabpanel").scrollIntoViewIfNeeded();
      // Wait for what the thumb waits for: the next card, or the end of the list.
      await cards.nth(before).or(end).first().waitFor({ state: "visible", timeout: 10_000 });
    }
    await expect.poll(() => end.isVisible()).toBe(true);
    const total = await cards.count();
    expect(total).toBeGreaterThan(8);
    await page.getByRole("tab", { name: "Following" }).click();
    await expect.poll(() => page.getByText("Login first to view products").isVisible()).toBe(true);
    // 39 pages fetched and drawn one after another: a real walk, longer than one page's default.
  }, 150_000);

  it("opens a category, a sub category, a product and its shop", async () => {
    await page.goto(url("/"));
    const category = carousel(page, "Categories").getByRole("link").first();
    const categoryName = ((await category.textContent()) ?? "").trim();
    await category.click();
    await expect
      .poll(() => page.getByRole("heading", { name: `Sub categories for ${categoryName}` }).isVisible())
      .toBe(true);
    const sub = page
      .getByRole("list", { name: `Sub categories for ${categoryName}` })
      .getByRole("link")
      .first();
    const subName = ((await sub.textContent()) ?? "").trim();
    await sub.click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: subName }).isVisible()).toBe(true);
    const product = page.locator("main article").first();
    const productName = ((await product.getByRole("heading").textContent()) ?? "").trim();
    await product.getByRole("link").click();
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: productName }).isVisible())
      .toBe(true);
    expect(page.url()).toContain("/item/");
    const shopLink = page
      .locator("main")
      .getByRole("link")
      .filter({ hasText: /\S/ })
      .and(page.locator("a[href^='/shops/shop/']"))
      .first();
    const shopName = ((await shopLink.textContent()) ?? "").trim();
    await shopLink.click();
    await expect.poll(() => page.getByRole("heading", { level: 1, name: shopName }).isVisible()).toBe(true);
    expect(page.url()).toMatch(/\/shops\/shop\/[A-Za-z0-9+_=]+$/);
  });

  it("searches for a seeded product and for nonsense", async () => {
    await page.goto(url("/"));
    const box = page.getByRole("searchbox", { name: "Search products" }).filter({ visible: true });
    await box.fill("bicycle");
    await box.press("Enter");
    await expect.poll(() => page.url()).toContain("/products/search/bicycle");
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "Results for “bicycle”" }).isVisible())
      .toBe(true);
    await expect.poll(() => page.locator("main article").count()).toBeGreaterThan(0);
    await box.fill("zzqxv nonsense");
    await box.press("Enter");
    await expect.poll(() => page.getByText("Nothing matches").isVisible()).toBe(true);
    expect(await page.locator("main article").count()).toBe(0);
  });

  it("is told a missing product does not exist and taken home", async () => {
    await page.goto(url("/item/no-such-product-anywhere"));
    await expect.poll(() => page.getByText("Product does not exist").isVisible()).toBe(true);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 5000 }).toBe("/");
  });

  it("sees the not-found picture on an unknown path and is sent from /account to /login", async () => {
    await page.goto(url("/no/such/page"));
    await expect.poll(() => page.getByRole("img", { name: /Page not found/ }).isVisible()).toBe(true);
    await page.goto(url("/account/saved-products"));
    await expect.poll(() => new URL(page.url()).pathname).toBe("/login");
  });

  it("ran every screen under the page's strict Content-Security-Policy without a refusal", async () => {
    const response = await page.goto(url("/"));
    const policy = (await response?.headerValue("content-security-policy")) ?? "";
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(refused).toEqual([]);
  });
});
