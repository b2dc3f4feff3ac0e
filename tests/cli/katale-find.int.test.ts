import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aCategory,
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The built `katale` finding products against the real server: `products browse` narrowed by names
// or ids (category, sub category, filter values), price, place, verified shops and stock, sorted,
// with its facets in text and --json; clear failures for unknown names and wrong options; and the
// saved searches of a signed-in user (save after `--`, list, delete, another user's refused).

const NOT_LOGGED_IN = "You are not logged in. Run 'katale login' first.\n";

interface Listed {
  query: string;
  items: { id: number; name: string; price: number; in_stock: number; shop_id: number }[];
  count: number;
  page: number;
  has_next: boolean;
  facets: {
    filters: {
      filter_id: number;
      filter_name: string;
      values: { value_id: number; value_name: string; count: number }[];
    }[];
    price: { min: number | null; max: number | null };
    districts: { district: string; count: number }[];
    verified: number;
    in_stock: number;
  };
}

interface Seeded {
  id: number;
  price: number;
  inStock: number;
  shop: "kampala" | "jinja";
  material?: "Papyrus" | "Raffia";
  colour?: "Red" | "Natural";
}

describe("katale products browse and katale searches against a started server", () => {
  let server: TestServer;
  let work: string;
  let home: number;
  let baskets: number;
  const ids: Record<string, number> = {};
  const seeded: Seeded[] = [];

  const env = (who: string) => ({
    KATALE_CONFIG_DIR: join(work, who),
    KATALE_AUTH_URL: server.authUrl,
    KATALE_SHOP_URL: server.shopUrl,
    COLUMNS: "120",
  });
  const katale = (args: string[], who = "visitor", stdin = "") => runKatale(args, { env: env(who), stdin });
  const browse = async (args: string[]): Promise<Listed> => {
    const run = await katale(["products", "browse", ...args, "--page-size", "48", "--json"]);
    expect(run, run.stderr).toMatchObject({ code: 0, stderr: "" });
    return JSON.parse(run.stdout) as Listed;
  };
  const where = (keep: (p: Seeded) => boolean) => seeded.filter(keep);

  beforeAll(async () => {
    server = await startTestServer({ seed: "none" });
    work = mkdtempSync(join(tmpdir(), "katale-cli-find-"));
    const db = server.db;
    home = (await aCategory(db, { name: "Home" })).id;
    baskets = (await aSubCategory(db, { category_id: home, name: "Baskets" })).id;
    const mats = (await aSubCategory(db, { category_id: home, name: "Mats" })).id;
    for (const [name, values] of [
      ["Material", ["Papyrus", "Raffia"]],
      ["Colour", ["Red", "Natural"]],
    ] as const) {
      ids[name] = (
        await db
          .insertInto("filters")
          .values({ sub_category_id: baskets, name })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
      for (const value of values)
        ids[value] = (
          await db
            .insertInto("filter_values")
            .values({ filter_id: ids[name]!, name: value })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
    }
    const shops = {
      kampala: await aShop(db, {
        name: "Owino Crafts",
        location_latitude: 0.3163,
        location_longitude: 32.5822,
        verification_status: "VERIFIED",
      }),
      jinja: await aShop(db, {
        name: "Jinja Weavers",
        location_latitude: 0.439,
        location_longitude: 33.2032,
      }),
    };
    const materials = ["Papyrus", "Raffia", undefined] as const;
    const colours = ["Red", "Natural", undefined, "Red"] as const;
    for (let i = 0; i < 24; i++) {
      const p: Seeded = {
        id: 0,
        price: 5_000 * (1 + ((i * 7) % 24)),
        inStock: i % 5 === 0 ? 0 : 3,
        shop: i % 3 === 0 ? "jinja" : "kampala",
        ...(materials[i % 3] ? { material: materials[i % 3] } : {}),
        ...(colours[i % 4] ? { colour: colours[i % 4] } : {}),
      };
      const made = await aProduct(db, {
        shop_id: shops[p.shop].id,
        category_id: home,
        sub_category_id: baskets,
        name: `Basket ${i}`,
        price: p.price,
        in_stock: p.inStock,
      });
      seeded.push({ ...p, id: made.id });
      const chosen = [
        ...(p.material ? [[ids.Material!, ids[p.material]!]] : []),
        ...(p.colour ? [[ids.Colour!, ids[p.colour]!]] : []),
      ];
      if (chosen.length > 0)
        await db
          .insertInto("product_filter_values")
          .values(
            chosen.map(([filter_id, value_id]) => ({
              product_id: made.id,
              filter_id: filter_id!,
              value_id: value_id!,
            })),
          )
          .execute();
    }
    await aProduct(db, {
      shop_id: shops.kampala.id,
      category_id: home,
      sub_category_id: mats,
      name: "Floor mat",
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("narrows by filter values and a price range given by name, sorted by price, with facets", async () => {
    const listed = await browse([
      "--category",
      "home",
      "--subcategory",
      "Baskets",
      "--filter",
      "Material=Papyrus",
      "--filter",
      "material=raffia",
      "--filter",
      "Colour=Red",
      "--price",
      "20,000..80000",
      "--sort",
      "price_asc",
    ]);
    const expected = where(
      (p) =>
        (p.material === "Papyrus" || p.material === "Raffia") &&
        p.colour === "Red" &&
        p.price >= 20_000 &&
        p.price <= 80_000,
    );
    expect(expected.length).toBeGreaterThan(1);
    expect(listed.count).toBe(expected.length);
    expect(listed.items.map((p) => p.price)).toEqual(expected.map((p) => p.price).sort((a, b) => a - b));
    expect(listed.query).toBe(
      `category=${home}&subcategory=${baskets}&value=${ids.Papyrus}&value=${ids.Raffia}&value=${ids.Red}&price_min=20000&price_max=80000&sort=price_asc`,
    );
    // Colour's counts apply every narrowing but Colour's own: Natural is still counted.
    const colour = listed.facets.filters.find((f) => f.filter_name === "Colour")!;
    const natural = colour.values.find((v) => v.value_name === "Natural")!;
    expect(natural.count).toBe(
      where(
        (p) => p.material !== undefined && p.colour === "Natural" && p.price >= 20_000 && p.price <= 80_000,
      ).length,
    );
  });

  it("takes ids as well as names, and a value's id alone", async () => {
    const byName = await browse(["--subcategory", "Baskets", "--filter", "Colour=Natural"]);
    const byIds = await browse([
      "--category",
      String(home),
      "--subcategory",
      String(baskets),
      "--filter",
      `${ids.Colour}=${ids.Natural}`,
    ]);
    const byValue = await browse(["--filter", String(ids.Natural)]);
    // Without a sub category, a filter of the category's sub categories.
    const inCategory = await browse(["--category", "Home", "--filter", "Colour=Natural"]);
    const expected = where((p) => p.colour === "Natural").length;
    expect([byName.count, byIds.count, byValue.count, inCategory.count]).toEqual([
      expected,
      expected,
      expected,
      expected,
    ]);
  });

  it("narrows by verified shops, stock and distance, nearest first", async () => {
    const verifiedInStock = await browse(["--category", "Home", "--verified", "--in-stock"]);
    // The Kampala shop is the verified one; the floor mat (in stock, Kampala) is of Home too.
    expect(verifiedInStock.count).toBe(where((p) => p.shop === "kampala" && p.inStock > 0).length + 1);
    const near = await browse([
      "--subcategory",
      "Baskets",
      "--near",
      "0.3163,32.5822",
      "--radius",
      "5",
      "--sort",
      "nearest",
    ]);
    expect(near.count).toBe(where((p) => p.shop === "kampala").length);
    const far = await browse(["--subcategory", "Baskets", "--near", "0.3163,32.5822", "--radius", "100"]);
    expect(far.count).toBe(seeded.length);
    const inJinja = await browse(["--subcategory", "Baskets", "--district", "jinja"]);
    expect(inJinja.count).toBe(where((p) => p.shop === "jinja").length);
  });

  it("prints the page with what narrows it, the page line and what would narrow it further", async () => {
    const run = await katale([
      "products",
      "browse",
      "--subcategory",
      "Baskets",
      "--filter",
      "Material=Papyrus",
      "--sort",
      "price_desc",
      "--page-size",
      "3",
    ]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const papyrus = where((p) => p.material === "Papyrus");
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("Home › Baskets");
    expect(lines[1]).toBe("Material: Papyrus · highest price first");
    expect(run.stdout).toContain(
      `Page 1 of ${Math.ceil(papyrus.length / 3)} · ${papyrus.length} products · next: --page 2`,
    );
    expect(run.stdout).toContain("Narrow further:");
    expect(run.stdout).toContain(
      `Material: Papyrus (${papyrus.length}), Raffia (${where((p) => p.material === "Raffia").length})`,
    );
  });

  it("says which name is unknown, and what there is", async () => {
    const noFilter = await katale([
      "products",
      "browse",
      "--subcategory",
      "Baskets",
      "--filter",
      "Fabric=Cotton",
    ]);
    expect(noFilter).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "Baskets has no filter 'Fabric'; its filters: Material, Colour.\n",
    });
    const noValue = await katale([
      "products",
      "browse",
      "--subcategory",
      "Baskets",
      "--filter",
      "Material=Sisal",
    ]);
    expect(noValue).toMatchObject({
      code: 1,
      stderr: "Material has no value 'Sisal'; its values: Papyrus, Raffia.\n",
    });
    const noCategory = await katale(["products", "browse", "--category", "Toys"]);
    expect(noCategory).toMatchObject({ code: 1, stderr: "Category not found\n" });
    const otherCategory = await katale([
      "products",
      "browse",
      "--category",
      "Home",
      "--subcategory",
      "Phones",
    ]);
    expect(otherCategory).toMatchObject({ code: 1, stderr: "Sub category not found\n" });
  });

  it("refuses a wrong command line as a usage error before asking anything", async () => {
    const cases: [string[], string][] = [
      [["--filter", "Material=Papyrus"], "--filter NAME=VALUE needs --subcategory"],
      [["--filter", "Material"], "Expected NAME=VALUE"],
      [["--price", "cheap"], "Expected MIN..MAX"],
      [["--price", "9000..10"], "MIN is above its MAX"],
      [["--radius", "5"], "--radius needs --near"],
      [["--sort", "nearest"], "--sort nearest needs --near"],
      [["--sort", "cheapest"], "Allowed choices are newest, price_asc"],
      [["--near", "north"], "Expected LAT,LNG"],
      [["--page-size", "49"], "Expected a whole number from 1 to 48"],
    ];
    for (const [args, message] of cases) {
      const run = await katale(["products", "browse", ...args]);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain(message);
      expect(run.stderr).toContain("Run 'katale products browse --help' for usage.");
    }
    // The service's own check: a district it does not know.
    const district = await katale(["products", "browse", "--district", "Atlantis"]);
    expect(district).toMatchObject({ code: 2, stderr: expect.stringContaining("district") });
  });

  it("saves, lists and deletes searches for a signed-in user only", async () => {
    expect(await katale(["searches", "list"])).toMatchObject({ code: 1, stderr: NOT_LOGGED_IN });
    const amina = await aSignedInUser(server);
    const brian = await aSignedInUser(server);
    expect(await katale(["login", amina.email], "amina", `${amina.password}\n`)).toMatchObject({ code: 0 });
    expect(await katale(["login", brian.email], "brian", `${brian.password}\n`)).toMatchObject({ code: 0 });

    const saved = await katale(
      [
        "searches",
        "save",
        "Red baskets",
        "--",
        "--subcategory",
        "Baskets",
        "--filter",
        "Colour=Red",
        "--page",
        "2",
      ],
      "amina",
    );
    expect(saved).toMatchObject({ code: 0, stderr: "" });
    const query = `subcategory=${baskets}&value=${ids.Red}`;
    expect(saved.stdout).toMatch(/^Saved the search 'Red baskets' \(id \d+\)\.\n/);
    expect(saved.stdout).toContain(query);
    const cheap = await katale(["searches", "save", "Cheap", "--json", "--", "--price", "..10000"], "amina");
    expect(cheap.code).toBe(0);
    const cheapId = (JSON.parse(cheap.stdout) as { id: number; query: string }).id;

    const listed = await katale(["searches", "list", "--json"], "amina");
    expect(listed.code).toBe(0);
    const searches = JSON.parse(listed.stdout) as {
      id: number;
      name: string;
      query: string;
      created_at: string;
    }[];
    expect(searches.map((s) => [s.name, s.query])).toEqual([
      ["Cheap", "price_max=10000"],
      ["Red baskets", query],
    ]);
    const table = await katale(["searches", "list"], "amina");
    expect(table.stdout).toMatch(/Id\s+Name\s+Query\s+Saved/i);
    expect(table.stdout).toContain("Red baskets");
    expect(await katale(["searches", "list"], "brian")).toMatchObject({
      code: 0,
      stdout: "No saved searches yet: katale searches save NAME -- <browse options>\n",
    });

    // Another user's search is not found; a bad option after -- is a usage error; nothing is saved.
    expect(await katale(["searches", "delete", String(cheapId)], "brian")).toMatchObject({
      code: 1,
      stderr: "Saved search not found\n",
    });
    const wrong = await katale(["searches", "save", "Bad", "--", "--price", "cheap"], "amina");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("Expected MIN..MAX");
    const unknown = await katale(
      ["searches", "save", "Bad", "--", "--subcategory", "Baskets", "--filter", "Size=XL"],
      "amina",
    );
    expect(unknown).toMatchObject({
      code: 1,
      stderr: "Baskets has no filter 'Size'; its filters: Material, Colour.\n",
    });

    expect(await katale(["searches", "delete", String(cheapId)], "amina")).toMatchObject({
      code: 0,
      stdout: `Deleted the saved search ${cheapId}.\n`,
    });
    expect(await katale(["searches", "delete", String(cheapId)], "amina")).toMatchObject({
      code: 1,
      stderr: "Saved search not found\n",
    });
    const after = JSON.parse((await katale(["searches", "list", "--json"], "amina")).stdout) as {
      name: string;
    }[];
    expect(after.map((s) => s.name)).toEqual(["Red baskets"]);
  });
});
