import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tuiTerminal } from "./tui-terminal.js";

// The filter view of `katale tui`'s listing (`f`) as a person uses it in a real terminal (tmux,
// 80×24) against the real server: tick a filter value, type a highest price, choose a sort, apply,
// and see the list narrowed and ordered; clear it again.

const { screen, see, press, type, start, close } = tuiTerminal("katale-find-tui", "find");

describe("katale tui's filter view against a started server", () => {
  let server: TestServer;
  let configDir: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    configDir = mkdtempSync(join(tmpdir(), "katale-find-tui-"));
    const db = server.db;
    const home = (await aCategory(db, { name: "Home" })).id;
    const baskets = (await aSubCategory(db, { category_id: home, name: "Baskets" })).id;
    const filter = await db
      .insertInto("filters")
      .values({ sub_category_id: baskets, name: "Material" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const value: Record<string, number> = {};
    for (const name of ["Papyrus", "Raffia"])
      value[name] = (
        await db
          .insertInto("filter_values")
          .values({ filter_id: filter.id, name })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    const shop = await aShop(db, { name: "Owino Crafts" });
    for (const [name, price, material] of [
      ["Tall papyrus basket", 40_000, "Papyrus"],
      ["Small papyrus basket", 20_000, "Papyrus"],
      ["Raffia basket", 30_000, "Raffia"],
      ["Papyrus hamper", 90_000, "Papyrus"],
    ] as const) {
      const made = await aProduct(db, {
        shop_id: shop.id,
        category_id: home,
        sub_category_id: baskets,
        name,
        price,
      });
      await db
        .insertInto("product_filter_values")
        .values({ product_id: made.id, filter_id: filter.id, value_id: value[material]! })
        .execute();
    }
  });

  afterAll(async () => {
    close();
    await server?.close();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  it("narrows a sub category's products by a value, a highest price and a sort, then clears them", async () => {
    start({
      KATALE_SHOP_URL: server.shopUrl,
      KATALE_AUTH_URL: server.authUrl,
      KATALE_CONFIG_DIR: configDir,
    });
    await see("[Home]");
    press("Tab");
    await see("› Home");
    press("Enter");
    await see("› Baskets");
    press("Enter");
    const listing = await see("4 products");
    expect(listing).toContain("f filter and sort");

    press("f");
    const view = await see("[ ] Papyrus (3)");
    expect(view).toContain("[ ] Raffia (1)");
    expect(view).toContain("(•) Newest first");
    press("Enter");
    await see("[x] Papyrus (3)");
    // Down to the highest price, a row at a time as a person watches the cursor move: Raffia, the
    // lowest price, the highest price.
    const down = async (row: RegExp) => {
      press("j");
      await see(row);
    };
    await down(/› \[ \] Raffia/);
    await down(/› Lowest price: any/);
    await down(/› Highest price: any/);
    press("Enter");
    await see("e.g. 20000");
    await type("50,000");
    press("Enter");
    await see("Highest price: UGX 50,000");
    // Verified, in stock, newest, lowest price first.
    await down(/› \[ \] Verified/);
    await down(/› \[ \] In stock/);
    await down(/› \(•\) Newest first/);
    await down(/› \( \) Lowest price first/);
    press("Enter");
    await see("(•) Lowest price first");
    press("a");

    const narrowed = await see("3 chosen · f changes");
    await see("2 products");
    const lines = screen().split("\n");
    const small = lines.findIndex((l) => l.includes("Small papyrus basket"));
    const tall = lines.findIndex((l) => l.includes("Tall papyrus basket"));
    expect(small).toBeGreaterThan(-1);
    expect(tall).toBeGreaterThan(small);
    expect(narrowed).not.toContain("Raffia basket");
    expect(narrowed).not.toContain("Papyrus hamper");

    // The view opens on what is chosen; Esc leaves it as it was, c and a clear it.
    press("f");
    await see("[x] Papyrus");
    press("Escape");
    await see("3 chosen · f changes");
    press("f");
    await see("[x] Papyrus");
    press("c");
    await see("[ ] Papyrus");
    press("a");
    await see("4 products");
    expect(screen()).not.toContain("chosen");

    press("q");
    await see("EXITED:0");
  });
});
