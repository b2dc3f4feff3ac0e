import {
  aCategory,
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// A signed-in user whose saves, follows, review and browse history were made through the API finds
// them in the account (desktop tabs at 1280×800, the pages of the phone's menu at 360×740) and the
// followed shop's products under the home 'Following' tab; a new user sees the empty states.

const MARKUP = "<img src=x onerror=alert(1)>";

let server: TestServer;
let browser: Browser;
let user: Awaited<ReturnType<typeof aSignedInUser>>;
let newcomer: Awaited<ReturnType<typeof aSignedInUser>>;

/** A call on the shop service with the user's token, as the clients make it. */
async function shopCall(method: "POST" | "GET", path: string, token: string, body?: Record<string, unknown>) {
  const response = await server.app.inject({
    method,
    url: `/api/shop/${path}`,
    headers: { authorization: `Token ${token}` },
    ...(body ? { payload: body } : {}),
  });
  if (response.statusCode >= 300)
    throw new Error(`${method} ${path}: ${response.statusCode} ${response.body}`);
}

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  // The home page's promo grid shows category 5: five categories, the products in the fifth.
  let promoCategory = 0;
  for (let i = 0; i < 5; i++) promoCategory = (await aCategory(server.db)).id;
  const sub = (await aSubCategory(server.db, { category_id: promoCategory })).id;
  // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
  const fabrics = await aShop(server.db, { name: "Kikuubo Fabrics" });
  const electronics = await aShop(server.db, { name: "Nakasero Electronics" });
  const dress = await aProduct(server.db, {
    shop_id: fabrics.id,
    name: "Kitenge dress",
    images: [],
    sub_category_id: sub,
  });
  const radio = await aProduct(server.db, {
    shop_id: electronics.id,
    name: "Solar radio",
    images: [],
    sub_category_id: sub,
  });
  const lamp = await aProduct(server.db, {
    shop_id: electronics.id,
    name: "Paraffin lamp",
    images: [],
    sub_category_id: sub,
  });

  user = await aSignedInUser(server);
  newcomer = await aSignedInUser(server);
  await shopCall("POST", "product/save/", user.key, { token: user.key, product_id: radio.id });
  await shopCall("POST", "shop/follow/", user.key, { token: user.key, shop_id: fabrics.id });
  await shopCall("POST", "product/comment/", user.key, {
    token: user.key,
    product_id: radio.id,
    comment: "Loud and clear in Gulu",
  });
  await shopCall("POST", "product/comment/", user.key, {
    token: user.key,
    product_id: lamp.id,
    comment: MARKUP,
  });
  await shopCall("POST", "product/browse-history/", user.key, { token: user.key, product_id: lamp.id });
  await shopCall("POST", "product/browse-history/", user.key, { token: user.key, product_id: dress.id });

  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (page: Page, locate: (page: Page) => ReturnType<Page["getByText"]>) =>
  expect.poll(() => locate(page).isVisible()).toBe(true);

/** A fresh browser page of the given size, logged in through the login form. */
async function loggedIn(
  who: { email: string; password: string },
  viewport: { width: number; height: number },
  errors: string[],
) {
  const page = await browser.newPage({ viewport });
  watchProblems(page, errors);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

const tabPanel = (page: Page, name: string) => page.getByRole("tabpanel", { name });

/** The home page's 'Following' tab. */
async function openFollowing(page: Page) {
  await page.goto(url("/"));
  const tab = page.getByRole("tab", { name: "Following" });
  await tab.scrollIntoViewIfNeeded();
  await tab.click();
  return tabPanel(page, "Following");
}

describe("the account's lists in the browser", () => {
  it("at 1280×800, shows the saves, follows, reviews and history in the account tabs", async () => {
    const errors: string[] = [];
    const page = await loggedIn(user, { width: 1280, height: 800 }, errors);
    await page.goto(url("/account"));

    await visible(page, (p) => tabPanel(p, "Saved items").getByRole("heading", { name: "Solar radio" }));
    await shot(page, "account-tabs-1280");
    await page.getByRole("tab", { name: "Followed shops" }).click();
    await visible(page, (p) => tabPanel(p, "Followed shops").getByRole("link", { name: /Kikuubo Fabrics/ }));
    await shot(page, "account-followed-1280");
    await page.getByRole("tab", { name: "Your reviews" }).click();
    await visible(page, (p) => tabPanel(p, "Your reviews").getByText("Loud and clear in Gulu"));
    // Markup typed into a review shows as text, never as an element.
    await visible(page, (p) => tabPanel(p, "Your reviews").getByText(MARKUP));
    await shot(page, "account-reviews-1280");
    expect(await page.locator("img[src='x']").count()).toBe(0);
    await page.getByRole("tab", { name: "Browse history" }).click();
    const history = tabPanel(page, "Browse history").getByRole("heading", { level: 3 });
    await expect.poll(() => history.allTextContents()).toEqual(["Kitenge dress", "Paraffin lamp"]);

    await page.goto(url("/account/saved-products"));
    await visible(page, (p) => p.getByRole("heading", { name: "Solar radio" }));
    await shot(page, "saved-products-1280");
    await page.goto(url("/account/wishlist"));
    await visible(page, (p) => p.getByRole("heading", { name: "Solar radio" }));

    const following = await openFollowing(page);
    await visible(page, () => following.getByRole("heading", { name: "Kitenge dress" }));
    expect(await following.getByRole("heading", { name: "Solar radio" }).count()).toBe(0);
    await shot(page, "home-following-1280");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("at 360×740, reaches each list from the account menu", async () => {
    const errors: string[] = [];
    const page = await loggedIn(user, { width: 360, height: 740 }, errors);
    await page.goto(url("/account"));
    await shot(page, "account-menu-360");
    await page.getByRole("link", { name: "Saved items" }).click();
    await page.waitForURL(url("/account/saved-products"));
    await visible(page, (p) => p.getByRole("heading", { name: "Solar radio" }));
    await shot(page, "saved-products-360");

    await page.goto(url("/account/followed-shops"));
    await visible(page, (p) => p.getByRole("link", { name: /Kikuubo Fabrics/ }));
    await page.goto(url("/account/reviews"));
    await visible(page, (p) => p.getByText("Loud and clear in Gulu"));
    await visible(page, (p) => p.getByText(MARKUP));
    await page.goto(url("/account/shop-history"));
    await visible(page, (p) => p.getByRole("heading", { name: "Kitenge dress" }));
    await visible(page, (p) => p.getByRole("heading", { name: "Paraffin lamp" }));

    const following = await openFollowing(page);
    await visible(page, () => following.getByRole("heading", { name: "Kitenge dress" }));
    await following.scrollIntoViewIfNeeded();
    await shot(page, "home-following-360");
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 360, height: 740 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}, shows a new user the empty states`, async () => {
      const errors: string[] = [];
      const page = await loggedIn(newcomer, viewport, errors);
      const empties = [
        ["/account/saved-products", "No products in wish list or they are out of stock"],
        ["/account/wishlist", "No products in wish list or they are out of stock"],
        ["/account/followed-shops", "You don't follow any shop"],
        ["/account/reviews", "No comments yet"],
        ["/account/shop-history", "You don't have any browse history"],
      ] as const;
      for (const [path, empty] of empties) {
        await page.goto(url(path));
        await visible(page, (p) => p.getByText(empty));
      }
      if (viewport.width > 768) {
        await page.goto(url("/account"));
        await visible(page, (p) => tabPanel(p, "Saved items").getByText(empties[0][1]));
        await page.getByRole("tab", { name: "Browse history" }).click();
        await visible(page, (p) => tabPanel(p, "Browse history").getByText(empties[4][1]));
      }
      const following = await openFollowing(page);
      await visible(page, () =>
        following.getByText("No products from the shops you follow or they are out of stock"),
      );
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("asks a visitor to log in under Following", async () => {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const following = await openFollowing(page);
    await visible(page, () => following.getByText("Login first to view products"));
    await page.close();
  });
});
