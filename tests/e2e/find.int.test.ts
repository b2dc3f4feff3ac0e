import { aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Finding products in Chromium on the demo catalogue (its products carry filter values), at 1280 px
// with the filter sidebar and at 360 px with the bottom sheet: choose a value, a price range and a
// sort; the page's URL opened in a fresh browser page shows the same products; Back undoes the last
// change; a saved search shows on /account/saved-searches, opens and is deleted.

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ seed: "demo", webDir: webBuildDir() });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const screens = [
  { name: "laptop", width: 1280, height: 800 },
  { name: "phone", width: 360, height: 740 },
] as const;

/** The product names the listing shows, in order. */
const names = (page: Page) => page.locator("main article h3").allTextContents();
const chips = (page: Page) => page.getByRole("list", { name: "Chosen filters" }).first();
/** The listing shows the answer to the last choice, not the one it keeps on screen while that loads. */
const settled = (page: Page) => expect.poll(() => page.locator("main [aria-busy='true']").count()).toBe(0);

describe.each(screens)("finding products on a $name ($width px)", ({ name, width, height }) => {
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    const user = await aSignedInUser(server);
    page = await browser.newPage({ viewport: { width, height } });
    watchProblems(page, problems);
    await page.goto(url("/login"));
    await fillLogin(page, user);
    await page.waitForURL(url("/"));
  });
  afterAll(async () => {
    await page?.close();
  });

  /** Where the filters are: the sidebar, or the sheet the Filter button opens (closed by its button). */
  async function inFilters(act: (panel: ReturnType<Page["getByRole"]>) => Promise<void>) {
    if (width > 768) {
      await act(page.getByRole("complementary", { name: "Filters" }));
      return;
    }
    await page.getByRole("button", { name: /^Filter/ }).click();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect.poll(() => sheet.isVisible()).toBe(true);
    await act(sheet);
    await shot(page, `find-sheet-${width}`);
    await sheet.getByRole("button", { name: /^Show/ }).click();
    await expect.poll(() => sheet.isVisible()).toBe(false);
  }

  it("narrows by a value, a price range and a sort; the URL shares it and Back undoes", async () => {
    await page.goto(url("/products/sub-category/Televisions"));
    await expect.poll(async () => (await names(page)).length).toBeGreaterThan(1);
    const all = await names(page);
    await shot(page, `find-listing-${width}`);

    await inFilters(async (panel) => {
      await panel.getByRole("checkbox", { name: /^Smart/ }).check();
      await expect.poll(() => chips(page).getByText("Type: Smart").count()).toBeGreaterThan(0);
      await panel.getByLabel("Highest price").fill("2,000,000");
      await panel.getByRole("button", { name: "Apply price" }).click();
      await expect.poll(() => page.url()).toContain("price_max=2000000");
    });
    await expect
      .poll(() =>
        chips(page)
          .getByRole("button", { name: /Remove Type: Smart/ })
          .isVisible(),
      )
      .toBe(true);
    await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
    await expect.poll(() => page.url()).toContain("sort=price_desc");
    await expect.poll(async () => (await names(page)).length).toBeGreaterThan(0);
    await expect.poll(() => page.getByRole("main").getByLabel("Sort by").inputValue()).toBe("price_desc");
    await settled(page);
    const narrowed = await names(page);
    expect(narrowed.length).toBeLessThan(all.length);
    await shot(page, `find-narrowed-${width}`);
    const shared = page.url();
    expect(shared).toMatch(/value=\d+/);

    const fresh = await browser.newPage({ viewport: { width, height } });
    watchProblems(fresh, problems);
    await fresh.goto(shared);
    await expect.poll(() => names(fresh)).toEqual(narrowed);
    await expect.poll(() => chips(fresh).getByText("Type: Smart").count()).toBeGreaterThan(0);
    await fresh.close();

    await page.goBack();
    await expect.poll(() => page.url()).not.toContain("sort=");
    expect(page.url()).toContain("price_max=2000000");
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("newest");
    await page.goBack();
    await expect.poll(() => page.url()).not.toContain("price_max");

    // Nothing matches: the page says so and offers the choices to remove.
    await page.goto(`${shared}&price_min=1900000`);
    await expect.poll(() => page.getByText("No products match all of these choices.").isVisible()).toBe(true);
    await shot(page, `find-empty-${width}`);
    expect(problems).toEqual([]);
  });

  it("saves the search, lists it, opens it and deletes it", async () => {
    await page.goto(url("/products/sub-category/Televisions?sort=price_asc"));
    await expect.poll(async () => (await names(page)).length).toBeGreaterThan(1);
    const listed = await names(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    const dialog = page.getByRole("dialog", { name: "Save this search" });
    await dialog.getByLabel("Name of the search").fill(`Cheap TVs ${name}`);
    await shot(page, `find-save-${width}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await page.goto(url("/account"));
    await page.getByRole("link", { name: "Saved searches" }).click();
    await page.waitForURL(url("/account/saved-searches"));
    const open = page.getByRole("link", { name: `Open Cheap TVs ${name}` });
    await expect.poll(() => open.isVisible()).toBe(true);
    await shot(page, `find-saved-searches-${width}`);
    await open.click();
    await page.waitForURL(url("/products/sub-category/Televisions?sort=price_asc"));
    await expect.poll(() => names(page)).toEqual(listed);

    await page.goBack();
    await page.getByRole("button", { name: `Delete Cheap TVs ${name}` }).click();
    await expect
      .poll(() => page.getByText("You have no saved searches yet", { exact: false }).isVisible())
      .toBe(true);
    expect(problems).toEqual([]);
  });

  it("shows a product's filters and its shop's district", async () => {
    await page.goto(url("/products/sub-category/Televisions"));
    const first = page.locator("main article").first();
    await expect.poll(() => first.isVisible()).toBe(true);
    await first.getByRole("link").first().click();
    await page.waitForURL(/\/item\//);
    const details = page.getByRole("region", { name: "Details" });
    await expect.poll(() => details.getByRole("rowheader").count()).toBeGreaterThan(0);
    await details.scrollIntoViewIfNeeded();
    await shot(page, `find-product-filters-${width}`);
    await page.locator("main a[href^='/shops/shop/']").first().click();
    await page.waitForURL(/\/shops\/shop\//);
    await expect
      .poll(() =>
        page
          .getByText(/ district$/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await shot(page, `find-shop-district-${width}`);
    expect(problems).toEqual([]);
  });
});

describe("Near me", () => {
  it("asks the browser where the user is only when chosen, then lists the nearest first", async () => {
    const problems: string[] = [];
    // Kampala; the browser answers without a prompt (the permission is granted to the page).
    const page = await browser.newPage({
      viewport: { width: 1280, height: 800 },
      geolocation: { latitude: 0.3136, longitude: 32.5811 },
      permissions: ["geolocation"],
    });
    watchProblems(page, problems);
    await page.addInitScript({
      content: `const ask = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
        window.__asked = 0;
        navigator.geolocation.getCurrentPosition = (...a) => { window.__asked++; return ask(...a); };`,
    });
    await page.goto(url("/products/category/Electronics"));
    await expect.poll(async () => (await names(page)).length).toBeGreaterThan(0);
    expect(await page.evaluate("window.__asked")).toBe(0);
    await page.getByRole("switch", { name: "Near me" }).click();
    await expect.poll(() => page.url()).toContain("near=0.314%2C32.581");
    expect(page.url()).toContain("sort=nearest");
    expect(await page.evaluate("window.__asked")).toBe(1);
    await expect.poll(() => page.getByRole("switch", { name: "Near me (10 km)" }).isVisible()).toBe(true);
    await expect.poll(() => page.getByLabel("Sort by").inputValue()).toBe("nearest");
    await shot(page, "find-near-me-1280");
    expect(problems).toEqual([]);
    await page.close();
  });
});
