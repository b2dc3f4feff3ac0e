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

// A chat room read in a dead zone, in Chromium on a 360 px phone: a room seen before still opens
// when the phone is fully offline and the page is reloaded (or the room is opened from the chat
// list): its header and latest messages come from the copy the phone kept (IndexedDB; the chat
// answers are the user's own, `private, no-store`, so the service worker never keeps them), the
// banner says it is a saved copy and when it was saved, the header claims nothing of the other side
// ('Saved copy', not 'Available'), and what is typed waits to send. Back online, the room
// reconnects, sends what waited exactly once, and shows what was said meanwhile. The chat list
// read offline shows every room it showed last time online, with their unread counts. The 'You are
// offline' toast covers neither the banner nor the room's controls, at 360 and 1280 px. Logout drops
// the kept rooms and nothing more is asked with the revoked token.

let server: TestServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof aSignedInUser>>;
let shopper: Awaited<ReturnType<typeof aSignedInUser>>;
let slug = "";
/** A second shop's room, never opened on the phone, with messages the shopper has not read. */
let otherOwner: Awaited<ReturnType<typeof aSignedInUser>>;
let otherSlug = "";

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 800 };
const OFFLINE_NOTE = "No connection: messages are sent when it is back";
const SAVED_COPY = /You are offline\. This page is a saved copy from \d{1,2} \w{3,4},? (at )?\d{2}:\d{2}\./;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  await aSubCategory(server.db, { category_id: category });
  owner = await aSignedInUser(server);
  shopper = await aSignedInUser(server);
  const shop = await aShop(server.db, { name: "Gulu Solar", owner_id: owner.id });
  slug = (await shopCall("GET", `chat/room/get-room/${shop.id}`, shopper.key)).data.slug;
  otherOwner = await aSignedInUser(server);
  const other = await aShop(server.db, { name: "Lira Hardware", owner_id: otherOwner.id });
  otherSlug = (await shopCall("GET", `chat/room/get-room/${other.id}`, shopper.key)).data.slug;
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

/** The room's stored messages with `text`, as its shop's owner's history shows them. */
async function storedWith(text: string, room = slug, who = owner): Promise<number> {
  const answer = await shopCall("GET", `chat/room/${room}`, who.key);
  return (answer.data.data.messages as { message: string }[]).filter((m) => m.message === text).length;
}

/** The shop's owner says `text` on their own socket; done when the service has stored it. */
async function ownerSays(text: string, room = slug, who = owner): Promise<void> {
  const shop = await openChat(server, room, who.key);
  shop.send({ message: text });
  await expect.poll(() => storedWith(text, room, who)).toBe(1);
  await shop.close();
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The 'You are offline' toast shown (after an offline reload: at start, then under the banner's
 * text) covers neither the banner's text nor any of `important`; both are on screen at once.
 */
async function toastCoversNothing(page: Page, important: ReturnType<Page["getByText"]>[]): Promise<void> {
  const toast = page.getByText("You are offline", { exact: true }).filter({ visible: true });
  const bannerText = page.getByText(SAVED_COPY);
  await visible(bannerText);
  await visible(toast);
  // Read at once, while the toast's 3 s last.
  const [toastBox, bannerBox, ...others] = await Promise.all(
    [toast, bannerText, ...important].map((l) => l.boundingBox()),
  );
  expect(toastBox).not.toBeNull();
  expect(bannerBox).not.toBeNull();
  expect(overlap(toastBox as Box, bannerBox as Box)).toBe(false);
  for (const box of others) {
    expect(box).not.toBeNull();
    expect(overlap(toastBox as Box, box as Box)).toBe(false);
  }
}

/** The messages of the room the phone keeps (IndexedDB), read in the page. */
function keptMessages(page: Page): Promise<string[]> {
  // The script is text: this file is typed for Node, it runs in the page.
  // Never opened when it is not there (opening would make an empty one).
  return page.evaluate(`indexedDB.databases().then((all) => new Promise((resolve) => {
    if (!all.some((db) => db.name === "katale-chat-rooms")) return resolve([]);
    const opening = indexedDB.open("katale-chat-rooms");
    opening.onerror = () => resolve([]);
    opening.onsuccess = () => {
      const db = opening.result;
      if (!db.objectStoreNames.contains("rooms")) { db.close(); return resolve([]); }
      const read = db.transaction("rooms").objectStore("rooms").get(${JSON.stringify(slug)});
      read.onsuccess = () => { db.close(); resolve((read.result?.room.messages ?? []).map((m) => m.message)); };
      read.onerror = () => { db.close(); resolve([]); };
    };
  }))`);
}

describe("a chat room seen before, opened offline, at 360 px", () => {
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
  const heading = () => page.getByRole("heading", { name: "Gulu Solar" });
  const banner = () => page.getByText(SAVED_COPY);
  /** What a user of the room needs to see: the header's controls and name, the text box. */
  const roomControls = () => [
    page.getByRole("link", { name: "Back to chats" }),
    heading(),
    page.getByRole("button", { name: "Chat options" }),
    page.getByRole("link", { name: "Close the chat" }),
    box(),
  ];
  /** The list's row of the room never opened on the phone, with its unread count. */
  const unreadRow = () => page.getByRole("link", { name: /Lira Hardware.*Mind the step.*2 unread/ });

  /** The network goes: the page is offline and its room's socket drops (and cannot come back). */
  async function goOffline(): Promise<void> {
    cut = true;
    await context.setOffline(true);
    for (const ws of sockets) await ws.close({ code: 1001, reason: "no network" }).catch(() => {});
  }

  /** The network is back: pages, answers and the room's socket. */
  async function goOnline(): Promise<void> {
    cut = false;
    await context.setOffline(false);
  }

  it("reads the room after an offline reload, keeps what is typed, and sends it once when back", async () => {
    await ownerSays("The 200 W panels arrive on Monday");
    await ownerSays("We deliver to Lira and Gulu");
    // Seen online: the list, then the room (the phone keeps its copy a moment after).
    await page.goto(url("/account/chat"));
    await visible(page.getByText("We deliver to Lira and Gulu"));
    await page.goto(url(`/account/chat-room?room=${slug}`));
    await visible(box());
    await visible(page.getByText("The 200 W panels arrive on Monday"));
    await expect
      .poll(() => keptMessages(page))
      .toEqual(["The 200 W panels arrive on Monday", "We deliver to Lira and Gulu"]);

    await goOffline();
    await page.reload();
    await toastCoversNothing(page, roomControls());
    // The kept copy: the header, the messages, a banner saying it is saved and when.
    await visible(heading());
    await visible(page.getByText("The 200 W panels arrive on Monday"));
    await visible(page.getByText("We deliver to Lira and Gulu"));
    await visible(banner());
    await visible(page.getByText(OFFLINE_NOTE));
    // Nothing is claimed of the other side: the header says the room is the saved copy.
    await visible(page.getByText("Saved copy", { exact: true }));
    expect(await page.getByText("Available", { exact: true }).count()).toBe(0);
    await shot(page, "chat-offline-room-360");

    await box().fill("Can you bring two panels on Monday?");
    await box().press("Enter");
    await visible(waiting().getByText("Waiting to send"));
    expect(await waiting().getByText("Can you bring two panels on Monday?").count()).toBe(1);
    await shot(page, "chat-offline-room-waiting-360");
    expect(await storedWith("Can you bring two panels on Monday?")).toBe(0);
    // Said while the phone was offline: shown once the room is back.
    await ownerSays("Yes, we open at 8");

    const shop = await openChat(server, slug, owner.key);
    await goOnline();
    const arrived = await shop.next(30_000);
    expect((arrived.message as { message: string }).message).toBe("Can you bring two panels on Monday?");
    await expect.poll(() => waiting().count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => banner().isVisible()).toBe(false);
    await expect.poll(() => page.getByText(OFFLINE_NOTE).isVisible()).toBe(false);
    await visible(page.getByText("Yes, we open at 8"));
    await visible(page.getByText("Available", { exact: true }));
    expect(await page.getByText("Can you bring two panels on Monday?").count()).toBe(1);
    expect(await shop.quiet(1_000)).toBe(true);
    expect(await storedWith("Can you bring two panels on Monday?")).toBe(1);
    await shop.close();
    // The kept copy follows the room: what was said meanwhile and what was sent are in it.
    await expect
      .poll(() => keptMessages(page))
      .toEqual([
        "The 200 W panels arrive on Monday",
        "We deliver to Lira and Gulu",
        "Yes, we open at 8",
        "Can you bring two panels on Monday?",
      ]);
  }, 90_000);

  it("opens a room seen before from the chat list, offline after a reload", async () => {
    await ownerSays("The shop opens at 9", otherSlug, otherOwner);
    await ownerSays("Mind the step", otherSlug, otherOwner);
    await page.goto(url("/account/chat"));
    await visible(page.getByText("Can you bring two panels on Monday?"));
    await visible(unreadRow());
    await goOffline();
    await page.reload();
    // The list as the phone kept it: every room it showed, the one never opened with its count.
    const room = page.getByRole("link", { name: /Gulu Solar.*Can you bring two panels on Monday\?/ });
    await toastCoversNothing(page, [room, unreadRow(), page.getByRole("heading", { name: "Chats" })]);
    await shot(page, "chat-offline-list-360");
    await visible(room);
    await visible(unreadRow());
    await room.click();
    await visible(heading());
    await visible(page.getByText("The 200 W panels arrive on Monday"));
    await visible(page.getByText("Yes, we open at 8"));
    await visible(banner());
    await goOnline();
    await expect.poll(() => page.getByText(OFFLINE_NOTE).isVisible(), { timeout: 30_000 }).toBe(false);
  }, 90_000);

  it("at 1280 px too: the list and the room offline, the toast beside nothing", async () => {
    await page.setViewportSize(desktop);
    await page.goto(url("/account/chat"));
    await visible(unreadRow());
    await goOffline();
    await page.reload();
    const room = page.getByRole("link", { name: /Gulu Solar.*Can you bring two panels on Monday\?/ });
    await toastCoversNothing(page, [room, unreadRow(), page.getByRole("heading", { name: "Chats" })]);
    await shot(page, "chat-offline-list-1280");
    await visible(room);
    await visible(unreadRow());
    await page.goto(url(`/account/chat-room?room=${slug}`));
    await toastCoversNothing(page, roomControls());
    await shot(page, "chat-offline-room-1280");
    await visible(page.getByText("Saved copy", { exact: true }));
    await goOnline();
    await visible(page.getByText("Available", { exact: true }));
    await page.setViewportSize(phone);
  }, 90_000);

  it("drops the kept rooms at logout", async () => {
    expect((await keptMessages(page)).length).toBeGreaterThan(0);
    await page.goto(url("/account/account"));
    await page.getByRole("button", { name: "Log out" }).first().click();
    await page.waitForURL(url("/login"));
    await expect.poll(() => keptMessages(page)).toEqual([]);
  }, 60_000);

  afterAll(() => {
    // Offline, the browser says so for each refused socket and request: expected. Nothing else: no
    // 401 (the bell stops before logout revokes its token).
    const offline =
      /WebSocket connection to .* failed|net::ERR_INTERNET_DISCONNECTED|Failed to load resource/;
    expect(errors.filter((e) => !offline.test(e))).toEqual([]);
  });
});
