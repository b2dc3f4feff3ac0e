import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aCategory,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Issue 9, the shop owner's product screens in Chromium at 1280×800 and 360×740: a signed-in user
// who owns a shop adds a product with three pictures from files (resized in the browser), finds it
// on home, in search and on the shop page, edits its price and pictures, sets its stock to 0 (it
// leaves the public lists), deletes it after a confirmation, and posts a service banner that opens
// 3 s later. No console errors and no failed requests on the way.

let server: TestServer;
let browser: Browser;
const fixtures = join(tmpdir(), `katale-seller-products-${process.pid}`);
const files = {
  front: join(fixtures, "front.jpg"),
  back: join(fixtures, "back.png"),
  side: join(fixtures, "side.jpg"),
  label: join(fixtures, "label.png"),
  van: join(fixtures, "van.jpg"),
};

/** A photo-sized picture of one colour with a stripe, so previews differ. */
async function picture(file: string, width: number, height: number, colour: string) {
  const stripe = await sharp({
    create: { width: Math.round(width / 4), height, channels: 3, background: "#ffffff" },
  })
    .png()
    .toBuffer();
  const image = sharp({ create: { width, height, channels: 3, background: colour } }).composite([
    { input: stripe, left: Math.round(width / 3), top: 0 },
  ]);
  await (file.endsWith(".png") ? image.png() : image.jpeg({ quality: 90 })).toFile(file);
}

beforeAll(async () => {
  mkdirSync(fixtures, { recursive: true });
  await Promise.all([
    // Larger than the server keeps (1200 px wide): the browser shrinks it before sending.
    picture(files.front, 2400, 1800, "#c2410c"),
    picture(files.back, 900, 900, "#15803d"),
    picture(files.side, 1500, 2000, "#1d4ed8"),
    picture(files.label, 640, 480, "#a16207"),
    picture(files.van, 1600, 900, "#7e22ce"),
  ]);
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  // Category 5 is Services (spec §9).
  for (const name of ["Electronics", "Fashion", "Home", "Food", "Services"])
    await aCategory(server.db, { name });
  await aSubCategory(server.db, { category_id: 1, name: "Radios" });
  await aSubCategory(server.db, { category_id: 1, name: "Lamps" });
  await aSubCategory(server.db, { category_id: 5, name: "Plumbing" });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

/** The shop service's answer to `path`, as JSON. */
async function shopApi(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.shopUrl}${path}`, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A shop of `key`'s user, created through POST shop/ as the app does. */
async function aShopOf(key: string, name: string): Promise<number> {
  const answer = await shopApi("shop/", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Token ${key}` },
    body: JSON.stringify({ name, category: [1], location_latitude: 0.3476, location_longitude: 32.5825 }),
  });
  if (answer.status !== 201) throw new Error(`shop: ${JSON.stringify(answer.body)}`);
  return (answer.body.data as { id: number }).id;
}

/** Every preview in `within` has loaded and has a size. */
function previewsShown(within: ReturnType<Page["locator"]>): Promise<boolean> {
  // Runs in the page: `complete` and `naturalWidth` of each <img>.
  return within.locator("img").evaluateAll((images) =>
    images.every((img) => {
      const image = img as unknown as { complete: boolean; naturalWidth: number };
      return image.complete && image.naturalWidth > 0;
    }),
  );
}

interface ProductWire {
  product_id: number;
  product_name: string;
  slug: string;
  price: number;
  in_stock: number;
  images: string[];
}

async function productsOfShop(shopId: number, stock: "in" | "out" = "in"): Promise<ProductWire[]> {
  const answer = await shopApi(`product/shop/${shopId}/${stock === "out" ? "?stock_type=out" : ""}`);
  return answer.body.data as ProductWire[];
}

describe.each([
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
])("a shop owner's products at $width×$height", (viewport) => {
  const size = `${viewport.width}`;

  it("adds a product with three pictures, finds it, edits it, sets it out of stock and deletes it", async () => {
    const user = await aSignedInUser(server);
    const shopName = `Mbale Radios ${size}`;
    const shopId = await aShopOf(user.key, shopName);
    const name = `Solar radio ${size}`;
    const errors: string[] = [];
    const page = await browser.newPage({ viewport });
    watchProblems(page, errors);

    await page.goto(url("/login"));
    await fillLogin(page, user);
    await page.waitForURL(url("/"));

    // The form of spec §2; nothing filled in says what is missing.
    await page.goto(url(`/account/add-product?shop=${shopId}`));
    const form = page.locator("form", { has: page.getByLabel("Product name") });
    await visible(page.getByRole("heading", { name: "Add product" }));
    await form.getByRole("button", { name: "Add product" }).click();
    await visible(form.getByText("Enter the product's name"));
    await visible(form.getByText("Add at least one image"));
    await shot(page, `add-product-errors-${size}`);

    await form.getByLabel("Product name").fill(name);
    await form.getByLabel("Category", { exact: true }).selectOption({ label: "Electronics" });
    await form.getByLabel("Sub category").selectOption({ label: "Radios" });
    await form
      .getByLabel("Description")
      .fill(
        "A solar radio with a torch and a phone charger; three hours of sun give a whole night of music.",
      );
    await form.getByLabel("Price (UGX)").fill("85,000");
    await form.getByLabel("In stock").fill("4");
    await form.getByLabel("Add images").setInputFiles([files.front, files.back, files.side]);
    await expect.poll(() => form.getByRole("listitem").count()).toBe(3);
    // The side view becomes the display image: moved to the front with the keyboard.
    await form.getByRole("button", { name: "Move image 3 earlier" }).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await visible(form.getByText("Image moved to position 1"));
    await expect.poll(() => previewsShown(form)).toBe(true);
    await shot(page, `add-product-filled-${size}`);
    // A slow service: the answer waits 5 s, so the bar is seen full (every byte sent) and the button
    // busy while the service still works on the pictures (two cores shared with other tests: room to spare).
    await page.route("**/api/shop/product/", async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 5000));
      await route.continue();
    });
    await form.getByRole("button", { name: "Add product" }).click();
    const bar = form.getByRole("progressbar", { name: "Upload progress" });
    await expect.poll(() => bar.getAttribute("aria-valuetext", { timeout: 5000 })).toBe("Almost done");
    expect(await bar.getAttribute("aria-valuenow")).toBe("100");
    await visible(form.getByRole("button", { name: "Adding" }));
    await page.waitForTimeout(400); // the bar's width eases in over 300 ms: the picture after it
    await shot(page, `add-product-uploading-${size}`);

    // Its page opens: /item/<slug>.
    await page.waitForURL(/\/item\//, { timeout: 30_000 });
    await page.unroute("**/api/shop/product/");
    await visible(page.getByRole("heading", { name, level: 1 }));
    await shot(page, `product-added-${size}`);
    const [added] = await productsOfShop(shopId);
    expect(added).toMatchObject({ product_name: name, price: 85_000, in_stock: 4 });
    expect(added?.images).toHaveLength(3);
    expect(page.url()).toBe(url(`/item/${added?.slug}`));
    // The side view (1500×2000) is first, shrunk to the 1200 px the server keeps.
    const first = await fetch(url(added!.images[0]!));
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);

    // Found on home, in search and on the shop page.
    await page.goto(url("/"));
    await visible(page.getByRole("heading", { name }).first());
    const box = page.getByRole("searchbox", { name: "Search products" }).filter({ visible: true });
    await box.fill("solar radio");
    await box.press("Enter");
    await page.waitForURL(/\/products\/search\//);
    await visible(page.getByRole("heading", { name }).first());
    await page.getByRole("heading", { name }).first().click();
    await page.waitForURL(/\/item\//);
    await page.getByRole("link", { name: shopName }).first().click();
    await page.waitForURL(/\/shops\/shop\//);
    await visible(page.getByRole("heading", { name }).first());

    // Edit: the price, one picture out and one in; only that is sent.
    await page.goto(url(`/account/edit-product/${added!.product_id}`));
    const edit = page.locator("form", { has: page.getByLabel("Product name") });
    await expect.poll(() => edit.getByLabel("Product name").inputValue()).toBe(name);
    await expect.poll(() => edit.getByLabel("Sub category").inputValue()).not.toBe("");
    await edit.getByLabel("Price (UGX)").fill("79500");
    await edit.getByRole("button", { name: "Remove image 2" }).click();
    await edit.getByLabel("Add images").setInputFiles([files.label]);
    await expect.poll(() => edit.getByRole("listitem").count()).toBe(3);
    await expect.poll(() => previewsShown(edit)).toBe(true);
    await shot(page, `edit-product-${size}`);
    await edit.getByRole("button", { name: "Save changes" }).click();
    await visible(edit.getByText("Successfully edited the product"));
    const [edited] = await productsOfShop(shopId);
    expect(edited?.price).toBe(79_500);
    expect(edited?.images).toHaveLength(3);
    expect(edited?.images[0]).toBe(added?.images[0]);
    expect(edited?.images[1]).toBe(added?.images[2]);
    expect(edited?.images[2]).not.toBe(added?.images[1]);

    // The last picture moved to the front: the order chosen is the order kept (the pictures after
    // the first are sent again, as the PATCH call can only add after the kept ones).
    await edit.getByRole("button", { name: "Move image 3 earlier" }).click();
    await edit.getByRole("button", { name: "Move image 2 earlier" }).click();
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await productsOfShop(shopId))[0]?.images[0]).toBe(edited?.images[2]);
    const [reordered] = await productsOfShop(shopId);
    expect(reordered?.images).toHaveLength(3);
    expect(reordered?.price).toBe(79_500);
    await expect.poll(() => previewsShown(edit)).toBe(true);
    await shot(page, `edit-product-reordered-${size}`);

    // Stock 0: it leaves the public lists and waits under Out stock.
    await edit.getByLabel("In stock").fill("0");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(async () => (await productsOfShop(shopId)).length).toBe(0);
    expect((await productsOfShop(shopId, "out")).map((p) => p.product_name)).toEqual([name]);
    // The owner finds it under the admin page's Out stock tab, and its Edit link leads back to the form.
    await page.goto(url(`/account/admin-shop/${shopId}`));
    await page.getByRole("tab", { name: "Out stock" }).click();
    const outStock = page.getByRole("tabpanel", { name: "Out stock" });
    await visible(outStock.getByRole("link", { name: `Edit ${name}` }));
    await shot(page, `admin-shop-out-stock-${size}`);
    await page.getByRole("tab", { name: "Product" }).click();
    await visible(page.getByRole("tabpanel", { name: "Product" }).getByText("no products"));
    await page.getByRole("tab", { name: "Out stock" }).click();
    await outStock.getByRole("link", { name: `Edit ${name}` }).click();
    await page.waitForURL(url(`/account/edit-product/${added!.product_id}`));

    // Delete asks first; Cancel keeps it, Delete removes it and opens the shop's admin page.
    await page.getByRole("button", { name: "Delete product" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this product?" });
    await visible(confirm);
    await shot(page, `delete-product-${size}`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.getByRole("button", { name: "Delete product" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await page.waitForURL(url(`/account/admin-shop/${shopId}`));
    expect((await shopApi(`product/${added!.product_id}/`)).status).toBe(404);

    if (viewport.width <= 360) {
      await page.goto(url(`/account/add-product?shop=${shopId}`));
      await visible(page.getByRole("heading", { name: "Add product" }));
      expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("posts a service banner and opens it 3 s later", async () => {
    const user = await aSignedInUser(server);
    const shopId = await aShopOf(user.key, `Ntinda Plumbers ${size}`);
    const title = `Emergency plumber ${size}`;
    const errors: string[] = [];
    const page = await browser.newPage({ viewport });
    watchProblems(page, errors);
    await page.goto(url("/login"));
    await fillLogin(page, user);
    await page.waitForURL(url("/"));

    await page.goto(url(`/account/add-service-banner?shop=${shopId}`));
    await visible(page.getByRole("heading", { name: "Add Service" }));
    const form = page.locator("form", { has: page.getByLabel("Service Banner Title") });
    await form.getByLabel("Service Banner Title").fill(title);
    await form.getByLabel("Category", { exact: true }).selectOption({ label: "Plumbing" });
    await form.getByLabel("Price (UGX)").fill("30000");
    await form.getByLabel("Description").fill("Leaks, blocked drains and new taps fitted the same day.");
    await form.getByLabel("Add images").setInputFiles([files.van]);
    await expect.poll(() => form.getByRole("listitem").count()).toBe(1);
    await shot(page, `service-banner-${size}`);
    await form.getByRole("button", { name: "Post" }).click();
    await visible(page.getByText(/Service posted/));
    await shot(page, `service-posted-${size}`);
    await page.waitForURL(url("/item"), { timeout: 10_000 });
    await visible(page.getByRole("heading", { name: title, level: 1 }));
    const [service] = await productsOfShop(shopId);
    expect(service).toMatchObject({ product_name: title, price: 30_000 });
    expect(service?.images).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
