import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aProduct, aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tuiTerminal } from "./tui-terminal.js";

// `katale tui` (the built file) as a person runs it: in a real terminal (tmux, 80×24) against the
// real server, keys sent with send-keys, the screen read back with capture-pane.

/** A colour or style escape (ESC [ … m) in a pane captured with -e. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

const { tmux, see, press, type, start, close } = tuiTerminal("katale-tui-test", "tui");

describe("katale tui in a terminal against a started server", () => {
  let server: TestServer;
  let configDir: string;

  beforeAll(async () => {
    server = await startTestServer();
    configDir = mkdtempSync(join(tmpdir(), "katale-tui-"));
    const owner = await aSignedInUser(server);
    const shop = await aShop(server.db, {
      owner_id: owner.id,
      name: "Mukono Sports Arena",
      verification_status: "VERIFIED",
    });
    await aProduct(server.db, {
      shop_id: shop.id,
      name: "Bicycle pump",
      price: 15_000,
      in_stock: 7,
      description: "Pumps fast, sturdy steel.",
    });
    await aProduct(server.db, { shop_id: shop.id, name: "Bicycle helmet", price: 80_000 });
  });

  afterAll(async () => {
    close();
    await server?.close();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  /** The app in a new session `session` of 80×24, as a visitor, with `extra` settings. */
  const startIn = (session: string, extra: Record<string, string> = {}) =>
    start(
      {
        KATALE_SHOP_URL: server.shopUrl,
        KATALE_AUTH_URL: server.authUrl,
        KATALE_CONFIG_DIR: configDir,
        ...extra,
      },
      undefined,
      session,
    );

  it("goes home → search → a product → back → quit at 80×24, and follows a resize", async () => {
    startIn("tui");

    const home = await see("For you");
    expect(home).toContain("[Home]");
    expect(home).toMatch(/Bicycle pump\s+UGX 15,000/);
    for (const line of home.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    // In colour by default (the NO_COLOR run below has none).
    expect(tmux("capture-pane", "-p", "-e", "-t", "tui")).toMatch(SGR);

    // A smaller terminal: the app redraws to fit it.
    tmux("resize-window", "-t", "tui", "-x", "60", "-y", "20");
    const narrow = await see(/Katale \[Home\] Categories Saved Following History Chats My s…/);
    for (const line of narrow.split("\n")) expect([...line].length).toBeLessThanOrEqual(60);
    tmux("resize-window", "-t", "tui", "-x", "80", "-y", "24");
    await see("Katale [Home] Categories Saved Following History Chats My shops Account"); // no Admin: a visitor

    press("/");
    await see("Search products:");
    await type("pump");
    press("Enter");
    await see('1 product for "pump"');

    press("Enter");
    const product = await see("In stock: 7");
    expect(product).toContain("UGX 15,000 · In stock: 7");
    expect(product).toContain("Shop: Mukono Sports Arena ✓");
    expect(product).toContain("Pumps fast, sturdy steel.");
    expect(product).toContain("Home › Search › Bicycle pump");

    press("Escape");
    const back = await see(/Home › Search\s/);
    expect(back).toContain('1 product for "pump"');
    expect(back).not.toContain("In stock: 7");

    press("q");
    const after = await see("EXITED:0");
    // The alternate screen is left: nothing of the app stays on the terminal.
    expect(after).not.toContain("Search products:");
  });

  it("handles each key of a burst: a search typed in one go, two Tabs at once", async () => {
    startIn("burst");
    const screenOf = () => tmux("capture-pane", "-p", "-t", "burst");
    await expect.poll(screenOf, { timeout: 15_000, interval: 100 }).toContain("For you");
    // One send-keys: the keys reach the app together, as from a fast typist or a paste.
    tmux("send-keys", "-t", "burst", "-l", "/pump");
    tmux("send-keys", "-t", "burst", "Enter");
    await expect.poll(screenOf, { timeout: 15_000, interval: 100 }).toContain('1 product for "pump"');
    tmux("send-keys", "-t", "burst", "Tab", "Tab");
    await expect.poll(screenOf, { timeout: 15_000, interval: 100 }).toContain("Categories [Saved]");
    tmux("send-keys", "-t", "burst", "q");
    await expect.poll(screenOf, { timeout: 15_000, interval: 100 }).toContain("EXITED:0");
  });

  it("draws without colour under NO_COLOR", async () => {
    startIn("plain", { NO_COLOR: "1" });
    await expect
      .poll(() => tmux("capture-pane", "-p", "-t", "plain"), { timeout: 15_000, interval: 100 })
      .toContain("For you");
    const styled = tmux("capture-pane", "-p", "-e", "-t", "plain");
    expect(styled).toContain("› Bicycle");
    expect(styled).not.toMatch(SGR);
    tmux("send-keys", "-t", "plain", "q");
    await expect
      .poll(() => tmux("capture-pane", "-p", "-t", "plain"), { timeout: 15_000 })
      .toContain("EXITED:0");
  });
});
