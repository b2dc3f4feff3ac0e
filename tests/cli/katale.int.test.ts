import { execFile } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Category, Shop } from "@katale/domain";
import { formatUgx } from "@katale/domain";
import { startTestServer, type TestServer } from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The built `katale` run as a user runs it (node dist/katale.js …) against the real server on a
// fresh seeded database (PGlite): stdout, stderr and exit codes.

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const cliDir = join(root, "packages/cli");
const bin = join(cliDir, "dist/katale.js");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function katale(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const { COLUMNS: _columns, KATALE_SHOP_URL: _shop, KATALE_AUTH_URL: _auth, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...inherited, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A port nothing listens on: taken from the OS, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

describe("katale against a started server", () => {
  let server: TestServer;
  let shopUrl: string[];
  // `--json` speaks the API's snake_case.
  let newest: {
    id: number;
    name: string;
    slug: string;
    price: number;
    in_stock: number;
    shop_id: number;
    shop_name: string;
  }[];

  beforeAll(async () => {
    // tests/build-clients.global-setup.ts has built dist/katale.js, as `npm run build` does.
    server = await startTestServer({ seed: "demo" });
    shopUrl = ["--shop-url", server.shopUrl];
    const listed = await katale(["products", "list", "--json", ...shopUrl]);
    const page = JSON.parse(listed.stdout) as { items: typeof newest; has_next: boolean };
    expect(page.has_next).toBe(true);
    newest = page.items;
  });

  afterAll(async () => {
    await server?.close();
  });

  it("lists the categories, Services among them", async () => {
    const run = await katale(["categories", "list", ...shopUrl]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ID\s+NAME\n/);
    expect(run.stdout).toMatch(/\n\s*5\s+Services\n/);
    expect(run.stderr).toBe("");
  });

  it("prints parseable JSON with --json and nothing else", async () => {
    const run = await katale(["--json", "categories", "list", ...shopUrl]);
    const categories = JSON.parse(run.stdout) as Category[];
    expect(categories.find((c) => c.id === 5)?.name).toBe("Services");
  });

  it("lists the newest products, 8 to a page, with UGX prices and the page line", async () => {
    const run = await katale(["products", "list", ...shopUrl]);
    expect(run.code).toBe(0);
    const rows = run.stdout.split("\n").filter((line) => /UGX [\d,]+/.test(line));
    expect(rows).toHaveLength(8);
    expect(run.stdout).toContain(formatUgx(newest[0]!.price));
    expect(run.stdout).toMatch(/\nPage 1 of \d+ · \d+ products · next: --page 2\n$/);
    for (const line of run.stdout.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("pages on, and says when a page is past the end", async () => {
    const second = await katale(["products", "list", "--page", "2", "--page-size", "5", ...shopUrl]);
    expect(second.stdout).toContain("Page 2 of ");
    const past = await katale(["products", "list", "--page", "9999", ...shopUrl]);
    expect(past).toMatchObject({ code: 1, stdout: "" });
    expect(past.stderr).toContain("No more products");
  });

  it("lists a category's products under its name and sub categories", async () => {
    const run = await katale(["products", "list", "--category", "Services", ...shopUrl]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Services\nSub categories: /);
    expect(run.stdout).toContain("UGX ");
  });

  it("lists a shop's products by its name as by its id, and says when no shop is called so", async () => {
    const byName = await katale(["products", "list", "--shop", "mukono sports arena", "--json", ...shopUrl]);
    expect(byName.code).toBe(0);
    const named = JSON.parse(byName.stdout) as { items: { shop_id: number; name: string }[] };
    const shopIds = new Set(named.items.map((item) => item.shop_id));
    expect(named.items.length).toBeGreaterThan(0);
    expect(shopIds.size).toBe(1);
    const [shopId] = shopIds;
    const byId = await katale(["products", "list", "--shop", String(shopId), "--json", ...shopUrl]);
    expect(JSON.parse(byId.stdout)).toEqual(named);

    const missing = await katale(["products", "list", "--shop", "Nowhere Stall", ...shopUrl]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No shop is called 'Nowhere Stall'");
  });

  it("finds a seeded product by its name", async () => {
    const product = newest[0]!;
    const run = await katale(["products", "search", product.name, ...shopUrl]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(product.name);
  });

  it("says 'No products' when nothing matches", async () => {
    const run = await katale(["products", "search", "qqzzxxvvww", ...shopUrl]);
    expect(run).toMatchObject({ code: 0, stdout: "No products\n" });
  });

  it("shows a product by its slug: name, price, stock and shop", async () => {
    const product = newest[0]!;
    const run = await katale(["products", "show", product.slug, ...shopUrl]);
    expect(run.code).toBe(0);
    expect(
      run.stdout.startsWith(`${product.name}\n${formatUgx(product.price)} · In stock: ${product.in_stock}\n`),
    ).toBe(true);
    expect(run.stdout).toContain(product.shop_name);
  });

  it("fails with 'Product not found' for an unknown slug", async () => {
    const run = await katale(["products", "show", "no-such-product-anywhere", ...shopUrl]);
    expect(run).toMatchObject({ code: 1, stdout: "", stderr: "Product not found\n" });
  });

  it("lists the shops and shows one with its followers and first products", async () => {
    const list = await katale(["shops", "list", "--json", ...shopUrl]);
    const shops = JSON.parse(list.stdout) as Shop[];
    const shop = shops.find((s) => s.id === newest[0]!.shop_id)!;
    const table = await katale(["shops", "list", ...shopUrl]);
    expect(table.stdout).toContain(shop.name.slice(0, 14));

    const run = await katale(["shops", "show", String(shop.id), ...shopUrl]);
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")[0]).toContain(shop.name);
    expect(run.stdout).toMatch(/\nFollowers: \d+\n/);
    expect(run.stdout).toContain(newest[0]!.name.slice(0, 14));
  });

  it("fails with 'Shop not found' for an unknown shop, and refuses a non-numeric id", async () => {
    expect(await katale(["shops", "show", "999999", ...shopUrl])).toMatchObject({
      code: 1,
      stderr: "Shop not found\n",
    });
    const bad = await katale(["shops", "show", "abc", ...shopUrl]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Run 'katale shops show --help' for usage.");
  });

  it("refuses a bad --page with exit 2 and a usage hint", async () => {
    const run = await katale(["products", "list", "--page", "0", ...shopUrl]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("--page");
    expect(run.stderr).toContain("Run 'katale products list --help' for usage.");
  });

  it("takes the shop service URL from KATALE_SHOP_URL", async () => {
    const run = await katale(["subcategories", "list", "--category", "5"], {
      KATALE_SHOP_URL: server.shopUrl,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Sub categories for Services\n/);
  });

  it("says the service cannot be reached when nothing listens, exit 1, no stack", async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api/shop/`;
    const run = await katale(["products", "list", "--shop-url", url]);
    expect(run).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `Cannot reach the shop service at ${url}: is the server running?\n`,
    });
  });
});
