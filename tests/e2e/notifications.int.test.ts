import {
  aShop,
  aSignedInUser,
  aSubCategory,
  openChat,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLogin, homeCategories, launchChromium, shot, watchProblems, webBuildDir } from "./browser.js";

// The bell in Chromium at 1280 and 360 px: a shop owner's bell counts up live (badge, popover entry)
// when something happens elsewhere; marking all read clears the badge; a settings switch survives
// a reload. Each cause is a row of `causes`: a follow, a chat message.

type User = Awaited<ReturnType<typeof aSignedInUser>>;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ seed: "none", webDir: webBuildDir() });
  const category = await homeCategories(server.db);
  await aSubCategory(server.db, { category_id: category });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const url = (path: string) => `${server.baseUrl}${path}`;

async function shopCall(method: string, path: string, token: string, json: unknown): Promise<number> {
  const response = await fetch(`${server.shopUrl}${path}`, {
    method,
    headers: { authorization: `Token ${token}`, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  await response.text();
  return response.status;
}

/** Something another user does that the owner (of the shop named `shop`) hears of: the entry's title. */
interface Cause {
  readonly name: string;
  readonly happen: (owner: User, shop: { id: number; name: string }) => Promise<void>;
  readonly title: (shop: { name: string }) => string;
}

const causes: Cause[] = [
  {
    name: "another user follows the shop",
    happen: async (_owner, shop) => {
      const follower = await aSignedInUser(server);
      expect(await shopCall("POST", "shop/follow/", follower.key, { shop_id: shop.id })).toBe(201);
    },
    title: (shop) => `${shop.name} has a new follower`,
  },
  (() => {
    let sender = "";
    return {
      name: "a shopper sends a chat message",
      happen: async (_owner: User, shop: { id: number }) => {
        const shopper = await aSignedInUser(server);
        sender = shopper.name;
        const room = await fetch(`${server.shopUrl}chat/room/get-room/${shop.id}`, {
          headers: { authorization: `Token ${shopper.key}` },
        });
        const { data } = (await room.json()) as { data: { slug: string } };
        const chat = await openChat(server, data.slug, shopper.key);
        chat.send({ message: "Is the kitenge still there?" });
        await chat.next();
        await chat.close();
      },
      title: () => `New message from ${sender}`,
    };
  })(),
];

const widths = [
  { label: "1280", viewport: { width: 1280, height: 800 } },
  { label: "360", viewport: { width: 360, height: 740 } },
];

async function signedInPage(who: User, viewport: { width: number; height: number }, problems: string[]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  watchProblems(page, problems);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

/** The live bell (a button once its socket code has loaded; a plain link before). */
const bell = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
const label = (page: Page) => bell(page).getAttribute("aria-label");

describe.each(widths)("the notification bell at $label px", ({ label: width, viewport }) => {
  it.each(causes)("counts up live when $name, and mark all read clears it", async (cause) => {
    const problems: string[] = [];
    const owner = await aSignedInUser(server);
    const shop = await aShop(server.db, {
      owner_id: owner.id,
      name: `Bell Shop ${width} ${cause.name.length}`,
    });
    const page = await signedInPage(owner, viewport, problems);

    await bell(page).waitFor();
    expect(await label(page)).toBe("Notifications");
    expect(await bell(page).boundingBox()).not.toBeNull();

    await cause.happen(owner, shop);
    await expect.poll(() => label(page), { timeout: 20_000 }).toBe("Notifications, 1 unread");
    await expect.poll(() => page.getByTestId("bell-badge").textContent()).toBe("1");

    await bell(page).click();
    const popover = page.getByRole("region", { name: "Notifications" });
    const entry = popover.getByRole("link", { name: new RegExp(cause.title(shop)) });
    await entry.waitFor();
    await shot(page, `notifications-bell-popover-${width}`);

    if (width === "1280") {
      await popover.getByRole("button", { name: "Mark all read" }).click();
    } else {
      // On the phone: from the inbox page, as "See all" leads there.
      await popover.getByRole("link", { name: "See all notifications" }).click();
      await page.waitForURL(/\/account\/notifications/);
      await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
      await page.getByRole("link", { name: new RegExp(cause.title(shop)) }).waitFor();
      await shot(page, `notifications-page-${width}`);
      await page.getByRole("button", { name: "Mark all read" }).click();
    }
    await expect.poll(() => label(page)).toBe("Notifications");
    expect(await page.getByTestId("bell-badge").count()).toBe(0);
    if (width === "1280") {
      await popover.getByRole("link", { name: "See all notifications" }).click();
      await page.getByRole("link", { name: new RegExp(cause.title(shop)) }).waitFor();
      await shot(page, `notifications-page-${width}`);
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("keeps a settings switch across a reload", async () => {
    const problems: string[] = [];
    const user = await aSignedInUser(server);
    const page = await signedInPage(user, viewport, problems);
    await page.goto(url("/account/notification-settings"));
    // Chat messages are e-mailed by default; the switch turns that off.
    const emailOnChats = page.getByRole("switch", { name: "Chat messages: E-mail" });
    await emailOnChats.waitFor();
    expect(await emailOnChats.getAttribute("aria-checked")).toBe("true");
    await emailOnChats.click();
    await page.getByRole("status").filter({ hasText: "Settings saved" }).waitFor();
    expect(await emailOnChats.getAttribute("aria-checked")).toBe("false");
    await shot(page, `notification-settings-${width}`);
    await page.reload();
    await emailOnChats.waitFor();
    expect(await emailOnChats.getAttribute("aria-checked")).toBe("false");
    expect(
      await page.getByRole("switch", { name: "Chat messages: Inbox" }).getAttribute("aria-checked"),
    ).toBe("true");
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe("the bell for visitors", () => {
  it("is not there", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(url("/"));
    await page.getByRole("banner").getByRole("link", { name: "Katale" }).first().waitFor();
    expect(
      await page
        .getByRole("banner")
        .getByRole("link", { name: /^Notifications/ })
        .count(),
    ).toBe(0);
    expect(
      await page
        .getByRole("banner")
        .getByRole("button", { name: /^Notifications/ })
        .count(),
    ).toBe(0);
    await context.close();
  });
});
