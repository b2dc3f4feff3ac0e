import {
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, homeCategories, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Issue 8 on the product page, in Chromium at 1280×800 and 360×740: a visitor presses Save, gets
// the login-needed popup, logs in and is back on the product; saves it and finds it under Saved
// items; follows the shop and sees its products under Following; rates; writes, edits and deletes
// a review (markup in it shows as text); the shop page's Follow moves the follower count; no console
// errors and no failed requests on the way.

const MARKUP = "<img src=x onerror=alert(1)>";

let server: TestServer;
let browser: Browser;
const products: Record<"lamp" | "radio" | "dress", { slug: string; name: string }> = {} as never;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  const sub = (await aSubCategory(server.db, { category_id: category })).id;
  // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
  const electronics = await aShop(server.db, { name: "Nakasero Electronics" });
  const fabrics = await aShop(server.db, { name: "Kikuubo Fabrics" });
  for (const [key, shop, name] of [
    ["lamp", electronics, "Paraffin lamp"],
    ["radio", electronics, "Solar radio"],
    ["dress", fabrics, "Kitenge dress"],
  ] as const) {
    const row = await aProduct(server.db, { shop_id: shop.id, name, images: [], sub_category_id: sub });
    products[key] = { slug: row.slug, name };
  }
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

/** A page that collects console errors, uncaught errors and failed requests. */
async function watchedPage(viewport: { width: number; height: number }, errors: string[]) {
  const page = await browser.newPage({ viewport });
  watchProblems(page, errors);
  return page;
}

describe.each([
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
])("the product page's engagement at $width×$height", (viewport) => {
  const size = `${viewport.width}`;

  it("takes a visitor through login and back, then saves, follows, rates and reviews", async () => {
    const user = await aSignedInUser(server);
    const errors: string[] = [];
    const page = await watchedPage(viewport, errors);
    const { lamp, radio } = products;

    // A visitor's Save opens the login-needed popup; logging in comes back to the product.
    await page.goto(url(`/item/${lamp.slug}`));
    const save = page.getByRole("button", { name: `Save ${lamp.name}` }).first();
    await save.click();
    const popup = page.getByRole("dialog", { name: "You need to login first" });
    await visible(popup);
    await shot(page, `visitor-popup-${size}`);
    await popup.getByRole("button", { name: "Login" }).click();
    await page.waitForURL(url("/login"));
    await fillLogin(page, user);
    await page.waitForURL(url(`/item/${lamp.slug}`));

    // Save: the bookmark is pressed at once and the product is in Saved items.
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("false");
    await save.click();
    await expect.poll(() => save.getAttribute("aria-pressed")).toBe("true");
    await visible(page.getByText("Saved to your wishlist"));

    // Follow the shop: the button turns to Unfollow.
    const follow = page.getByRole("button", { name: "Follow Nakasero Electronics" });
    await follow.click();
    await expect.poll(() => follow.textContent()).toBe("Unfollow");
    await visible(page.getByText("You are following this shop"));

    // Rate 4.5 stars: the thanks shows for a second and the average follows.
    await page.getByRole("radio", { name: "4.5 stars" }).click();
    await visible(page.getByText("Thanks for rating this product"));
    await shot(page, `rated-${size}`);
    await visible(page.getByText("4.5", { exact: true }));

    // A review with markup shows as text; it is edited inline, then deleted after a confirmation.
    const reviews = page.getByRole("region", { name: /Reviews/ });
    await reviews.scrollIntoViewIfNeeded();
    await visible(reviews.getByText("No comments yet"));
    await reviews.getByLabel("Your review").fill(`  ${MARKUP}  `);
    await reviews.getByRole("button", { name: "Post review" }).click();
    await visible(reviews.getByText(MARKUP, { exact: true }));
    expect(await page.locator("img[src='x']").count()).toBe(0);
    await reviews.getByRole("button", { name: "Edit" }).click();
    const editor = reviews.getByLabel("Edit your review");
    await editor.fill("Bright enough to read by at night");
    await shot(page, `review-editing-${size}`);
    await reviews.getByRole("button", { name: "Save" }).click();
    await visible(reviews.getByText("Bright enough to read by at night"));
    await visible(reviews.getByText("comment successfully edited"));
    await reviews.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this review?" });
    await visible(confirm);
    await shot(page, `review-delete-${size}`);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await visible(reviews.getByText("No comments yet"));

    // The saved product is under Saved items; the followed shop's products under Following.
    await page.goto(url("/account/saved-products"));
    await visible(page.getByRole("heading", { name: lamp.name }));
    await page.goto(url("/"));
    const tab = page.getByRole("tab", { name: "Following" });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    const following = page.getByRole("tabpanel", { name: "Following" });
    await visible(following.getByRole("heading", { name: radio.name }));
    await visible(following.getByRole("heading", { name: lamp.name }));
    // The viewing of the product is in the browse history.
    await page.goto(url("/account/shop-history"));
    await visible(page.getByRole("heading", { name: lamp.name }));

    if (viewport.width <= 360) {
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("follows a shop from its page, and unsaves from a product card", async () => {
    const user = await aSignedInUser(server);
    const errors: string[] = [];
    const page = await watchedPage(viewport, errors);
    await page.goto(url("/login"));
    await fillLogin(page, user);
    await page.waitForURL(url("/"));

    // A card's bookmark saves; pressing it again unsaves.
    await page.goto(url(`/item/${products.dress.slug}`));
    await page.getByRole("link", { name: "Kikuubo Fabrics" }).first().click();
    await page.waitForURL(/\/shops\/shop\//);
    const followers = page.getByRole("button", { name: /Followers?$/ });
    // Each screen size's run adds one follower: count from what the page shows first.
    const count = async () => Number.parseInt((await followers.textContent()) ?? "", 10);
    await expect.poll(count).not.toBeNaN();
    const before = await count();
    await page.getByRole("button", { name: "Follow Kikuubo Fabrics" }).click();
    await expect.poll(count).toBe(before + 1);
    await followers.click();
    await visible(page.getByRole("dialog", { name: "Followers" }).getByText(user.name));
    await shot(page, `shop-followed-${size}`);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog", { name: "Followers" }).count()).toBe(0);

    const bookmark = page.getByRole("button", { name: `Save ${products.dress.name}` }).first();
    await bookmark.click();
    await expect.poll(() => bookmark.getAttribute("aria-pressed")).toBe("true");
    // The bookmark turns at once; the save is stored when the notice says so (a page load before
    // that would cancel the request).
    await visible(page.getByText("Saved to your wishlist"));
    await page.goto(url("/account/saved-products"));
    await visible(page.getByRole("heading", { name: products.dress.name }));
    const saved = page.getByRole("button", { name: `Save ${products.dress.name}` }).first();
    await expect.poll(() => saved.getAttribute("aria-pressed")).toBe("true");
    await saved.click();
    await visible(page.getByText("Removed from your wishlist"));
    expect(errors).toEqual([]);
    await page.close();
  });
});
