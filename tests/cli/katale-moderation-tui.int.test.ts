import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aProduct, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";
import { tuiTerminal } from "./tui-terminal.js";

// The admins' moderation screen of `katale tui` (the built file) as an admin uses it: in a real
// terminal (tmux, 100×30) against the real server. The open reports come grouped by target, the
// most-reported first; a report's details; hide with a note (a visitor no longer finds the product),
// restore from the resolved reports (found again), dismiss the other with a note.

const { screen, see, press, type, start, close } = tuiTerminal("katale-moderation-tui", "moderation");

describe("katale tui, the admins' moderation screen, against a started server", () => {
  let server: TestServer;
  let work: string;
  let watch: { id: number; slug: string };
  let lamp: { id: number; slug: string };

  const env = (config: string) => ({
    KATALE_CONFIG_DIR: join(work, config),
    KATALE_AUTH_URL: server.authUrl,
    KATALE_SHOP_URL: server.shopUrl,
  });
  const visitorFinds = async (slug: string) =>
    (await runKatale(["products", "show", slug], { env: env("visitor") })).code === 0;

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-moderation-tui-"));
    const [admin, first, second] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    watch = await aProduct(server.db, { name: "Fake Rolex watch" });
    lamp = await aProduct(server.db, { name: "Solar lamp" });
    const report = async (who: { key: string }, id: number, reason: string, details?: string) => {
      const sent = await fetch(`${server.shopUrl}reports/`, {
        method: "POST",
        headers: { authorization: `Token ${who.key}`, "content-type": "application/json" },
        body: JSON.stringify({ target: "product", target_id: id, reason, ...(details && { details }) }),
      });
      expect(sent.status).toBe(201);
    };
    // The lamp first: the queue still puts the watch (two reports) above it.
    await report(first, lamp.id, "wrong_category");
    await report(first, watch.id, "counterfeit", "Sold as an original for 80,000");
    await report(second, watch.id, "scam");
    const login = await runKatale(["login", admin.email], {
      env: env("admin"),
      stdin: `${admin.password}\n`,
    });
    expect(login.code, login.stderr).toBe(0);
  });

  afterAll(async () => {
    close();
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("lists, shows, hides, restores and dismisses", async () => {
    start(env("admin"), { width: 100, height: 30 });

    await see("[Home]");
    // The Admin section shows once the app knows the account is an admin's.
    await see("My shops Admin Account");
    press("BTab", "BTab");
    await see("› Catalogue");
    press("Down", "Down");
    await see("› Moderation");
    press("Enter");
    await see("Open reports · s others · d dismiss · h hide · u suspend · r restore");
    // The header shows while the reports still load: wait for the last target's line.
    const queue = await see(`Product ${lamp.id} · Solar lamp · 1 report`);
    const watchAt = queue.indexOf(`Product ${watch.id} · Fake Rolex watch · 2 reports`);
    const lampAt = queue.indexOf(`Product ${lamp.id} · Solar lamp · 1 report`);
    expect(watchAt).toBeGreaterThan(-1);
    expect(lampAt).toBeGreaterThan(watchAt);
    expect(queue).toMatch(/› +#\d+ (Counterfeit|Scam or fraud) · /);
    for (const line of queue.split("\n")) expect([...line].length).toBeLessThanOrEqual(100);

    // The details of the watch's first report, then hide from there with a note.
    press("Enter");
    const details = await see(/Reported by .+ \(user \d+\) on \d{4}-\d\d-\d\d/);
    expect(details).toContain(`Target: product ${watch.id}`);
    expect(details).toContain("2 reports on it");
    expect(details).toContain("Status: Open");
    press("h");
    await see(`Note for Hide on product ${watch.id} (Enter sends):`);
    await type("Counterfeit goods");
    press("Enter");
    await see(new RegExp(`Report \\d+ resolved \\(hide\\): product ${watch.id}, 2 reports on it\\.`));
    const after = await see(`Product ${lamp.id} · Solar lamp · 1 report`);
    expect(after).not.toContain("Fake Rolex watch");
    expect(await visitorFinds(watch.slug)).toBe(false);

    // The resolved reports: restore the watch.
    press("s");
    const resolved = await see("Resolved reports");
    expect(resolved).toContain("Resolved: Hide. Note: Counterfeit goods");
    press("r");
    await see(`Restored: product ${watch.id}.`);
    expect(await visitorFinds(watch.slug)).toBe(true);

    // Back to the open ones: dismiss the lamp's report with a note; the queue is empty.
    press("s");
    await see(`Product ${lamp.id} · Solar lamp · 1 report`);
    press("u");
    await see("A product cannot be given 'suspend'.");
    press("d");
    await see(`Note for Dismiss on product ${lamp.id} (Enter sends):`);
    await type("Right category after all");
    press("Enter");
    await see(new RegExp(`Report \\d+ resolved \\(dismiss\\): product ${lamp.id}, 1 report on it\\.`));
    await see("No open reports");
    console.log(`The moderation screen at 100×30, after dismissing:\n${screen()}`);

    press("q");
    await see("EXITED:0");
  });
});
