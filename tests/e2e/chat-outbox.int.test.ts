import {
  aShop,
  aSignedInUser,
  aSubCategory,
  openChat,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, BrowserContext, Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fillLogin,
  homeCategories,
  launchChromium,
  shot,
  watchProblems,
  webBuildDir,
  workerControls,
} from "./browser.js";

// Chat that survives a dead zone, in Chromium on a 360 px phone: a message typed while the phone is
// offline (the network off, the room's socket cut) shows "Waiting to send", stays on the phone
// (IndexedDB) across a reload, and reaches the shop exactly once when the network is back, as the
// shop owner's own socket (a real WebSocket client) and the room's history over HTTP show. A message
// the service refuses (the room blocked) says "Couldn't send" with Retry and Delete.

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof aSignedInUser>>;
let shopper: Awaited<ReturnType<typeof aSignedInUser>>;
let slug = "";

const phone = { width: 360, height: 740 };
const OFFLINE_NOTE = "No connection: messages are sent when it is back";

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  await aSubCategory(server.db, { category_id: category });
  owner = await aSignedInUser(server);
  shopper = await aSignedInUser(server);
  const shop = await aShop(server.db, { name: "Gulu Solar", owner_id: owner.id });
  slug = (await shopCall("GET", `chat/room/get-room/${shop.id}`, shopper.key)).data.slug;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;
const visible = (locator: ReturnType<Page["getByText"]>) => expect.poll(() => locator.isVisible()).toBe(true);

/** A call of the shop service as `token`'s user (the JSON answer; throws on an error status). */
// biome-ignore lint/suspicious/noExplicitAny: the answers' shapes are the contract's, read loosely here
async function shopCall(method: string, path: string, token: string): Promise<any> {
  const answer = await fetch(url(`/api/shop/${path}`), {
    method,
    headers: { authorization: `Token ${token}` },
  });
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status}`);
  return answer.status === 204 ? null : await answer.json();
}

/** The room's stored messages with `text`, as the owner's history shows them. */
async function storedWith(text: string): Promise<number> {
  const room = await shopCall("GET", `chat/room/${slug}`, owner.key);
  return (room.data.data.messages as { message: string }[]).filter((m) => m.message === text).length;
}

describe("chat messages typed in a dead zone, at 360 px", () => {
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  /** Every socket of the page goes through here: the test cuts them as a lost network would. */
  const sockets: WebSocketRoute[] = [];
  let cut = false;

  beforeAll(async () => {
    context = await browser.newContext({ viewport: phone });
    page = await context.newPage();
    watchProblems(page, errors);
    await page.routeWebSocket(/\/chat\//, (ws) => {
      sockets.push(ws);
      if (cut) void ws.close({ code: 1001, reason: "no network" });
      else ws.connectToServer();
    });
    await page.goto(url("/login"));
    await fillLogin(page, shopper);
    await page.waitForURL(url("/"));
    await workerControls(page);
  });
  afterAll(async () => {
    await context?.close();
  });

  const box = () => page.getByRole("textbox", { name: "Type a message" });
  const waiting = () => page.getByTestId("outbox-message");

  /** The network goes: the page is offline and its room's socket drops (and cannot come back). */
  async function goOffline(): Promise<void> {
    cut = true;
    await context.setOffline(true);
    for (const ws of sockets) await ws.close({ code: 1001, reason: "no network" }).catch(() => {});
    await visible(page.getByText(OFFLINE_NOTE));
  }

  async function openRoom(): Promise<void> {
    await page.goto(url(`/account/chat-room?room=${slug}`));
    await visible(box());
    await expect.poll(() => page.getByText(OFFLINE_NOTE).isVisible()).toBe(false);
  }

  it("shows a message typed offline as waiting, and sends it once when the network is back", async () => {
    const shop = await openChat(server, slug, owner.key);
    await openRoom();
    await goOffline();

    await box().fill("Do you install the panels in Lira?");
    await box().press("Enter");
    await visible(waiting().getByText("Waiting to send"));
    expect(await waiting().getByText("Do you install the panels in Lira?").count()).toBe(1);
    await shot(page, "chat-outbox-waiting-360");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "chat-outbox-waiting-1280");
    await page.setViewportSize(phone);
    expect(await storedWith("Do you install the panels in Lira?")).toBe(0);

    // The network is back (the page hears `online`): the room reconnects at once and the message goes, once.
    cut = false;
    await context.setOffline(false);
    await expect.poll(() => page.getByText(OFFLINE_NOTE).isVisible(), { timeout: 10_000 }).toBe(false);
    const arrived = await shop.next(30_000);
    expect(arrived.message).toMatchObject({
      message: "Do you install the panels in Lira?",
      sender_id: shopper.id,
      client_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await expect.poll(() => waiting().count(), { timeout: 10_000 }).toBe(0);
    await visible(page.getByText("Do you install the panels in Lira?"));
    expect(await page.getByText("Do you install the panels in Lira?").count()).toBe(1);
    // The next message comes after it on the owner's socket, with nothing in between.
    await box().fill("Thank you");
    await box().press("Enter");
    expect(((await shop.next()).message as { message: string }).message).toBe("Thank you");
    expect(await storedWith("Do you install the panels in Lira?")).toBe(1);
    await shop.close();
  }, 90_000);

  it("keeps a message typed offline across a reload, and sends it once when back", async () => {
    const shop = await openChat(server, slug, owner.key);
    await openRoom();
    await goOffline();
    await box().fill("Is the 200 W panel still in stock?");
    await box().press("Enter");
    await visible(waiting().getByText("Waiting to send"));

    // Reloaded while offline: the worker serves the app; the message is still on the phone.
    await page.reload();
    // The network is back for pages but not yet for the room's socket: the room shows it waiting.
    await context.setOffline(false);
    await visible(waiting().getByText("Is the 200 W panel still in stock?"));
    await visible(waiting().getByText("Waiting to send"));
    expect(await storedWith("Is the 200 W panel still in stock?")).toBe(0);
    await shot(page, "chat-outbox-after-reload-360");

    cut = false;
    await expect.poll(() => page.getByText(OFFLINE_NOTE).isVisible(), { timeout: 30_000 }).toBe(false);
    const arrived = await shop.next(30_000);
    expect((arrived.message as { message: string }).message).toBe("Is the 200 W panel still in stock?");
    await expect.poll(() => waiting().count(), { timeout: 10_000 }).toBe(0);
    expect(await page.getByText("Is the 200 W panel still in stock?").count()).toBe(1);
    await box().fill("I can come on Friday");
    await box().press("Enter");
    expect(((await shop.next()).message as { message: string }).message).toBe("I can come on Friday");
    expect(await storedWith("Is the 200 W panel still in stock?")).toBe(1);
    // Reloaded again, online: nothing is sent twice.
    await page.reload();
    await visible(box());
    expect(await shop.quiet(1_000)).toBe(true);
    expect(await storedWith("Is the 200 W panel still in stock?")).toBe(1);
    await shop.close();
  }, 90_000);

  it("says a message refused in a blocked room could not be sent, with Retry and Delete from the keyboard", async () => {
    await openRoom();
    await shopCall("POST", `chat/room/${slug}/block/`, owner.key);
    await box().fill("Hello? Are you open today?");
    await box().press("Enter");
    const failed = waiting().filter({ hasText: "Hello? Are you open today?" });
    await visible(failed.getByText("Couldn't send"));
    const retry = failed.getByRole("button", { name: /^Retry/ });
    await visible(retry);
    await visible(failed.getByRole("button", { name: /^Delete/ }));
    await shot(page, "chat-outbox-failed-360");
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, "chat-outbox-failed-1280");
    await page.setViewportSize(phone);

    // Unblocked: Retry (Enter on it) sends it, once.
    await shopCall("DELETE", `chat/room/${slug}/block/`, owner.key);
    await retry.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => waiting().count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => storedWith("Hello? Are you open today?")).toBe(1);

    // Blocked again (the page does not know yet): Delete (Space on it) drops the refused one.
    await openRoom();
    await shopCall("POST", `chat/room/${slug}/block/`, owner.key);
    await box().fill("Never mind");
    await box().press("Enter");
    const refused = waiting().filter({ hasText: "Never mind" });
    await visible(refused.getByText("Couldn't send"));
    await refused.getByRole("button", { name: /^Delete/ }).focus();
    await page.keyboard.press("Space");
    await expect.poll(() => waiting().count()).toBe(0);
    expect(await page.getByText("Never mind").count()).toBe(0);
    expect(await storedWith("Never mind")).toBe(0);
    await shopCall("DELETE", `chat/room/${slug}/block/`, owner.key);
  }, 90_000);

  it("leaves nothing waiting on the phone after logout, for the next one to sign in", async () => {
    await openRoom();
    await shopCall("POST", `chat/room/${slug}/block/`, owner.key);
    await box().fill("Left behind at logout");
    await box().press("Enter");
    await visible(waiting().filter({ hasText: "Left behind at logout" }).getByText("Couldn't send"));
    expect(await outboxSize()).toBe(1);
    await page.goto(url("/account/account"));
    await page.getByRole("button", { name: "Log out" }).first().click();
    await page.waitForURL(url("/login"));
    await expect.poll(outboxSize).toBe(0);
    // Signed in again, the room shows no message waiting or refused.
    await shopCall("DELETE", `chat/room/${slug}/block/`, owner.key);
    await fillLogin(page, shopper);
    await page.waitForURL(url("/"));
    await openRoom();
    expect(await waiting().count()).toBe(0);
    expect(await storedWith("Left behind at logout")).toBe(0);
  }, 90_000);

  /** How many messages the phone's outbox (IndexedDB) holds, read in the page. */
  function outboxSize(): Promise<number> {
    // The script is text: this file is typed for Node, it runs in the page.
    return page.evaluate(`new Promise((resolve) => {
      const opening = indexedDB.open("katale-chat");
      opening.onerror = () => resolve(-1);
      opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains("outbox")) { db.close(); return resolve(0); }
        const count = db.transaction("outbox").objectStore("outbox").count();
        count.onsuccess = () => { db.close(); resolve(count.result); };
        count.onerror = () => { db.close(); resolve(-1); };
      };
    })`);
  }

  afterAll(() => {
    // Offline, the browser says so for each refused socket and request: expected. So is a frame
    // sent in the moment the test cuts a socket: the page's socket is Playwright's stand-in
    // (routeWebSocket), still open to the page while the real socket behind it is already closing,
    // and the real one logs the dropped frame (a message stays waiting until the service answers).
    const offline =
      /WebSocket connection to .* failed|net::ERR_INTERNET_DISCONNECTED|Failed to load resource|WebSocket is already in CLOSING or CLOSED state/;
    expect(errors.filter((e) => !offline.test(e))).toEqual([]);
  });
});
