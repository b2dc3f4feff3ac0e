import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatUgx } from "@katale/domain";
import {
  aProduct,
  aShop,
  aSignedInUser,
  type ProductFixture,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The built `katale` (tests/build-clients.global-setup.ts builds it) as a signed-in shopper runs it
// against the real server: save, follow, rate, review and the browse history, and what a visitor is told.

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "packages/cli/dist/katale.js");
const NOT_LOGGED_IN = "You are not logged in. Run 'katale login' first.\n";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe("katale engagement commands against a started server", () => {
  let server: TestServer;
  let configDir: string;
  let pump: ProductFixture;
  let helmet: ProductFixture;
  let shop: { id: number; name: string };

  /** Runs the built CLI with `stdin` piped in (not a terminal), as scripts do. */
  function katale(args: string[], stdin = ""): Promise<Run> {
    const {
      COLUMNS: _c,
      KATALE_SHOP_URL: _s,
      KATALE_AUTH_URL: _a,
      XDG_CONFIG_HOME: _x,
      ...inherited
    } = process.env;
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [bin, ...args],
        {
          env: {
            ...inherited,
            KATALE_CONFIG_DIR: configDir,
            KATALE_AUTH_URL: server.authUrl,
            KATALE_SHOP_URL: server.shopUrl,
          },
          timeout: 30_000,
        },
        (error, stdout, stderr) => {
          const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
          resolve({ code, stdout, stderr });
        },
      );
      child.stdin?.end(stdin);
    });
  }

  beforeAll(async () => {
    server = await startTestServer();
    configDir = join(mkdtempSync(join(tmpdir(), "katale-cli-engagement-")), "config");
    const owner = await aSignedInUser(server);
    const row = await aShop(server.db, { owner_id: owner.id, name: "Mukono Sports Arena" });
    shop = { id: row.id, name: row.name };
    pump = await aProduct(server.db, { shop_id: shop.id, name: "Bicycle pump", price: 15_000 });
    helmet = await aProduct(server.db, { shop_id: shop.id, name: "Bicycle helmet", price: 80_000 });
  });

  afterAll(async () => {
    await server?.close();
    if (configDir) rmSync(dirname(configDir), { recursive: true, force: true });
  });

  it("tells a visitor to log in, exit 1, before anything changes", async () => {
    for (const args of [
      ["saved"],
      ["saved", "add", pump.slug],
      ["saved", "remove", pump.slug],
      ["follow", String(shop.id)],
      ["unfollow", String(shop.id)],
      ["following"],
      ["rate", pump.slug, "4"],
      ["review", pump.slug, "Works well"],
      ["history"],
      ["--json", "saved"],
    ]) {
      expect(await katale(args), args.join(" ")).toEqual({ code: 1, stdout: "", stderr: NOT_LOGGED_IN });
    }
  });

  it("refuses stars that are not 0 to 5 in half steps, exit 1", async () => {
    for (const stars of ["6", "3.3", "-1", "four"]) {
      const run = await katale(["rate", pump.slug, stars]);
      expect(run).toMatchObject({ code: 1, stdout: "" });
      expect(run.stderr).toContain("Choose 0 to 5 stars, in half steps");
    }
  });

  describe("signed in", () => {
    beforeAll(async () => {
      const shopper = await aSignedInUser(server);
      const login = await katale(["login", shopper.email], `${shopper.password}\n`);
      expect(login).toMatchObject({ code: 0, stderr: "" });
    });

    it("has an empty history at first", async () => {
      expect(await katale(["history"])).toEqual({
        code: 0,
        stdout: "You don't have any browse history\n",
        stderr: "",
      });
    });

    it("saves a product, lists it with its price, and removes it", async () => {
      expect(await katale(["saved"])).toEqual({
        code: 0,
        stdout: "No products in wish list or they are out of stock\n",
        stderr: "",
      });
      expect(await katale(["saved", "add", pump.slug])).toEqual({
        code: 0,
        stdout: "Saved to your wishlist: Bicycle pump\n",
        stderr: "",
      });
      // Adding sets the state: a second add (a retry) keeps the product saved, once, and says so.
      expect(await katale(["saved", "add", pump.slug])).toEqual({
        code: 0,
        stdout: "This product is already in your wishlist: Bicycle pump\n",
        stderr: "",
      });
      const listed = await katale(["saved"]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(new RegExp(`${pump.id}\\s+Bicycle pump\\s+${formatUgx(15_000)}`));
      expect(listed.stdout).toMatch(/\n1 product\n$/);
      const json = JSON.parse((await katale(["saved", "--json"])).stdout) as {
        items: { product: { slug: string } }[];
        total: number;
      };
      expect(json.total).toBe(1);
      expect(json.items[0]?.product.slug).toBe(pump.slug);

      expect((await katale(["saved", "remove", pump.slug])).stdout).toBe(
        "Removed from your wishlist: Bicycle pump\n",
      );
      expect(await katale(["saved", "remove", pump.slug])).toEqual({
        code: 0,
        stdout: "This product is not in your wishlist: Bicycle pump\n",
        stderr: "",
      });
      expect((await katale(["saved", "--json"])).stdout).toContain('"total": 0');
    });

    it("removing a product that is not saved changes nothing", async () => {
      await katale(["saved", "add", helmet.slug]);
      expect(await katale(["saved", "remove", pump.slug])).toEqual({
        code: 0,
        stdout: "This product is not in your wishlist: Bicycle pump\n",
        stderr: "",
      });
      const json = JSON.parse((await katale(["saved", "--json"])).stdout) as {
        items: { product: { slug: string } }[];
      };
      expect(json.items.map((i) => i.product.slug)).toEqual([helmet.slug]);
      expect((await katale(["saved", "remove", helmet.slug])).code).toBe(0);
    });

    it("fails with 'Product not found' for an unknown slug", async () => {
      expect(await katale(["saved", "add", "no-such-product"])).toEqual({
        code: 1,
        stdout: "",
        stderr: "Product not found\n",
      });
    });

    it("follows a shop by id or name, lists it, and unfollows it", async () => {
      expect((await katale(["following"])).stdout).toBe("You don't follow any shop\n");
      expect(await katale(["follow", "mukono sports arena"])).toEqual({
        code: 0,
        stdout: "You are following this shop: Mukono Sports Arena\n1 follower\n",
        stderr: "",
      });
      // Following sets the state: following again keeps one follow, and says so.
      expect(await katale(["follow", String(shop.id)])).toEqual({
        code: 0,
        stdout: "You already follow this shop: Mukono Sports Arena\n1 follower\n",
        stderr: "",
      });
      const following = await katale(["following"]);
      expect(following.stdout).toMatch(new RegExp(`\\n\\s*${shop.id}\\s+Mukono Sports Arena\\n`));
      const json = JSON.parse((await katale(["--json", "following"])).stdout) as { shop: { id: number } }[];
      expect(json.map((r) => r.shop.id)).toEqual([shop.id]);

      expect(await katale(["unfollow", String(shop.id)])).toEqual({
        code: 0,
        stdout: "You no longer follow this shop: Mukono Sports Arena\n0 followers\n",
        stderr: "",
      });
      expect((await katale(["following"])).stdout).toBe("You don't follow any shop\n");
    });

    it("unfollowing a shop not followed changes nothing; an unknown shop fails", async () => {
      expect(await katale(["unfollow", "MUKONO  sports arena"])).toEqual({
        code: 0,
        stdout: "You don't follow this shop: Mukono Sports Arena\n0 followers\n",
        stderr: "",
      });
      expect((await katale(["follow", "No Such Shop"])).stderr).toContain("No shop is called 'No Such Shop'");
      expect(await katale(["follow", "999999"])).toEqual({ code: 1, stdout: "", stderr: "Shop not found\n" });
    });

    it("rates a product and the product shows the new average", async () => {
      const rated = await katale(["rate", pump.slug, "3.5"]);
      expect(rated).toMatchObject({ code: 0, stderr: "" });
      expect(rated.stdout).toContain("Thanks for rating this product: Bicycle pump");
      expect(rated.stdout).toContain("Your rating: ★★★½☆ 3.5");
      expect(rated.stdout).toContain("Average:     ★★★½☆ 3.5 (1 rating)");
      // Rating again replaces the rating.
      const again = JSON.parse((await katale(["rate", pump.slug, "5", "--json"])).stdout) as {
        stars: number;
        average_rating: number;
        number_of_users_rated: number;
      };
      expect(again).toMatchObject({ stars: 5, average_rating: 5, number_of_users_rated: 1 });
      const shown = await katale(["products", "show", pump.slug]);
      expect(shown.stdout).toContain("★★★★★ 5.0 (1 rating)");
    });

    it("writes a review, and the product's reviews list it as plain text", async () => {
      expect((await katale(["reviews", pump.slug])).stdout).toContain("No comments yet");
      const text = "<img src=x onerror=alert(1)> Pumps fast";
      const posted = await katale(["review", pump.slug, text]);
      expect(posted).toMatchObject({ code: 0, stderr: "" });
      expect(posted.stdout).toContain("Review posted on Bicycle pump");
      const listed = await katale(["reviews", pump.slug]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain("Reviews · Bicycle pump (1 Review)");
      expect(listed.stdout).toContain(`  ${text}\n`);
      expect(listed.stdout).toMatch(/Page 1 of 1\n$/);
      const json = JSON.parse((await katale(["reviews", pump.slug, "--json"])).stdout) as {
        items: { comment: string }[];
        count: number;
      };
      expect(json).toMatchObject({ count: 1, items: [{ comment: text }] });
      expect(await katale(["reviews", pump.slug, "--page", "2"])).toEqual({
        code: 1,
        stdout: "",
        stderr: "No comments found: page 2 is past the last page.\n",
      });
      expect((await katale(["review", pump.slug, "   "])).stderr).toContain(
        "Write your review before sending it",
      );
    });

    it("keeps the history of products shown, most recent first, one entry each", async () => {
      // `products show` records the view; the rating test above showed the pump.
      await katale(["products", "show", helmet.slug]);
      const ids = async () =>
        (
          JSON.parse((await katale(["history", "--json"])).stdout) as { products: { id: number }[] }
        ).products.map((p) => p.id);
      expect(await ids()).toEqual([helmet.id, pump.id]);
      await katale(["products", "show", pump.slug]);
      expect(await ids()).toEqual([pump.id, helmet.id]);
      const history = await katale(["history"]);
      expect(history.code).toBe(0);
      expect(history.stdout).toMatch(/^Browse history\n/);
      const pumpAt = history.stdout.indexOf("Bicycle pump");
      expect(pumpAt).toBeGreaterThan(0);
      expect(history.stdout.indexOf("Bicycle helmet")).toBeGreaterThan(pumpAt);
      expect(history.stdout).toContain(formatUgx(80_000));
      expect(history.stdout).toMatch(/\n2 products\n$/);
    });
  });
});
