import { aSignedInUser, aSubCategory, startTestServer, type TestServer } from "@katale/server/testing";
import type { Browser, BrowserContext, Page } from "playwright-core";
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

// Push on this device in Chromium at 1280 and 360 px. The permission is asked only when the user
// turns the switch on (Playwright grants or blocks it, as a user would in the browser's prompt).
// Chromium refuses to subscribe in a test browser's context (incognito-like, so the Push API is off,
// and offline there is no push service to reach anyway): the page says so and the server keeps nothing (the subscribe calls themselves run against the real server in
// tests/adapters/notification-behaviour.int.test.ts, with a subscription of a browser's shape). The
// service worker is then sent a push through the DevTools protocol, as a push service would: it
// shows the notification, with the entry's url for a tap.

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

const widths = [
  { label: "1280", viewport: { width: 1280, height: 800 } },
  { label: "360", viewport: { width: 360, height: 740 } },
];

async function signedIn(who: User, context: BrowserContext, problems: string[]): Promise<Page> {
  const page = await context.newPage();
  watchProblems(page, problems);
  await page.goto(url("/login"));
  await fillLogin(page, who);
  await page.waitForURL(url("/"));
  return page;
}

// The page's scripts below are text: this file is typed for Node, they run in the page.

const pushSwitch = (page: Page) => page.getByRole("switch", { name: "Push notifications on this device" });

async function storedEndpoints(user: User): Promise<string[]> {
  const rows = await server.db
    .selectFrom("push_subscriptions")
    .select("endpoint")
    .where("user_id", "=", user.id)
    .execute();
  return rows.map((row) => row.endpoint);
}

describe.each(widths)("push on this device at $label px", ({ label: width, viewport }) => {
  it("asks nothing on load, then, allowed, says the browser could not reach its push service and keeps nothing", async () => {
    const problems: string[] = [];
    const user = await aSignedInUser(server);
    const context = await browser.newContext({ viewport });
    try {
      const page = await signedIn(user, context, problems);
      await workerControls(page);
      await page.goto(url("/account/notification-settings"));
      const control = pushSwitch(page);
      await expect.poll(() => control.isEnabled()).toBe(true);
      expect(await control.getAttribute("aria-checked")).toBe("false");
      // Nothing asked on load: the page's permission is still the browser's default.
      expect(await page.evaluate("Notification.permission")).toBe("default");
      await page.getByText(/^Off: turn it on/).waitFor();
      await shot(page, `push-device-off-${width}`);

      await context.grantPermissions(["notifications"], { origin: server.baseUrl });
      await control.click();
      const alert = page.getByRole("alert").filter({ hasText: "could not reach its push service" });
      await alert.waitFor({ timeout: 30_000 });
      expect(await control.getAttribute("aria-checked")).toBe("false");
      expect(await storedEndpoints(user)).toEqual([]);
      // Nor does the browser keep a subscription the server does not know.
      expect(
        await page.evaluate(
          "navigator.serviceWorker.ready.then((r) => r.pushManager.getSubscription()).then((s) => s === null)",
        ),
      ).toBe(true);
      await shot(page, `push-device-failed-${width}`);
      // Chromium's own word on why (a test browser's context is incognito-like): nothing else.
      expect(problems.filter((problem) => !problem.includes("Push API in incognito mode"))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("shows how to allow notifications when the browser blocks them at its prompt", async () => {
    const problems: string[] = [];
    const user = await aSignedInUser(server);
    const context = await browser.newContext({ viewport });
    try {
      const page = await signedIn(user, context, problems);
      await workerControls(page);
      await page.goto(url("/account/notification-settings"));
      const control = pushSwitch(page);
      await expect.poll(() => control.isEnabled()).toBe(true);
      // Not granted: the browser's prompt answers "block", as a user choosing Block would.
      await control.click();
      await page.getByText(/^Blocked:/).waitFor();
      await page.getByText(/set Notifications to Allow/).waitFor();
      expect(await pushSwitch(page).isDisabled()).toBe(true);
      await shot(page, `push-device-blocked-${width}`);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("the service worker and a push", () => {
  it("shows the pushed notification with its url for a tap", async () => {
    const user = await aSignedInUser(server);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      await context.grantPermissions(["notifications"], { origin: server.baseUrl });
      const page = await signedIn(user, context, []);
      await workerControls(page);
      const cdp = await context.newCDPSession(page);
      // A push service sends to a subscription, which only an activated worker has: deliver once
      // our worker is activated and running, as Chromium reports it.
      const registration = new Promise<string>((resolve) => {
        cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
          const ours = versions.find(
            (v) =>
              v.scriptURL.startsWith(url("/")) && v.status === "activated" && v.runningStatus === "running",
          );
          if (ours) resolve(ours.registrationId);
        });
      });
      // Chromium's own record of the push (dispatched, then completed with a status), so the test
      // waits for the worker to have handled it, and a failure says what became of it.
      const completed = new Promise<string>((resolve) => {
        cdp.on("BackgroundService.backgroundServiceEventReceived", ({ backgroundServiceEvent: event }) => {
          if (event.eventName === "Push event completed") {
            resolve(event.eventMetadata.find((m) => m.key === "Status")?.value ?? "no status");
          }
        });
      });
      await cdp.send("BackgroundService.startObserving", { service: "pushMessaging" });
      await cdp.send("BackgroundService.setRecording", { shouldRecord: true, service: "pushMessaging" });
      await cdp.send("ServiceWorker.enable");
      const payload = {
        title: "Kikuubo Phones listed a new item",
        body: "Tecno Spark 20",
        url: "/item/tecno-spark-20",
      };
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: server.baseUrl,
        registrationId: await registration,
        data: JSON.stringify(payload),
      });
      expect(await completed).toBe("Success");
      const shown = () =>
        page.evaluate(`navigator.serviceWorker.ready
          .then((r) => r.getNotifications())
          .then((list) => list.map((n) => ({ title: n.title, body: n.body, url: n.data && n.data.url })))`);
      await expect.poll(shown).toEqual([payload]);
      await cdp.detach();
    } finally {
      await context.close();
    }
  });
});
