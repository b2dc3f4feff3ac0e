import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemoryShopGateway,
  someProducts,
} from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import type { CliServices } from "./cli-services.js";
import type { ResolvedServiceUrls } from "./config/service-urls.js";
import { runCli } from "./run-cli.js";

// The whole command line in process, on in-memory ports: parsing, exit codes, what reaches stdout
// and stderr. The same commands run against the real server in tests/cli.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  urls: ResolvedServiceUrls[];
}

function fakes() {
  return {
    categories: new InMemoryCategoryGateway(
      [aCategory({ id: 1, name: "Phones & Tablets" }), aCategory({ id: 5, name: "Services" })],
      [aSubCategory({ id: 21, name: "Plumbing", categoryId: 5, categoryName: "Services" })],
    ),
    products: new InMemoryProductGateway([
      aProduct({ id: 1, name: "Bicycle pump", slug: "bicycle-pump-3eel", price: 15_000, shopId: 13 }),
      ...someProducts(20, { shopId: 13 }),
    ]),
    shops: new InMemoryShopGateway([
      aShop({ id: 13, name: "Mukono Sports Arena", verificationStatus: "VERIFIED" }),
    ]),
  };
}

async function katale(argv: string[], gateways = fakes(), env: Record<string, string> = {}): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const urls: ResolvedServiceUrls[] = [];
  const code = await runCli(argv, {
    io: {
      out: (text) => {
        stdout += text;
      },
      err: (text) => {
        stderr += text;
      },
      width: 80,
    },
    env,
    connect: (resolved): CliServices => {
      urls.push(resolved);
      return { urls: resolved, ...gateways };
    },
  });
  return { code, stdout, stderr, urls };
}

describe("katale", () => {
  it("lists a page of products with its page line", async () => {
    const run = await katale(["products", "list", "--page", "2"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Page 2 of 3 · 21 products · next: --page 3");
    expect(run.stderr).toBe("");
  });

  it("prints only JSON with --json, wherever it stands", async () => {
    for (const argv of [
      ["--json", "products", "list"],
      ["products", "list", "--json"],
    ]) {
      const run = await katale(argv);
      expect(run.code).toBe(0);
      const page = JSON.parse(run.stdout);
      expect(page).toMatchObject({ count: 21, page: 1, has_next: true });
      expect(page.items).toHaveLength(8);
    }
  });

  it("shows a product by slug or id, and fails with 'Product not found' otherwise", async () => {
    expect((await katale(["products", "show", "bicycle-pump-3eel"])).stdout).toContain("UGX 15,000");
    expect((await katale(["products", "show", "1"])).stdout).toContain("Bicycle pump");
    const missing = await katale(["products", "show", "no-such-thing"]);
    expect(missing).toMatchObject({ code: 1, stdout: "", stderr: "Product not found\n" });
  });

  it("refuses a bad --page with exit 2 and a usage hint, before asking any service", async () => {
    const run = await katale(["products", "list", "--page", "two"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("option '--page <n>' argument 'two' is invalid");
    expect(run.stderr).toContain("Run 'katale products list --help' for usage.");
    expect(run.urls).toEqual([]);
  });

  it("refuses two listing filters at once", async () => {
    const run = await katale(["products", "list", "--category", "1", "--shop", "13"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Use only one of --category, --sub-category and --shop.");
  });

  it("says when the shop service cannot be reached, with exit 1 and no stack", async () => {
    const gateways = fakes();
    gateways.categories.failures.set("listCategories", { kind: "network" });
    const run = await katale(["categories", "list", "--shop-url", "http://127.0.0.1:9/api/shop"], gateways);
    expect(run).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "Cannot reach the shop service at http://127.0.0.1:9/api/shop/: is the server running?\n",
    });
  });

  it("takes the service URLs from the environment", async () => {
    const run = await katale(["shops", "list"], fakes(), { KATALE_SHOP_URL: "https://katale.ug/api/shop/" });
    expect(run.urls).toEqual([
      { authUrl: "http://localhost:8080/api/auth/", shopUrl: "https://katale.ug/api/shop/" },
    ]);
  });

  it("refuses an invalid service URL as a usage error", async () => {
    const run = await katale(["shops", "list", "--shop-url", "katale.ug"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--shop-url must be an http:// or https:// URL");
  });

  it("lists one category's sub categories by name", async () => {
    const run = await katale(["subcategories", "list", "--category", "Services"]);
    expect(run.stdout).toBe("Sub categories for Services\n\nID  NAME\n21  Plumbing\n");
    const unknown = await katale(["subcategories", "list", "--category", "Nowhere"]);
    expect(unknown).toMatchObject({ code: 1, stderr: "Category not found\n" });
  });

  it("searches with several words, and needs some text", async () => {
    const found = await katale(["products", "search", "bicycle", "pump", "--json"]);
    expect(JSON.parse(found.stdout).map((p: { name: string }) => p.name)).toContain("Bicycle pump");
    const blank = await katale(["products", "search", "  "]);
    expect(blank.code).toBe(2);
  });

  it("shows a shop by numeric id only", async () => {
    expect((await katale(["shops", "show", "13"])).stdout).toMatch(/^Mukono Sports Arena ✓\n/);
    expect((await katale(["shops", "show", "mukono"])).code).toBe(2);
    expect(await katale(["shops", "show", "99"])).toMatchObject({ code: 1, stderr: "Shop not found\n" });
  });

  it("prints help and the version with exit 0", async () => {
    const help = await katale(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("products");
    expect((await katale(["--version"])).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it("treats an unknown command as a usage error", async () => {
    const run = await katale(["products", "lst"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'lst'");
  });
});
