import {
  aFollow,
  aProduct,
  aRating,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, homeCategories, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// The spec's last small faults, in Chromium at 1280×800 and 360×740, as a user meets them: ratings
// counted as ratings, '1 Follower', the bottom bar's Chats button named by its text, the request list
// at /account/request-details, a way out for a non-owner of a shop's admin page, the Add Service
// form's wording, and a text file named .png refused by the picture picker at once.

let server: TestServer;
let browser: Browser;
let shopName = "";
let productSlug = "";

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  const sub = (await aSubCategory(server.db, { category_id: category, name: "Plumbing" })).id;
  // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
  const shop = await aShop(server.db, { name: "Kisenyi Taps" });
  shopName = shop.name;
  await aFollow(server.db, { shop_id: shop.id });
  const product = await aProduct(server.db, {
    shop_id: shop.id,
    name: "Brass tap",
    images: [],
    sub_category_id: sub,
  });
  productSlug = product.slug;
  for (const rating of [8, 6, 7, 8, 7]) await aRating(server.db, { product_id: product.id, rating });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

async function signedIn(page: Page, role?: "admin") {
  const user = await aSignedInUser(server, role ? { role } : {});
  await page.goto(url("/login"));
  await fillLogin(page, user);
  await page.waitForURL(url("/"));
  return user;
}

describe.each([
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
])("the spec's small faults at $width×$height", (viewport) => {
  const size = `${viewport.width}`;

  it("counts ratings as ratings, followers in the singular, and names the Chats button by its text", async () => {
    const errors: string[] = [];
    const page = await browser.newPage({ viewport });
    watchProblems(page, errors);
    // Home's Trending (product/trending/) shows the rated product.
    await page.goto(url("/"));
    await visible(page.getByRole("heading", { name: "Trending products" }));
    await visible(page.getByText("(5 ratings)").first());
    await shot(page, `partials-home-${size}`);
    await page.goto(url(`/item/${productSlug}`));
    await visible(page.getByRole("heading", { name: "Brass tap", level: 1 }));
    await visible(page.getByText("(5 ratings)").first());
    expect(await page.getByText(/Reviews\)/).count()).toBe(0);
    await shot(page, `partials-ratings-${size}`);

    if (viewport.width === 360) {
      // The bottom bar's button: its name is the text a user sees (and says) on it.
      const bar = page.getByRole("navigation", { name: "Home" });
      const chat = bar.getByRole("button", { name: "Chats", exact: true });
      await visible(chat);
      expect(await chat.getAttribute("aria-label")).toBeNull();
      expect((await chat.innerText()).trim()).toBe("Chats");
    }

    await page.getByRole("link", { name: shopName }).first().click();
    await page.waitForURL(/\/shops\/shop\//);
    await visible(page.getByRole("button", { name: "1 Follower" }));
    await visible(page.getByText(/^\s*1\s+Item\s*$/));
    await shot(page, `partials-follower-${size}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the request list at /account/request-details with no id", async () => {
    const page = await browser.newPage({ viewport });
    await signedIn(page, "admin");
    await page.goto(url("/account/request-details"));
    await visible(page.getByRole("heading", { name: "Verification requests" }));
    await shot(page, `partials-request-details-${size}`);
    await page.close();
  });

  it("gives a non-owner of a shop's admin page the way to its public page", async () => {
    const page = await browser.newPage({ viewport });
    await signedIn(page);
    await page.goto(url(`/account/admin-shop/${encodeURIComponent(shopName)}`));
    await visible(page.getByText("You are not the owner of this shop"));
    expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    const link = page.getByRole("link", { name: `See ${shopName}'s page` });
    await visible(link);
    await shot(page, `partials-not-owner-${size}`);
    await link.click();
    await page.waitForURL(/\/shops\/shop\//);
    await visible(page.getByRole("heading", { name: shopName }).first());
    await page.close();
  });

  it("words the empty Add Service form's title, and refuses a text file named .png at once", async () => {
    const page = await browser.newPage({ viewport });
    const user = await signedIn(page);
    const shop = await aShop(server.db, { owner_id: user.id, name: `Ntinda Plumbers ${size}` });

    await page.goto(url(`/account/add-service-banner?shop=${shop.id}`));
    await visible(page.getByRole("heading", { name: "Add Service" }));
    const service = page.locator("form", { has: page.getByLabel("Service Banner Title") });
    await service.getByRole("button", { name: "Post" }).click();
    await visible(service.getByText("Enter the service banner's title"));
    expect(await service.getByText("Enter the product's name").count()).toBe(0);
    await shot(page, `partials-service-empty-${size}`);

    await page.goto(url(`/account/add-product?shop=${shop.id}`));
    await visible(page.getByRole("heading", { name: "Add product" }));
    const product = page.locator("form", { has: page.getByLabel("Product name") });
    await product.getByLabel("Add images").setInputFiles({
      name: "price-list.png",
      mimeType: "image/png",
      buffer: Buffer.from("Brass tap 25,000\nElbow 3,000\n"),
    });
    const refusal = product.getByRole("alert").getByText("Choose image files (JPEG, PNG or WebP)");
    await visible(refusal);
    await refusal.scrollIntoViewIfNeeded();
    expect(await product.getByRole("listitem").count()).toBe(0);
    await shot(page, `partials-not-an-image-${size}`);
    await page.close();
  });
});
