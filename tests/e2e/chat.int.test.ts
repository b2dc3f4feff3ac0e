import {
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, homeCategories, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// Issue 11 in Chromium with two browser contexts: a shopper on a 360×740 phone presses Message
// Seller on a product page, the room opens over the page, and sends with the product's card; the shop's owner at 1280×800 finds
// the room in their chat list, sees the next message arrive without a reload and replies; the
// shopper sees the reply (the owner from the header's Chats popup, the room an overlay on the page).
// A dropped connection comes back by itself with what was missed, once; so does a server restart.
// No console errors and no failed requests on the way.

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof aSignedInUser>>;
let shopper: Awaited<ReturnType<typeof aSignedInUser>>;
const lamp = { slug: "", name: "Paraffin lamp" };
/** The shopper's room page, from the first test. */
let roomPath = "";
/** The server after the restart (the third test). */
let restarted: TestServer["app"] | undefined;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
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
  await restarted?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
/** To the shop's page the way a shopper goes there: from the lamp's page, its shop link. */
async function toShop(page: Page): Promise<string> {
  await page.goto(url(`/item/${lamp.slug}`));
  await page.getByRole("link", { name: "Nakasero Electronics" }).first().click();
  await page.waitForURL(/\/shops\/shop/);
  await page.getByRole("heading", { name: "Nakasero Electronics" }).waitFor();
  return new URL(page.url()).pathname;
}
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);
/** Above the text box while the room's connection is down (what is typed waits on the phone). */
const OFFLINE_NOTE = "No connection: messages are sent when it is back";

/** A 480×360 PNG drawn by the page itself (a picture as a phone's camera would give one). */
async function aPicture(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate<string>(`(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 480;
    canvas.height = 360;
    const g = canvas.getContext("2d");
    g.fillStyle = "#f59e0b";
    g.fillRect(0, 0, 480, 360);
    g.fillStyle = "#1f2937";
    g.fillRect(200, 60, 80, 240);
    g.fillStyle = "#ffffff";
    g.beginPath();
    g.arc(240, 50, 30, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL("image/png");
  })()`);
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}

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

    // The shopper opens the room from the product page: it covers the page (which stays the
    // address's page), and the product goes with the first message.
    await phone.goto(url(`/item/${lamp.slug}`));
    await phone.getByRole("button", { name: "Message Seller" }).click();
    await phone.waitForURL(/[?&]chat-room=/);
    expect(new URL(phone.url()).pathname).toBe(`/item/${lamp.slug}`);
    const shopperRoom = phone.getByRole("dialog", { name: "Nakasero Electronics" });
    await visible(shopperRoom);
    expect(await shopperRoom.boundingBox()).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
    await visible(shopperRoom.getByText("This product goes with your message"));
    await visible(shopperRoom.getByText(lamp.name));
    const box = shopperRoom.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    await shot(phone, "chat-message-seller-overlay-360");
    await box.fill("Does the lamp come with a spare wick?");
    await box.press("Enter");
    await visible(phone.getByText("Does the lamp come with a spare wick?"));
    const card = phone.getByRole("link", { name: `Open ${lamp.name} in a new tab` });
    await visible(card);
    expect(await card.getAttribute("href")).toBe(`/item/${lamp.slug}`);
    expect(await card.getAttribute("target")).toBe("_blank");
    await expect.poll(() => phone.getByText("This product goes with your message").count()).toBe(0);
    await shot(phone, "chat-shopper-sent-360");

    // The owner opens the Chats popup from the header: the room, with the shopper's name, the
    // preview and an unread badge; it opens as an overlay on the page.
    const desk = await signedInPage(owner, { width: 1280, height: 800 }, errors);
    await desk.getByRole("button", { name: "Chats" }).click();
    const popup = desk.getByRole("dialog", { name: "Chats" });
    await visible(popup);
    const row = popup.getByRole("link", { name: new RegExp(shopper.name) });
    await visible(row);
    await visible(row.getByText("Does the lamp come with a spare wick?"));
    await visible(row.getByText("1 unread"));
    await shot(desk, "chat-owner-popup-1280");
    await row.click();
    await desk.waitForURL(/[?&]chat-room=/);
    const overlay = desk.getByRole("dialog", { name: shopper.name });
    await visible(overlay);
    expect(new URL(desk.url()).pathname).toBe("/");
    await visible(overlay.getByText("Does the lamp come with a spare wick?"));
    const reply = overlay.getByRole("textbox", { name: "Type a message" });
    await visible(reply);

    // The shopper's next message arrives without a reload.
    await box.fill("And how long does it burn?");
    await box.press("Enter");
    await visible(overlay.getByText("And how long does it burn?"));

    // The owner replies; the shopper sees it, labelled 'now'.
    await reply.fill("Yes, one spare wick. About 8 hours on a full tank.");
    await overlay.getByRole("button", { name: "Send", exact: true }).click();
    await visible(phone.getByText("Yes, one spare wick. About 8 hours on a full tank."));

    // The shopper sends a photo from the picture icon: both see it inline at once.
    const chooser = phone.waitForEvent("filechooser");
    await phone.getByRole("button", { name: "Send a picture" }).click();
    await (await chooser).setFiles({
      name: "wick.png",
      mimeType: "image/png",
      buffer: await aPicture(phone),
    });
    const sentPhoto = phone.getByRole("img", { name: "Picture", exact: true });
    await visible(sentPhoto);
    const seenPhoto = overlay.getByRole("img", { name: `Picture from ${shopper.name}` });
    await visible(seenPhoto);
    // The server's re-encoded copy, loaded (a broken image has no natural width).
    expect(await seenPhoto.getAttribute("src")).toMatch(/\/media\/chat\/[a-z0-9]+\.webp$/);
    await expect
      .poll(() => seenPhoto.evaluate((img: { naturalWidth: number }) => img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await sentPhoto.count()).toBe(1);
    await shot(desk, "chat-owner-overlay-1280");
    await shot(phone, "chat-shopper-reply-360");
    roomPath = `/account/chat-room?room=${new URL(phone.url()).searchParams.get("chat-room")}`;

    expect(await phone.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    // Leaving the room: the popup's list again, read; Escape closes it, back on the page.
    await overlay.getByRole("link", { name: "Back to chats" }).click();
    await visible(popup);
    await visible(popup.getByRole("link", { name: new RegExp(shopper.name) }));
    await expect.poll(() => popup.getByText(/unread/).count()).toBe(0);
    // Keyboard: focus is inside the popup and stays there; Escape closes it, back on the chat icon.
    expect(await desk.evaluate("!!document.activeElement?.closest('dialog')")).toBe(true);
    for (let i = 0; i < 4; i++) await desk.keyboard.press("Tab");
    expect(await desk.evaluate("!!document.activeElement?.closest('dialog')")).toBe(true);
    await desk.keyboard.press("Escape");
    await expect.poll(() => desk.getByRole("dialog").count()).toBe(0);
    expect(desk.url()).toBe(url("/"));
    expect(await desk.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe("Chats");

    // On the shop's page the owner has no Chat; the shopper's Chat opens the same room over the page.
    await toShop(desk);
    expect(await desk.getByRole("button", { name: "Chat", exact: true }).count()).toBe(0);
    const shopPath = await toShop(phone);
    await phone.getByRole("button", { name: "Chat", exact: true }).click();
    const fromShop = phone.getByRole("dialog", { name: "Nakasero Electronics" });
    await visible(fromShop.getByText("Yes, one spare wick. About 8 hours on a full tank."));
    expect(await fromShop.getByText("This product goes with your message").count()).toBe(0);
    expect(new URL(phone.url()).pathname).toBe(shopPath);
    // Back leaves the room: the shop's page again.
    await phone.goBack();
    await expect.poll(() => phone.getByRole("dialog").count()).toBe(0);
    await visible(phone.getByRole("heading", { name: "Nakasero Electronics" }));

    // On the phone the bottom bar's Chats opens the same popup; the room covers the whole screen.
    await phone.goto(url("/"));
    await phone.getByRole("button", { name: "Chats" }).click();
    const phonePopup = phone.getByRole("dialog", { name: "Chats" });
    await visible(phonePopup.getByRole("link", { name: /Nakasero Electronics/ }));
    await shot(phone, "chat-shopper-popup-360");
    await phonePopup.getByRole("link", { name: /Nakasero Electronics/ }).click();
    const phoneRoom = phone.getByRole("dialog", { name: "Nakasero Electronics" });
    await visible(phoneRoom.getByText("Yes, one spare wick. About 8 hours on a full tank."));
    await visible(phoneRoom.getByRole("textbox", { name: "Type a message" }));
    const covered = await phoneRoom.boundingBox();
    expect(covered).toMatchObject({ x: 0, y: 0, width: 360, height: 740 });
    expect(await phone.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(360);
    await shot(phone, "chat-shopper-overlay-360");
    await phoneRoom.getByRole("link", { name: "Close the chat" }).click();
    await expect.poll(() => phone.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a visitor's Message Seller and Chat ask them to log in; the room opens at 1280 px over the product page", async () => {
    const errors: string[] = [];
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await context.newPage();
    watchProblems(visitor, errors);
    await visitor.goto(url(`/item/${lamp.slug}`));
    await visitor.getByRole("button", { name: "Message Seller" }).click();
    await visible(visitor.getByText("You need to login first").first());
    expect(new URL(visitor.url()).search).toBe("");
    const shopPath = await toShop(visitor);
    await visitor.getByRole("button", { name: "Chat", exact: true }).click();
    await visible(visitor.getByText("You need to login first").first());
    expect(new URL(visitor.url()).pathname).toBe(shopPath);
    await context.close();

    // Signed in at 1280 px: a column over the dimmed product page, which shows around it.
    const desk = await signedInPage(shopper, { width: 1280, height: 800 }, errors);
    await desk.goto(url(`/item/${lamp.slug}`));
    await desk.getByRole("button", { name: "Message Seller" }).click();
    const room = desk.getByRole("dialog", { name: "Nakasero Electronics" });
    await visible(room.getByText("This product goes with your message"));
    await visible(room.getByText("Does the lamp come with a spare wick?"));
    await shot(desk, "chat-message-seller-overlay-1280");
    // Closing it: the product page, as it was.
    await room.getByRole("link", { name: "Close the chat" }).click();
    await expect.poll(() => desk.getByRole("dialog").count()).toBe(0);
    expect(desk.url()).toBe(url(`/item/${lamp.slug}`));
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

    // The connection drops: the room says so; what is typed meanwhile waits on the phone.
    await sockets[0]?.close({ code: 1001, reason: "going away" });
    await visible(phone.getByText(OFFLINE_NOTE));
    expect(await box.isDisabled()).toBe(false);
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
    await expect.poll(() => phone.getByText(OFFLINE_NOTE).isVisible()).toBe(false);
    await visible(phone.getByText("Sent while you were away"));
    expect(await phone.getByText("Sent while you were away").count()).toBe(1);
    expect(await phone.getByText("Does the lamp come with a spare wick?").count()).toBe(1);
    await box.fill("Back again");
    await box.press("Enter");
    await visible(desk.getByText("Back again"));
    expect(errors).toEqual([]);
  });

  it("the server restarts: both rooms reconnect, fetch what they missed and the next message arrives, once", async () => {
    const errors: string[] = [];
    const phone = await signedInPage(shopper, { width: 360, height: 740 }, errors);
    await phone.goto(url(roomPath));
    const box = phone.getByRole("textbox", { name: "Type a message" });
    await visible(box);
    const desk = await signedInPage(owner, { width: 1280, height: 800 }, errors);
    await desk.goto(url(`/?chat-room=${new URLSearchParams(roomPath.split("?")[1]).get("room")}`));
    const overlay = desk.getByRole("dialog", { name: shopper.name });
    const reply = overlay.getByRole("textbox", { name: "Type a message" });
    await visible(reply);

    // The server stops (every socket hears 1001) and starts again on the same port and data.
    const port = Number(new URL(server.baseUrl).port);
    // The new process is ready before the old one stops (as a rolling restart would have it).
    const next = await server.anotherInstance();
    // Until the server stops, nothing may have failed.
    const beforeStop = errors.length;
    await server.app.close();
    await visible(phone.getByText(OFFLINE_NOTE));
    await visible(overlay.getByText(OFFLINE_NOTE));
    // Said while both were away (as another instance would have stored it).
    const room = await server.db
      .selectFrom("chat_rooms")
      .select("id")
      .where("slug", "=", new URLSearchParams(roomPath.split("?")[1]).get("room") ?? "")
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto("chat_messages")
      .values({
        room_id: room.id,
        sender_id: owner.id,
        message: "Said during the restart",
        created_at: new Date(),
      })
      .execute();
    restarted = next;
    await restarted.listen({ port, host: "127.0.0.1" });

    // Both come back by themselves (backoff), with the missed message once.
    await expect.poll(() => phone.getByText(OFFLINE_NOTE).isVisible(), { timeout: 20_000 }).toBe(false);
    await expect.poll(() => overlay.getByText(OFFLINE_NOTE).isVisible(), { timeout: 20_000 }).toBe(false);
    await visible(phone.getByText("Said during the restart"));
    const whileDown = errors.slice(beforeStop);
    expect(await phone.getByText("Said during the restart").count()).toBe(1);
    expect(await phone.getByText("And how long does it burn?").count()).toBe(1);

    // The next message arrives live, once.
    await reply.fill("Back after the restart");
    await reply.press("Enter");
    await visible(phone.getByText("Back after the restart"));
    await box.fill("Welcome back");
    await box.press("Enter");
    await visible(overlay.getByText("Welcome back"));
    expect(await phone.getByText("Back after the restart").count()).toBe(1);
    expect(await overlay.getByText("Welcome back").count()).toBe(1);
    await shot(phone, "chat-after-restart-360");
    // While the server was down the browser said so for each refused socket and request: expected.
    // A request the page's worker passed on (the worker takes control of a first visit's page a
    // moment after it loads, and asks again for the assets it fetched) fails as ERR_FAILED instead,
    // and one that reached the server as it stopped was answered 503 (Fastify's answer while closing).
    const down =
      /WebSocket connection to .* failed|Failed to load resource: net::ERR_(?:CONNECTION_REFUSED|FAILED)|^503 http|status of 503 \(Service Unavailable\)/;
    expect(errors.slice(0, beforeStop)).toEqual([]);
    expect(whileDown.filter((e) => !down.test(e))).toEqual([]);
    // Once both rooms were back, nothing failed.
    expect(errors.slice(beforeStop + whileDown.length)).toEqual([]);
  }, 90_000);
});
