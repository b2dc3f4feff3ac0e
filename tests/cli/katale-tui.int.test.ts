import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { aProduct, aShop, aSignedInUser, startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KATALE_BIN } from "./run-katale.js";

// `katale tui` (the built file) as a person runs it: in a real terminal (tmux, 80×24) against the
// real server, keys sent with send-keys, the screen read back with capture-pane.

/** A colour or style escape (ESC [ … m) in a pane captured with -e. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

const SOCKET = `katale-tui-test-${process.pid}`;
const SESSION = "tui";

function tmux(...args: string[]): string {
  return execFileSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
}

function screen(): string {
  return tmux("capture-pane", "-p", "-t", SESSION);
}

async function see(text: string | RegExp): Promise<string> {
  await expect.poll(screen, { timeout: 15_000, interval: 100 }).toMatch(text);
  // The app takes keys with the handlers of its last render: let it settle.
  await new Promise((resolve) => setTimeout(resolve, 150));
  return screen();
}

function press(...keys: string[]): void {
  for (const key of keys) tmux("send-keys", "-t", SESSION, key);
}

/** Types `text` as a person would: a key at a time, then a moment before the next key. */
async function type(text: string): Promise<void> {
  for (const char of text) {
    tmux("send-keys", "-t", SESSION, "-l", char);
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

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
    try {
      tmux("kill-server");
    } catch {
      // Already gone.
    }
    await server?.close();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  function start(session: string, extraEnv: string[] = []): void {
    const env = [
      `KATALE_SHOP_URL=${server.shopUrl}`,
      `KATALE_AUTH_URL=${server.authUrl}`,
      `KATALE_CONFIG_DIR=${configDir}`,
      "TERM=xterm-256color",
      ...extraEnv,
    ];
    // The shell stays after the app quits, so its exit code can be read off the screen.
    const command = `env ${env.map((e) => `'${e}'`).join(" ")} '${process.execPath}' '${KATALE_BIN}' tui; echo "EXITED:$?"; sleep 60`;
    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command);
  }

  it("goes home → search → a product → back → quit at 80×24, and follows a resize", async () => {
    start(SESSION);

    const home = await see("For you");
    expect(home).toContain("[Home]");
    expect(home).toMatch(/Bicycle pump\s+UGX 15,000/);
    for (const line of home.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
    // In colour by default (the NO_COLOR run below has none).
    expect(tmux("capture-pane", "-p", "-e", "-t", SESSION)).toMatch(SGR);

    // A smaller terminal: the app redraws to fit it.
    tmux("resize-window", "-t", SESSION, "-x", "60", "-y", "20");
    const narrow = await see(/Katale \[Home\] Categories Saved Following History Chats My s…/);
    for (const line of narrow.split("\n")) expect([...line].length).toBeLessThanOrEqual(60);
    tmux("resize-window", "-t", SESSION, "-x", "80", "-y", "24");
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
    start("burst");
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
    start("plain", ["NO_COLOR=1"]);
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
