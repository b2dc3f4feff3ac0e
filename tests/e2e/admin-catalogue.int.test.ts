import { aCategory, aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Issue 10, the admins' screens, in Chromium at 1280×800 and 360×740: an admin opens the catalogue
// manager from the user menu, adds a category with an image, a sub category, a filter and a value,
// and the category shows on the home carousel; a user asks for verification, the admin rejects it
// with a reason, the user asks again, the admin approves and the user's account shows Verified; a
// shop's request approved gives the owner's shop the tick; a user who is not an admin gets the
// not-allowed page. No console errors, no failed requests.

let server: TestServer;
let browser: Browser;
let picture: Buffer;

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  // Five categories: the home page asks for category 5 (Services).
  for (const name of ["Electronics", "Fashion", "Food", "Home", "Services"])
    await aCategory(server.db, { name });
  picture = await sharp({ create: { width: 320, height: 320, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

async function signedInPage(viewport: { width: number; height: number }, who: Signed, errors: string[]) {
  const page = await browser.newPage({ viewport });
  watchProblems(page, errors);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

/** The user's verification request, sent through the API as the verify-account form sends it. */
async function askVerification(user: Signed) {
  const body = new FormData();
  body.append("email", user.email);
  body.append("phone", user.phone);
  body.append("nin", "CM90012345ABCD");
  body.append("national_id_image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "id.png");
  body.append("user_image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "me.png");
  const response = await fetch(`${server.authUrl}verification/user/`, {
    method: "POST",
    headers: { authorization: `Token ${user.key}` },
    body,
  });
  expect(response.status).toBe(201);
}

/** A shop's verification request, sent through the API as the shop-verification form sends it. */
async function askShopVerification(owner: Signed, shopId: number) {
  const body = new FormData();
  body.append("contact", owner.email);
  body.append("shop", String(shopId));
  body.append("shop_image", new Blob([new Uint8Array(picture)], { type: "image/png" }), "shop.png");
  const response = await fetch(`${server.shopUrl}verification/shop/`, {
    method: "POST",
    headers: { authorization: `Token ${owner.key}` },
    body,
  });
  expect(response.status).toBe(201);
}

describe.each([
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
])("the admins' screens at $width×$height", (viewport) => {
  const size = `${viewport.width}`;

  it("adds a category, a sub category, a filter and a value; the category shows on the home carousel", async () => {
    const admin = await aSignedInUser(server, { role: "admin" });
    const errors: string[] = [];
    const page = await signedInPage(viewport, admin, errors);

    // The user menu has the Admin entry for an admin.
    await page.getByRole("button", { name: "User menu" }).last().click();
    await page.getByRole("link", { name: "Admin" }).click();
    await page.waitForURL(url("/account/manage"));
    await visible(page.getByRole("heading", { name: "Catalogue manager" }));
    await visible(page.getByText("Electronics"));
    await shot(page, `manage-categories-${size}`);

    // Add category: name and image.
    const category = `Books ${size}`;
    await page.getByRole("tab", { name: "Add category" }).click();
    await page.getByLabel("Category name").fill(category);
    await page.getByLabel("Image", { exact: true }).setInputFiles({
      name: "books.png",
      mimeType: "image/png",
      buffer: picture,
    });
    await visible(page.getByRole("img", { name: "Image" }));
    await page.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("Category successfully created"));
    await shot(page, `manage-add-category-${size}`);
    // The same name again, case aside, is refused.
    await page.getByLabel("Category name").fill(category.toUpperCase());
    await page.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("category already exists"));

    // Add sub category under it.
    const sub = `Novels ${size}`;
    await page.getByRole("tab", { name: "Add sub category" }).click();
    await page.getByLabel("Category", { exact: true }).selectOption({ label: category });
    await page.getByLabel("Sub category name").fill(sub);
    await page.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("Sub category successfully created"));

    // The sub-category grid shows it; its edit modal names its category.
    await page.getByRole("tab", { name: "Sub categories" }).click();
    await page.getByRole("button", { name: `Edit ${sub}` }).click();
    const modal = page.getByRole("dialog", { name: "Edit sub category" });
    await visible(modal);
    expect(await modal.getByLabel("Category", { exact: true }).inputValue()).toBe(category);
    await shot(page, `manage-edit-sub-category-${size}`);
    await modal.getByRole("button", { name: "Close" }).click();

    // Add filter, then a value for it.
    await page.getByRole("tab", { name: "Add filter", exact: true }).click();
    await page.getByLabel("Sub category", { exact: true }).selectOption({ label: sub });
    await page.getByLabel("Filter name").fill("Language");
    await page.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("Filter successfully created"));
    await visible(page.getByRole("button", { name: "Edit Language" }));
    await shot(page, `manage-add-filter-${size}`);

    await page.getByRole("tab", { name: "Add filter value" }).click();
    await page.getByLabel("Sub category", { exact: true }).selectOption({ label: sub });
    const filter = page.getByLabel("Filter", { exact: true });
    await expect.poll(() => filter.isEnabled()).toBe(true);
    await filter.selectOption({ label: "Language" });
    await page.getByRole("textbox", { name: "Filter value" }).fill("Luganda");
    await shot(page, `manage-add-filter-value-${size}`);
    await page.getByRole("button", { name: "Create" }).click();
    await visible(page.getByText("filter value successfully created"));

    // The home carousel shows the new category (on a phone, a page further on).
    await page.goto(url("/"));
    const carousel = page.locator('section[aria-roledescription="carousel"][aria-label="Categories"]');
    const tile = carousel.getByRole("link", { name: category });
    await visible(carousel.getByRole("link", { name: "Electronics" }));
    for (let i = 0; i < 3 && !(await tile.isVisible()); i++) {
      await carousel.getByRole("button", { name: /^Next/ }).click();
    }
    await visible(tile);
    await shot(page, `home-carousel-${size}`);
    // The one refusal is the duplicate name's 409, which the page words.
    expect(errors.filter((e) => !/409/.test(e))).toEqual([]);
    await page.close();
  });

  it("rejects a verification request with a reason, approves the next, and the user shows Verified", async () => {
    const admin = await aSignedInUser(server, { role: "admin" });
    const user = await aSignedInUser(server);
    await askVerification(user);
    const errors: string[] = [];
    const page = await signedInPage(viewport, admin, errors);

    // The request is in the list of pending ones; its page shows the data and the private documents.
    await page.goto(url("/account/request-view"));
    await page.getByRole("button", { name: "Pending" }).click();
    await page.getByLabel("Search requests").fill(user.email);
    // The filter and the search answer separately; wait for the row of the pending request itself.
    const row = page.getByRole("link", { name: new RegExp(`${user.name}.*Pending`) });
    await visible(row);
    await shot(page, `request-view-${size}`);
    await row.click();
    await page.waitForURL(/\/account\/request-details\/\d+$/);
    await visible(page.getByText("CM90012345ABCD"));
    await expect
      .poll(() =>
        page
          .locator("figure img")
          .evaluateAll(
            (imgs) => imgs.filter((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 0).length,
          ),
      )
      .toBe(2);
    await shot(page, `request-details-${size}`);

    // Reject with a reason.
    await page.getByRole("button", { name: "Reject" }).click();
    await page.getByLabel("Reason for Rejection").fill("The ID photo is blurred");
    await page.getByRole("button", { name: "Send" }).click();
    await visible(page.getByText("Verification rejected"));
    await visible(page.getByText("The ID photo is blurred"));
    await shot(page, `request-rejected-${size}`);

    // The user asks again; the admin approves the new request.
    await askVerification(user);
    await page.goto(url("/account/request-view"));
    await page.getByRole("button", { name: "Pending" }).click();
    await page.getByLabel("Search requests").fill(user.email);
    // The rejected request is still listed until the Pending filter has answered: pick the pending one.
    await page.getByRole("link", { name: new RegExp(`${user.name}.*Pending`) }).click();
    await page.waitForURL(/\/account\/request-details\/\d+$/);
    await page.getByRole("button", { name: "Approve" }).click();
    await visible(page.getByText("Verification approved"));
    await visible(page.getByRole("button", { name: "Remove Verification" }));
    await shot(page, `request-approved-${size}`);
    expect(errors).toEqual([]);
    await page.close();

    // The user's account shows Verified.
    const userErrors: string[] = [];
    const userPage = await signedInPage(viewport, user, userErrors);
    await userPage.goto(url("/account"));
    await visible(userPage.getByText("Verified", { exact: true }));
    await shot(userPage, `user-verified-${size}`);
    expect(userErrors).toEqual([]);
    await userPage.close();
  });

  it("approves a shop's verification request, and the owner's shop shows the verified tick", async () => {
    const admin = await aSignedInUser(server, { role: "admin" });
    const owner = await aSignedInUser(server);
    const name = `Wandegeya Hardware ${size}`;
    const shop = await aShop(server.db, { owner_id: owner.id, name });
    await askShopVerification(owner, shop.id);
    const errors: string[] = [];
    const page = await signedInPage(viewport, admin, errors);
    await page.goto(url("/account/request-view"));
    await page.getByLabel("Search requests").fill(name);
    await page.getByRole("link", { name: new RegExp(name) }).click();
    await page.waitForURL(/\/account\/request-details\/\d+$/);
    await visible(page.getByRole("heading", { name }));
    await page.getByRole("button", { name: "Approve" }).click();
    await visible(page.getByText("Verification approved"));
    expect(errors).toEqual([]);
    await page.close();

    const ownerErrors: string[] = [];
    const ownerPage = await signedInPage(viewport, owner, ownerErrors);
    await ownerPage.goto(url("/shops/all-shops?tab=mine"));
    const row = ownerPage.getByRole("listitem").filter({ hasText: name });
    await visible(row.getByRole("img", { name: "Verified shop" }));
    await shot(ownerPage, `shop-verified-${size}`);
    expect(ownerErrors).toEqual([]);
    await ownerPage.close();
  });

  it("shows the not-allowed page to a user who is not an admin, and no Admin entry", async () => {
    const user = await aSignedInUser(server);
    const errors: string[] = [];
    const page = await signedInPage(viewport, user, errors);
    await page.getByRole("button", { name: "User menu" }).last().click();
    await visible(page.getByRole("link", { name: "Profile" }));
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    await page.goto(url("/account/manage"));
    await visible(page.getByRole("heading", { name: "Admins only" }));
    await shot(page, `not-allowed-${size}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
