import {
  aCategory,
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Issue 11 in Chromium with two browser contexts: a shopper on a 360×740 phone presses Message
// Seller on a product page and sends with the product's card; the shop's owner at 1280×800 finds
// the room in their chat list, sees the next message arrive without a reload and replies; the
// shopper sees the reply. A dropped connection comes back by itself with what was missed, once.
// No console errors and no failed requests on the way.

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof aSignedInUser>>;
let shopper: Awaited<ReturnType<typeof aSignedInUser>>;
const lamp = { slug: "", name: "Paraffin lamp" };

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  let category = 0;
  for (let i = 0; i < 5; i++) category = (await aCategory(server.db)).id;
  const sub = (await aSubCategory(server.db, { category_id: category })).id;
  owner = await aSignedInUser(server);
  shopper = await aSignedInUser(server);
  // No pictures: the fixtures' image paths hold no files, and a missing file is a console error.
  const shop = await aShop(server.db, { name: "Nakasero Electronics", owner_id: owner.id });
  const row = await aProduct(server.db, {
    shop_id: shop.id,
    name: lamp.name,
    images: [],
    sub_category_id: sub,
  });
  lamp.slug = row.slug;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

async function signedInPage(
  who: { email: string; password: string },
  viewport: { width: number; height: number },
  errors: string[],
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchProblems(page, errors);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

describe("live chat between a shopper and a shop's owner", () => {
  it("Message Seller sends with the product; the owner sees it live and replies", async () => {
    const errors: string[] = [];
    const phone = await signedInPage(shopper, { width: 360, height: 740 }, errors);

    // The shopper opens the room from the product page: the product goes with the first message.
    await phone.goto(url(`/item/${lamp.slug}`));
    await phone.getByRole("button", { name: "Message Seller" }).click();
    await phone.waitForURL(/\/account\/chat-room\?room=/);
    await visible(phone.getByRole("heading", { name: "Nakasero Electronics" }));
    await visible(phone.getByText("This product goes with your message"));
    const box = phone.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    await box.fill("Does the lamp come with a spare wick?");
    await box.press("Enter");
    await visible(phone.getByText("Does the lamp come with a spare wick?"));
    const card = phone.getByRole("link", { name: `Open ${lamp.name} in a new tab` });
    await visible(card);
    expect(await card.getAttribute("href")).toBe(`/item/${lamp.slug}`);
    expect(await card.getAttribute("target")).toBe("_blank");
    await expect.poll(() => phone.getByText("This product goes with your message").count()).toBe(0);
    await shot(phone, "chat-shopper-sent-360");

    // The owner finds the room in the list, with the shopper's name, the preview and an unread badge.
    const desk = await signedInPage(owner, { width: 1280, height: 800 }, errors);
    await desk.getByRole("link", { name: "Chat" }).first().click();
    await desk.waitForURL(url("/account/chat"));
    const row = desk.getByRole("link", { name: new RegExp(shopper.name) });
    await visible(row);
    await visible(row.getByText("Does the lamp come with a spare wick?"));
    await visible(row.getByText("1 unread"));
    await shot(desk, "chat-owner-list-1280");
    await row.click();
    await desk.waitForURL(/\/account\/chat-room\?room=/);
    await visible(desk.getByRole("heading", { name: shopper.name }));
    await visible(desk.getByText("Does the lamp come with a spare wick?"));
    const reply = desk.getByRole("textbox", { name: "Type a message" });
    await visible(reply);

    // The shopper's next message arrives without a reload.
    await box.fill("And how long does it burn?");
    await box.press("Enter");
    await visible(desk.getByText("And how long does it burn?"));

    // The owner replies; the shopper sees it, labelled 'now'.
    await reply.fill("Yes, one spare wick. About 8 hours on a full tank.");
    await desk.getByRole("button", { name: "Send", exact: true }).click();
    await visible(phone.getByText("Yes, one spare wick. About 8 hours on a full tank."));
    await shot(desk, "chat-owner-room-1280");
    await shot(phone, "chat-shopper-reply-360");

    expect(await phone.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    // Leaving the room: the list again, read.
    await desk.getByRole("link", { name: "Back to chats" }).click();
    await desk.waitForURL(url("/account/chat"));
    await visible(desk.getByRole("link", { name: new RegExp(shopper.name) }));
    await expect.poll(() => desk.getByText(/unread/).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("after a dropped connection the room reconnects by itself and shows what was missed, once", async () => {
    const errors: string[] = [];
    const phone = await signedInPage(shopper, { width: 360, height: 740 }, errors);
    // Every socket of the page goes through here, so the test can cut it as a lost network would.
    const sockets: WebSocketRoute[] = [];
    await phone.routeWebSocket(/\/chat\//, (ws) => {
      sockets.push(ws);
      ws.connectToServer();
    });
    // Routing takes effect from the next page load.
    await phone.goto(url("/account/chat"));
    await visible(phone.getByRole("heading", { name: "Chats" }));
    await phone.getByRole("link", { name: /Nakasero Electronics/ }).click();
    const box = phone.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    expect(sockets).toHaveLength(1);

    // The connection drops: the text box is disabled with the reason.
    await sockets[0]?.close({ code: 1001, reason: "going away" });
    await expect.poll(() => box.isDisabled()).toBe(true);
    expect(await box.getAttribute("title")).toBe("connection issues, please reload the page");
    await shot(phone, "chat-dropped-360");

    // The owner says something meanwhile (through the calls, not this page's socket).
    const desk = await signedInPage(owner, { width: 1280, height: 800 }, errors);
    await desk.goto(url("/account/chat"));
    await desk.getByRole("link", { name: new RegExp(shopper.name) }).click();
    const reply = desk.getByRole("textbox", { name: "Type a message" });
    await visible(reply);
    await reply.fill("Sent while you were away");
    await reply.press("Enter");
    await visible(desk.getByText("Sent while you were away"));

    // The room reconnects by itself and shows the missed message once, then works again.
    await expect.poll(() => sockets.length, { timeout: 10_000 }).toBe(2);
    await expect.poll(() => box.isDisabled()).toBe(false);
    await visible(phone.getByText("Sent while you were away"));
    expect(await phone.getByText("Sent while you were away").count()).toBe(1);
    expect(await phone.getByText("Does the lamp come with a spare wick?").count()).toBe(1);
    await box.fill("Back again");
    await box.press("Enter");
    await visible(desk.getByText("Back again"));
    expect(errors).toEqual([]);
  });
});
