import {
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, homeCategories, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Reports and moderation in Chromium, at 1280×800 and 360×740: a shopper reports a product from its
// page, an admin hides it from the moderation page with a note, and the product is gone for a
// visitor while its owner sees it with the moderators' note. A shopper reports the shop's chat
// message from the keyboard, and it is among the admin's open reports. No console errors, no failed
// requests (but the 404 for the hidden product the visitor and the owner's first read get).

let server: TestServer;
let browser: Browser;
type Signed = Awaited<ReturnType<typeof aSignedInUser>>;
let owner: Signed;
let shopper: Signed;
let admin: Signed;
let shopId = 0;
let subId = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  subId = (await aSubCategory(server.db, { category_id: category })).id;
  owner = await aSignedInUser(server);
  shopper = await aSignedInUser(server);
  admin = await aSignedInUser(server, { role: "admin" });
  shopId = (await aShop(server.db, { name: "Owino Watches", owner_id: owner.id })).id;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: Locator) => expect.poll(() => locator.isVisible()).toBe(true);

async function aPage(viewport: { width: number; height: number }, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchProblems(page, errors);
  return page;
}

async function signedInPage(
  who: { email: string; password: string },
  viewport: { width: number; height: number },
  errors: string[],
): Promise<Page> {
  const page = await aPage(viewport, errors);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

describe.each([
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
])("reporting and moderating at $width×$height", (viewport) => {
  const size = `${viewport.width}`;

  it("a shopper reports a product, an admin hides it, it is gone for a visitor and bannered for its owner", async () => {
    const name = `Fake Rolex watch ${size}`;
    // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
    const { slug } = await aProduct(server.db, { shop_id: shopId, name, images: [], sub_category_id: subId });
    const errors: string[] = [];

    // The shopper reports it from its page.
    const shop = await signedInPage(shopper, viewport, errors);
    await shop.goto(url(`/item/${slug}`));
    await shop.getByRole("button", { name: "Report", exact: true }).click();
    const dialog = shop.getByRole("dialog", { name: "Report this product" });
    await visible(dialog);
    await dialog.getByRole("radio", { name: "Counterfeit" }).check();
    await dialog.getByLabel("Details (optional)").fill("Sold as an original Rolex for 80,000");
    await shot(shop, `report-dialog-${size}`);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await visible(dialog.getByText("Thanks, our team will look at it"));
    expect(await shop.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width);
    await shot(shop, `report-sent-${size}`);

    // The admin finds it among the open reports, from the account menu, and hides it with a note.
    const desk = await signedInPage(admin, viewport, errors);
    await desk.goto(url("/account"));
    await desk.getByRole("link", { name: "Moderation" }).click();
    await desk.waitForURL(url("/account/moderation"));
    const card = desk.getByRole("article", { name });
    await visible(card);
    await visible(card.getByText("Sold as an original Rolex for 80,000"));
    await visible(card.getByText(/Reported by/));
    expect(await desk.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width);
    await shot(desk, `moderation-open-${size}`);
    await card.getByLabel("Note (shown to the owner)").fill("Counterfeit goods");
    await card.getByRole("button", { name: "Hide" }).click();
    await expect.poll(() => card.count()).toBe(0);
    await desk.getByRole("tab", { name: "Resolved" }).click();
    const resolved = desk.getByRole("article", { name });
    await visible(resolved.getByText("Resolved: Hide. Note: Counterfeit goods"));
    await visible(resolved.getByRole("button", { name: "Restore" }));
    await shot(desk, `moderation-resolved-${size}`);

    // A visitor: the product does not exist.
    const visitorErrors: string[] = [];
    const visitor = await aPage(viewport, visitorErrors);
    await visitor.goto(url(`/item/${slug}`));
    await expect
      .poll(
        async () =>
          (await visitor.getByText("Product does not exist").isVisible()) || visitor.url() === url("/"),
      )
      .toBe(true);
    expect(visitorErrors.every((e) => e.startsWith("404 ") || e.includes("404"))).toBe(true);

    // Its owner sees it, with the moderators' note.
    // (The page asks first as anyone does, and with the owner's token after that 404.)
    const ownErrors: string[] = [];
    const own = await signedInPage(owner, viewport, ownErrors);
    await own.goto(url(`/item/${slug}`));
    await visible(own.getByRole("heading", { level: 1, name }));
    await visible(own.getByText("Hidden by moderators: Counterfeit goods"));
    await shot(own, `product-hidden-owner-${size}`);
    expect(ownErrors.every((e) => e.includes("404"))).toBe(true);
    expect(errors).toEqual([]);
  });

  it("a shopper reports the shop's chat message from the keyboard; it is among the admin's open reports", async () => {
    const text = `Send the money first, I deliver after ${size}`;
    const reporter = await aSignedInUser(server);
    const opened = await fetch(`${server.shopUrl}chat/room/get-room/${shopId}`, {
      headers: { authorization: `Token ${reporter.key}` },
    });
    expect(opened.status).toBe(200);
    const { slug } = ((await opened.json()) as { data: { slug: string } }).data;
    const room = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("chat_messages")
      .values({ room_id: room.id, sender_id: owner.id, message: text, created_at: new Date() })
      .execute();
    const errors: string[] = [];

    const chat = await signedInPage(reporter, viewport, errors);
    await chat.goto(url(`/account/chat-room?room=${encodeURIComponent(slug)}`));
    await visible(chat.getByText(text));
    // One Report entry, on the shop's message; reached from the keyboard, shown on focus.
    const report = chat.getByRole("button", { name: /^Report the message from Owino Watches at / });
    await expect.poll(() => report.count()).toBe(1);
    await report.focus();
    await visible(report);
    // Runs in the page, where getComputedStyle is a global (the tests' types have no DOM).
    const opacity = (button: unknown) =>
      (globalThis as unknown as { getComputedStyle(e: unknown): { opacity: string } }).getComputedStyle(
        button,
      ).opacity;
    expect(await report.evaluate(opacity)).toBe("1");
    await shot(chat, `chat-report-entry-${size}`);
    await chat.keyboard.press("Enter");
    const dialog = chat.getByRole("dialog", { name: "Report this message" });
    await visible(dialog);
    await dialog.getByRole("radio", { name: "Scam or fraud" }).check();
    await dialog.getByRole("button", { name: "Send report" }).click();
    await visible(dialog.getByText("Thanks, our team will look at it"));
    expect(await chat.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(viewport.width);
    await shot(chat, `chat-report-sent-${size}`);

    const desk = await signedInPage(admin, viewport, errors);
    await desk.goto(url("/account/moderation"));
    const card = desk.getByRole("article", { name: text });
    await visible(card);
    await visible(card.getByText(/Reported by/));
    await visible(card.getByText("Scam or fraud"));
    await shot(desk, `moderation-chat-message-${size}`);
    expect(errors).toEqual([]);
  });
});
