import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  aCategory,
  aProduct,
  aSignedInUser,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The admin's bulk tool at the sizes and with the files people really make, the built `katale`
// against the real server: a category and a sub category renamed by the ids the export gives
// (their products stay in them), a name given twice refused naming both rows, --prune showing what
// it deletes and needing --yes, a dry run failing a deletion the service would refuse, a file of
// more than 5,000 changes needing --yes, and a missing image said once, on stderr. A dry run counts
// the products a deletion meets as the service does: out of stock and hidden ones too.

interface Exported {
  id: number;
  name: string;
  sub_categories: { id: number; name: string }[];
}

describe.each(databaseKinds())("katale categories import, the bulk tool (%s)", (kind) => {
  let server: TestServer;
  let work: string;
  let clothing: { categoryId: number; subId: number };

  const katale = (...args: string[]) =>
    runKatale(args, {
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });

  async function catalogue(): Promise<Exported[]> {
    const run = await katale("categories", "export");
    expect(run.code, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as Exported[];
  }

  const write = (name: string, content: string) => {
    const file = join(work, name);
    writeFileSync(file, content);
    return file;
  };

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    work = mkdtempSync(join(tmpdir(), "katale-cli-categories-"));
    const fashion = await aCategory(server.db, { name: "Fashion" });
    const shoes = await aSubCategory(server.db, { category_id: fashion.id, name: "Shoes" });
    await aSubCategory(server.db, { category_id: fashion.id, name: "Bags" });
    for (const name of ["Sandals", "Boots", "Sneakers", "Loafers"])
      await aProduct(server.db, { category_id: fashion.id, sub_category_id: shoes.id, name });
    const books = await aCategory(server.db, { name: "Books" });
    await aSubCategory(server.db, { category_id: books.id, name: "Novels" });
    clothing = { categoryId: fashion.id, subId: shoes.id };
    const admin = await aSignedInUser(server, { role: "admin" });
    const login = await runKatale(["login", admin.email], {
      stdin: `${admin.password}\n`,
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });
    expect(login.code, login.stderr).toBe(0);
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("renames a category and a sub category by the export's ids; their products stay in them", async () => {
    const file = join(work, "export.csv");
    expect((await katale("categories", "export", "--output", file)).code).toBe(0);
    const edited = readFileSync(file, "utf8")
      .replaceAll(",Fashion,", ",Clothing,")
      .replaceAll(",Shoes,", ",Footwear,");
    expect(edited).toContain(`${clothing.categoryId},Clothing,${clothing.subId},Footwear,,`);
    writeFileSync(file, edited);

    const run = await katale("categories", "import", file, "--prune", "--yes", "--json");
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ created: 0, updated: 2, deleted: 0, failed: 0 });
    const after = await catalogue();
    expect(after.find((c) => c.id === clothing.categoryId)).toMatchObject({
      name: "Clothing",
      sub_categories: [{ id: clothing.subId, name: "Footwear" }, { name: "Bags" }],
    });
    expect(after.map((c) => c.name)).not.toContain("Fashion");
    const products = await katale("products", "list", "--sub-category", String(clothing.subId), "--json");
    expect(products.code, products.stderr).toBe(0);
    expect(JSON.parse(products.stdout).count).toBe(4);
  });

  it("refuses a name given twice, also in another case, naming both rows, and changes nothing", async () => {
    const before = await catalogue();
    const file = write(
      "twice.csv",
      ["category,sub_category,filter,value", "Toys,Puzzles,,", "Garden,,,", "TOYS,Dolls,,"].join("\n"),
    );
    const run = await katale("categories", "import", file);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`row 4: "TOYS" is "Toys" of row 2 spelled another way`);
    expect(await catalogue()).toEqual(before);
  });

  it("--prune lists what it deletes and needs --yes; a dry run fails a deletion of a category holding products", async () => {
    const before = await catalogue();
    const keep = write(
      "keep.csv",
      "category,sub_category,filter,value\nClothing,Footwear,,\nBooks,Novels,,\n",
    );
    const refused = await katale("categories", "import", keep, "--prune");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/delete\s+Clothing\/Bags\s+sub category/);
    expect(refused.stderr).toBe(
      "--prune would delete 1 entry (listed above): run again with --yes to delete it.\n",
    );
    expect(await catalogue()).toEqual(before);
    const sure = await katale("categories", "import", keep, "--prune", "--yes");
    expect(sure.code, sure.stderr).toBe(0);
    expect(sure.stdout).toContain("0 created, 0 updated, 1 deleted, 4 unchanged, 0 failed");
    expect((await catalogue()).find((c) => c.name === "Clothing")?.sub_categories.map((s) => s.name)).toEqual(
      ["Footwear"],
    );

    const booksOnly = write("books-only.csv", "category,sub_category,filter,value\nBooks,Novels,,\n");
    const dry = await katale("categories", "import", booksOnly, "--prune", "--dry-run");
    expect(dry.code).toBe(1);
    expect(dry.stderr).toBe(
      "failed  Clothing: This category still holds 4 products; move or delete them first\n",
    );
    expect(dry.stdout).toContain("0 created, 0 updated, 0 deleted, 2 unchanged, 1 failed");
    expect(dry.stdout).not.toContain("Nothing to change");
    expect((await catalogue()).map((c) => c.name).sort()).toEqual(["Books", "Clothing"]);
  });

  it("a dry run counts every product a deletion meets, also out of stock and hidden ones", async () => {
    // Sub categories the public listings show empty: one of a sold-out book, one of a hidden map.
    const books = (await catalogue()).find((c) => c.name === "Books");
    if (books === undefined) throw new Error("Books is gone");
    const comics = await aSubCategory(server.db, { category_id: books.id, name: "Comics" });
    await aProduct(server.db, { category_id: books.id, sub_category_id: comics.id, in_stock: 0 });
    const maps = await aSubCategory(server.db, { category_id: books.id, name: "Maps" });
    const map = await aProduct(server.db, { category_id: books.id, sub_category_id: maps.id });
    await server.db.updateTable("products").set({ hidden: true }).where("id", "=", map.id).execute();
    const before = await catalogue();

    const keep = write(
      "keep-both.csv",
      "category,sub_category,filter,value\nClothing,Footwear,,\nBooks,Novels,,\n",
    );
    const dry = await katale("categories", "import", keep, "--prune", "--dry-run");
    expect(dry.code).toBe(1);
    expect(dry.stderr.split("\n").filter(Boolean).sort()).toEqual([
      "failed  Books/Comics: This sub category still holds 1 product; move or delete them first",
      "failed  Books/Maps: This sub category still holds 1 product; move or delete them first",
    ]);
    expect(dry.stdout).toContain("0 created, 0 updated, 0 deleted, 4 unchanged, 2 failed");
    // The apply says the same, and deletes neither.
    const sure = await katale("categories", "import", keep, "--prune", "--yes");
    expect(sure.code).toBe(1);
    expect(sure.stderr).toBe(dry.stderr);
    expect(await catalogue()).toEqual(before);
  });

  it("a file of more than 5,000 changes needs --yes", async () => {
    const before = await catalogue();
    const rows = Array.from({ length: 5_001 }, (_, i) => `Books,Novels,Author,Writer ${i + 1}`);
    const file = write("many.csv", ["category,sub_category,filter,value", ...rows].join("\n"));
    const run = await katale("categories", "import", file, "--json");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim()).toBe(
      "The file makes 5002 changes, more than 5,000: run again with --yes to apply them.",
    );
    expect(await catalogue()).toEqual(before);
    const dry = await katale("categories", "import", file, "--dry-run", "--json");
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ created: 5_002, failed: 0 });
  });

  it("a missing image is one failure on stderr, and never 'Nothing to change'", async () => {
    const file = write(
      "garden.csv",
      [
        "category,sub_category,filter,value,image",
        "Garden,,,,garden.png",
        "Garden,Tools,,,",
        "Books,,,,",
      ].join("\n"),
    );
    const run = await katale("categories", "import", file);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "failed  Garden: image: garden.png does not exist (so the 1 under it is not created either)\n",
    );
    expect(run.stdout).toBe("0 created, 0 updated, 0 deleted, 1 unchanged, 1 failed\n");
  });

  it("a file that is not there is named, not an unexpected error", async () => {
    const missing = join(work, "nowhere.csv");
    const run = await katale("categories", "import", missing);
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain("unexpected");
    expect(run.stderr).toContain(missing);
  });
});
