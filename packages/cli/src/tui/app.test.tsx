import { describe, expect, it } from "vitest";
import { App } from "./app.js";
import { driveTui } from "./tui-driver.js";
import { fakeWorld } from "./tui-fakes.js";

// The TUI as a user drives it, on the domain's in-memory ports, at 80×24.

const KEY = { enter: "\r", escape: "\u001b", tab: "\t", down: "\u001b[B", up: "\u001b[A" } as const;
const SIZE = { columns: 80, rows: 24 };

/** How far below Bicycle pump the selected row (›) is. */
function rowsBelowPump(frame: string): number {
  const rows = frame.split("\n");
  return rows.findIndex((r) => r.startsWith("› ")) - rows.findIndex((r) => r.includes("Bicycle pump"));
}

function start(world = fakeWorld()) {
  return { ...driveTui(<App services={world.services} size={SIZE} />), world };
}

describe("katale tui", { timeout: 30_000 }, () => {
  it("opens on Home: Trending and For you, each product with its UGX price and the shop's tick, within 80×24", async () => {
    const { frame, see } = start();
    await see("For you");
    expect(frame()).toContain("Trending");
    expect(frame()).toContain("Chats My shops Account");
    expect(frame()).toMatch(/Bicycle pump\s+UGX 15,000/);
    expect(frame()).toContain("Mukono Sports Ar… ✓");
    const lines = frame().split("\n");
    expect(lines.length).toBeLessThanOrEqual(24);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("searches with / from anywhere, opens a product, and Esc goes back to the results", async () => {
    const { frame, see, press } = start();
    await see("Trending");
    await press(KEY.tab, "/");
    await see("Search products:");
    await press(..."pump".split(""), KEY.enter);
    await see('1 product for "pump"');
    await press(KEY.enter);
    await see("In stock: 7");
    expect(frame()).toContain("UGX 15,000");
    expect(frame()).toContain("Shop: Mukono Sports Arena ✓");
    expect(frame()).toContain("Pumps fast, sturdy steel.");
    expect(frame()).toContain("Categories › Search › Bicycle pump");
    await press("?");
    await see("On this screen");
    expect(frame()).toMatch(/^\s+s\s+save$/m);
    await press("x");
    await see("In stock: 7");
    await press(KEY.escape);
    await see('1 product for "pump"');
    expect(frame()).not.toContain("In stock: 7");
  });

  it("walks Categories → sub categories → products", async () => {
    const { see, press } = start();
    await see("Trending");
    await press(KEY.tab);
    await see("› Sports");
    await press(KEY.enter);
    await see("› Bicycles");
    await press(KEY.enter);
    await see("Categories › Sports › Bicycles");
    await see("Bicycle pump");
  });

  it("moves eight rows for eight Down presses that arrive in one write", async () => {
    const { see, press, app, frame } = start();
    await see("Trending");
    await press(KEY.tab, KEY.enter, KEY.enter);
    await see("Categories › Sports › Bicycles");
    await see("› Bicycle pump");
    app.stdin.write(KEY.down.repeat(8));
    // The ninth row (eight below Bicycle pump) is the one selected.
    await expect.poll(() => rowsBelowPump(frame()), { timeout: 5_000 }).toBe(8);
  });

  it("handles each of several plain keys that arrive in one write", async () => {
    const { see, press, app, frame } = start();
    await see("Trending");
    // Two Tabs: Categories, then the section after it.
    app.stdin.write("\t\t");
    await see("Categories [Saved]");
    await press("\u001b[Z");
    await see("› Sports");
    await press(KEY.enter);
    await see("› Bicycles");
    await press(KEY.enter);
    await see("› Bicycle pump");
    // Three down, one up, then ? (shown once the moves are done): the third row.
    app.stdin.write("jjjk?");
    await see("Keys (any key closes)");
    await press("x");
    await see("Bicycle pump");
    expect(rowsBelowPump(frame())).toBe(2);
  });

  it("takes a search typed in one write: / opens the field, the text goes in it, Enter searches", async () => {
    const { see, app, frame } = start();
    await see("Trending");
    app.stdin.write("/pump\r");
    await see('1 product for "pump"');
    expect(frame()).toContain("› Bicycle pump");
  });

  it("puts text pasted into a field there whole, keys of the shell and all", async () => {
    const { see, press, app, frame } = start();
    await see("Trending");
    await press("/");
    await see("Search products:");
    app.stdin.write("jq?k /n");
    await see("Search products: jq?k /n");
    expect(frame()).not.toContain("Keys (any key closes)");
    await press(KEY.enter);
    await see('No products match "jq?k /n".');
  });

  it("names the service that is down instead of failing", async () => {
    const world = fakeWorld();
    world.products.failures.set("listTrending", { kind: "network" });
    const { see, frame } = start(world);
    await see("Cannot reach the shop service at http://shop.test/api/shop/: is the server running?");
    expect(frame()).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("shows the keys with ? and closes them with any key", async () => {
    const { see, press, frame } = start();
    await see("Trending");
    await press("?");
    await see("Keys (any key closes)");
    expect(frame()).toContain("search products (from anywhere)");
    await press("x");
    await see("Trending");
    expect(frame()).not.toContain("Keys (any key closes)");
  });

  it("asks to log in before saving, then logs in inside the UI and saves, follows, rates and reviews", async () => {
    const { see, press, frame, world } = start();
    await see("Trending");
    await press("/", ..."pump", KEY.enter);
    await see('1 product for "pump"');
    await press(KEY.enter);
    await see("In stock: 7");
    await press("s");
    await see("You need to login first");

    // Account is the last section: Shift-Tab from Home.
    await press(KEY.escape, KEY.escape, "\u001b[Z");
    await see("You are not logged in.");
    await press(KEY.enter);
    await see("E-mail or phone:");
    await press(..."amina@example.ug", KEY.enter);
    await see("Password:");
    await press(..."kampala-2024", KEY.enter);
    await see("Login successful");
    expect(frame()).toContain("Logged in as Amina Nakato <amina@example.ug>.");
    // Amina is no admin: no Admin section.
    expect(frame()).toContain("My shops [Account]");
    expect(world.storage.get("token")).toBe("token-1");

    await press("/", ..."pump", KEY.enter);
    await see('1 product for "pump"');
    await press(KEY.enter);
    await see("In stock: 7");
    await press("s");
    await see("Saved to your wishlist");
    await press("f");
    await see("You are following this shop");
    await press("r");
    await see("Your rating");
    await press(KEY.down, KEY.enter); // 4.5 stars
    await see("Thanks for rating this product: ★★★★½");
    await press("w");
    await see("Your review");
    expect(frame().match(/Esc cancel(?!s)/g)).toHaveLength(1);
    await press(..."Pumps fast", KEY.enter);
    await see("Thanks for your review");
    await see("Amina Nakato ·");
  });
});
