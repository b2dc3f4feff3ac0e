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

// Blocking in chat and the safety notes in Chromium: a shopper at 1280×800 reads the safety note on
// a product page and in their first chat with the shop, then blocks the chat from the room's menu;
// the shop's owner on a 360×740 phone is refused when they write; the shopper unblocks the chat from
// their account settings and the owner's next message arrives. A phone visitor follows the note's
// link to the Stay safe page, also linked from the footer. No console errors, no failed requests.

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof aSignedInUser>>;
let shopper: Awaited<ReturnType<typeof aSignedInUser>>;
const SHOP = "Kisementi Phones";
const phoneProduct = { slug: "", name: "Tecno Spark 20" };

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  const sub = (await aSubCategory(server.db, { category_id: category })).id;
  owner = await aSignedInUser(server);
  shopper = await aSignedInUser(server);
  // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
  const shop = await aShop(server.db, { name: SHOP, owner_id: owner.id });
  const row = await aProduct(server.db, {
    shop_id: shop.id,
    name: phoneProduct.name,
    images: [],
    sub_category_id: sub,
  });
  phoneProduct.slug = row.slug;
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

describe("blocking a chat and the safety notes", () => {
  it("a shopper blocks a chat from its menu, the shop's messages are refused, and unblocking from settings lets them through", async () => {
    const errors: string[] = [];
    const desk = await signedInPage(shopper, { width: 1280, height: 800 }, errors);

    // The product page's safety note, beside the price and Message Seller.
    await desk.goto(url(`/item/${phoneProduct.slug}`));
    const note = desk.getByRole("complementary", { name: "Stay safe when you buy" });
    await visible(note);
    await visible(note.getByText("Never pay in advance to someone you have not met."));
    expect(await note.getByRole("link", { name: "More safety tips" }).getAttribute("href")).toBe(
      "/stay-safe",
    );
    await shot(desk, "safety-note-product-1280");

    // The first chat with the shop shows the note too, until "Got it".
    await desk.getByRole("button", { name: "Message Seller" }).click();
    const room = desk.getByRole("dialog", { name: SHOP });
    await visible(room);
    const roomNote = room.getByRole("complementary", { name: "Stay safe when you buy" });
    await visible(roomNote);
    await shot(desk, "safety-note-first-chat-1280");
    await roomNote.getByRole("button", { name: "Got it" }).click();
    await expect.poll(() => roomNote.count()).toBe(0);
    const box = room.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    await box.fill("Is the Spark 20 new or used?");
    await box.press("Enter");
    await visible(room.getByText("Is the Spark 20 new or used?"));
    const slug = new URL(desk.url()).searchParams.get("chat-room") ?? "";
    expect(slug).not.toBe("");

    // The owner, on a phone, has the room open.
    const phone = await signedInPage(owner, { width: 360, height: 740 }, errors);
    await phone.goto(url(`/account/chat-room?room=${encodeURIComponent(slug)}`));
    await visible(phone.getByText("Is the Spark 20 new or used?"));
    const reply = phone.getByRole("textbox", { name: "Type a message" });
    await visible(reply);

    // The shopper blocks the chat from the room's menu, after confirming.
    await room.getByRole("button", { name: "Chat options" }).click();
    await room.getByRole("menuitem", { name: "Block" }).click();
    const confirm = desk.getByRole("dialog", { name: `Block ${SHOP}?` });
    await visible(confirm);
    await shot(desk, "chat-block-confirm-1280");
    await confirm.getByRole("button", { name: "Block", exact: true }).click();
    await visible(room.getByText("Unblock it to send and receive messages again."));
    await visible(desk.getByText(`${SHOP} is blocked`));
    expect(await room.getByRole("textbox", { name: "Type a message" }).count()).toBe(0);
    await shot(desk, "chat-blocked-room-1280");
    // The same room on a phone: the blocked state fits.
    await desk.setViewportSize({ width: 360, height: 740 });
    await visible(room.getByRole("button", { name: "Unblock" }));
    expect(await desk.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await shot(desk, "chat-blocked-room-360");
    await desk.setViewportSize({ width: 1280, height: 800 });

    // The owner writes: refused, and the room says it takes no messages; the shopper sees nothing.
    await reply.fill("It is new. Send 50,000 on Mobile Money to hold it.");
    await reply.press("Enter");
    await visible(phone.getByRole("alert").getByText("You cannot send messages in this chat"));
    await visible(phone.getByText("This chat is not taking messages"));
    expect(await phone.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await shot(phone, "chat-refused-by-block-360");
    expect(await desk.getByText("Send 50,000 on Mobile Money").count()).toBe(0);

    // Out of the shopper's chat list; in their settings' Blocked chats, where they unblock it.
    await desk.goto(url("/account/chat"));
    // Their only chat: the list is empty.
    await visible(desk.getByText("No messages yet"));
    expect(await desk.getByRole("link", { name: new RegExp(SHOP) }).count()).toBe(0);
    await desk.goto(url("/account/account"));
    const blocked = desk.getByRole("list", { name: "Blocked chats" });
    await visible(blocked);
    await visible(blocked.getByText(SHOP));
    await blocked.scrollIntoViewIfNeeded();
    await shot(desk, "settings-blocked-chats-1280");
    await desk.setViewportSize({ width: 360, height: 740 });
    await blocked.scrollIntoViewIfNeeded();
    expect(await desk.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await shot(desk, "settings-blocked-chats-360");
    await desk.setViewportSize({ width: 1280, height: 800 });
    await blocked.getByRole("button", { name: `Unblock ${SHOP}` }).click();
    const unblock = desk.getByRole("dialog", { name: `Unblock ${SHOP}?` });
    await visible(unblock);
    await unblock.getByRole("button", { name: "Unblock", exact: true }).click();
    await visible(desk.getByText("You have not blocked anyone"));
    await desk.goto(url("/account/chat"));
    await visible(desk.getByRole("link", { name: new RegExp(SHOP) }));

    // Messages flow again: the owner (the page read anew) writes, and the shopper sees it live.
    await desk.goto(url(`/account/chat-room?room=${encodeURIComponent(slug)}`));
    await visible(desk.getByRole("textbox", { name: "Type a message" }));
    await phone.reload();
    const again = phone.getByRole("textbox", { name: "Type a message" });
    await visible(again);
    await again.fill("Sorry, it is new, 520,000. Come and see it at the shop.");
    await again.press("Enter");
    await visible(desk.getByText("Sorry, it is new, 520,000. Come and see it at the shop."));
    await shot(phone, "chat-unblocked-360");
    expect(errors).toEqual([]);
  });

  it("a phone visitor reads the product page's note and follows it to the Stay safe page; the footer links there too", async () => {
    const errors: string[] = [];
    const phone = await aPage({ width: 360, height: 740 }, errors);
    await phone.goto(url(`/item/${phoneProduct.slug}`));
    const note = phone.getByRole("complementary", { name: "Stay safe when you buy" });
    await visible(note);
    await note.scrollIntoViewIfNeeded();
    await shot(phone, "safety-note-product-360");
    await note.getByRole("link", { name: "More safety tips" }).click();
    await phone.waitForURL(url("/stay-safe"));
    await visible(phone.getByRole("heading", { name: "Stay safe", exact: true }));
    await visible(phone.getByRole("heading", { name: "Never pay in advance" }));
    expect(await phone.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await shot(phone, "stay-safe-360");
    expect(
      await phone.getByRole("contentinfo").getByRole("link", { name: "Stay safe" }).getAttribute("href"),
    ).toBe("/stay-safe");

    const desk = await aPage({ width: 1280, height: 800 }, errors);
    await desk.goto(url("/"));
    await desk.getByRole("contentinfo").getByRole("link", { name: "Stay safe" }).click();
    await desk.waitForURL(url("/stay-safe"));
    await visible(desk.getByRole("heading", { name: "Meet in a public place" }));
    await shot(desk, "stay-safe-1280");
    expect(errors).toEqual([]);
  });
});
