import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { defaultNotificationSettings } from "@katale/domain";
import { aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type KataleRun, runKatale } from "./run-katale.js";

// The built `katale` against the real server: the inbox that the server's delivery fills (a shop
// gets followers), marking read, the channels per kind, and what a visitor and a bad command line
// are told.

const NOT_LOGGED_IN = "You are not logged in. Run 'katale login' first.\n";

describe("katale notifications against a started server", () => {
  let server: TestServer;
  let configDir: string;
  let owner: Awaited<ReturnType<typeof aSignedInUser>>;

  const katale = (args: string[], stdin = ""): Promise<KataleRun> =>
    runKatale(args, {
      stdin,
      env: { KATALE_CONFIG_DIR: configDir, KATALE_AUTH_URL: server.authUrl, KATALE_SHOP_URL: server.shopUrl },
    });

  /** Someone new follows the shop, through the API as the web does. */
  async function follow(shopId: number): Promise<void> {
    const fan = await aSignedInUser(server);
    const answer = await fetch(`${server.shopUrl}shop/follow/`, {
      method: "POST",
      headers: { authorization: `Token ${fan.key}`, "content-type": "application/json" },
      body: JSON.stringify({ shop_id: shopId }),
    });
    expect(answer.status).toBe(201);
  }

  async function unreadTitles(): Promise<string[]> {
    const answer = await fetch(`${server.shopUrl}notifications/?unread=1`, {
      headers: { authorization: `Token ${owner.key}` },
    });
    const body = (await answer.json()) as { results: { title: string }[] };
    return body.results.map((n) => n.title);
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    configDir = join(mkdtempSync(join(tmpdir(), "katale-cli-notifications-")), "config");
    owner = await aSignedInUser(server);
  });

  afterAll(async () => {
    await server?.close();
    if (configDir) rmSync(dirname(configDir), { recursive: true, force: true });
  });

  it("tells a visitor to log in, exit 1", async () => {
    for (const args of [
      ["notifications"],
      ["notifications", "read", "--all"],
      ["notifications", "settings"],
      ["--json", "notifications", "--unread"],
    ]) {
      expect(await katale(args), args.join(" ")).toEqual({ code: 1, stdout: "", stderr: NOT_LOGGED_IN });
    }
  });

  describe("signed in as a shop's owner", () => {
    beforeAll(async () => {
      expect(await katale(["login", owner.email], `${owner.password}\n`)).toMatchObject({ code: 0 });
    });

    it("starts with an empty inbox", async () => {
      expect(await katale(["notifications"])).toEqual({
        code: 0,
        stdout: "Notifications (0 unread)\n\nNo notifications yet.\n",
        stderr: "",
      });
    });

    it("lists what the server delivered, newest first; marks one read, then all", async () => {
      const phones = await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Phones" });
      const tailors = await aShop(server.db, { owner_id: owner.id, name: "Gulu Tailors" });
      await follow(phones.id);
      await expect.poll(unreadTitles).toEqual(["Kikuubo Phones has a new follower"]);
      await follow(tailors.id);
      await expect.poll(unreadTitles).toHaveLength(2);

      const listed = await katale(["notifications"]);
      expect(listed).toMatchObject({ code: 0, stderr: "" });
      const lines = listed.stdout.split("\n");
      expect(lines[0]).toBe("Notifications (2 unread)");
      expect(lines[2]).toMatch(/^\s*ID\s+NEW\s+WHEN\s+NOTIFICATION$/);
      expect(lines[3]).toMatch(/Gulu Tailors has a new follower$/);
      expect(lines[4]).toMatch(/•\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+Kikuubo Phones has a new follower/);
      expect(listed.stdout).toContain("Page 1 of 1 · 2 notifications");

      const json = await katale(["--json", "notifications"]);
      const page = JSON.parse(json.stdout) as {
        count: number;
        unread: number;
        has_next: boolean;
        results: {
          id: number;
          kind: string;
          title: string;
          url: string;
          image_url: unknown;
          read: boolean;
        }[];
      };
      expect(page).toMatchObject({ count: 2, unread: 2, has_next: false });
      expect(page.results.map((n) => n.title)).toEqual([
        "Gulu Tailors has a new follower",
        "Kikuubo Phones has a new follower",
      ]);
      expect(page.results[1]).toMatchObject({
        kind: "new_follower",
        read: false,
        url: "/account/admin-shop/Kikuubo%20Phones",
      });
      const [gulu, kikuubo] = page.results;

      expect(await katale(["notifications", "read", String(kikuubo!.id)])).toEqual({
        code: 0,
        stdout: "Marked read. 1 unread.\n",
        stderr: "",
      });
      const unread = await katale(["--json", "notifications", "--unread"]);
      expect(JSON.parse(unread.stdout)).toMatchObject({ count: 1, unread: 1, results: [{ id: gulu!.id }] });

      // One that is not the user's: nothing is marked.
      const unknown = await katale(["notifications", "read", String(gulu!.id), String(gulu!.id + 1000)]);
      expect(unknown).toEqual({ code: 1, stdout: "", stderr: "Notification not found\n" });
      expect(await unreadTitles()).toEqual(["Gulu Tailors has a new follower"]);

      expect(await katale(["--json", "notifications", "read", "--all"])).toEqual({
        code: 0,
        stdout: '{\n  "unread": 0\n}\n',
        stderr: "",
      });
      expect(await katale(["notifications", "--unread"])).toEqual({
        code: 0,
        stdout: "Notifications (0 unread)\n\nNo unread notifications.\n",
        stderr: "",
      });
      expect(await katale(["notifications", "--page", "2"])).toEqual({
        code: 1,
        stdout: "",
        stderr: "No more notifications: page 2 is past the last page.\n",
      });
    });

    it("prints the channels of every kind and turns them on and off with --set", async () => {
      const defaults = defaultNotificationSettings();
      const onOff = (on: boolean) => (on ? "on" : "off");
      const row = (kind: keyof typeof defaults, c: { inbox: boolean; email: boolean; push: boolean }) =>
        new RegExp(`^${kind}\\s+${onOff(c.inbox)}\\s+${onOff(c.email)}\\s+${onOff(c.push)}$`, "m");

      const shown = await katale(["notifications", "settings"]);
      expect(shown).toMatchObject({ code: 0, stderr: "" });
      expect(shown.stdout).toMatch(/^KIND\s+INBOX\s+EMAIL\s+PUSH$/m);
      for (const kind of Object.keys(defaults) as (keyof typeof defaults)[])
        expect(shown.stdout).toMatch(row(kind, defaults[kind]));

      const changed = await katale([
        "notifications",
        "settings",
        "--set",
        "new_follower.inbox=off",
        "--set",
        "new_follower.push=on",
      ]);
      const now = { ...defaults.new_follower, inbox: false, push: true };
      expect(changed.stdout).toMatch(row("new_follower", now));
      expect(changed.stdout).toMatch(row("chat_message", defaults.chat_message));
      const json = JSON.parse((await katale(["--json", "notifications", "settings"])).stdout);
      expect(json.settings.new_follower).toEqual(now);
      expect(json.settings.review_on_my_product).toEqual(defaults.review_on_my_product);
    });

    it("refuses a bad command line as a usage error, exit 2, before anything is sent", async () => {
      const cases: [string[], string][] = [
        [["notifications", "read"], "Give the ids to mark read (see katale notifications), or --all."],
        [["notifications", "read", "3", "--all"], "Give either ids or --all, not both."],
        [["notifications", "read", "three"], "Expected a notification id (a whole number), got 'three'."],
        [["notifications", "settings", "--set", "nope.push=on"], "Unknown notification kind 'nope'"],
        [
          ["notifications", "settings", "--set", "new_follower.sms=on"],
          "Unknown channel 'sms': one of inbox, email, push.",
        ],
        [["notifications", "settings", "--set", "new_follower.push=maybe"], "Expected KIND.CHANNEL=on|off"],
        [["notifications", "--page", "0"], "Expected a whole number of at least 1."],
      ];
      for (const [args, said] of cases) {
        const run = await katale(args);
        expect(run, args.join(" ")).toMatchObject({ code: 2, stdout: "" });
        expect(run.stderr).toContain(said);
      }
      const json = JSON.parse((await katale(["--json", "notifications", "settings"])).stdout);
      expect(json.settings.new_follower.push).toBe(true);
    });
  });
});
