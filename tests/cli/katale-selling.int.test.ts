import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import {
  aCategory,
  aShop,
  aSignedInUser,
  aSubCategory,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runKatale } from "./run-katale.js";

// The built `katale` as a shop owner runs it against the real server: a shop, then products from a
// CSV (created, updated, unchanged, failed rows, a rerun, a dry run), export and a foreign shop.

const HEADER = "sku,name,description,price,stock,category,sub_category,images,filters";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

interface Report {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  rows: { row: number; sku: string; status: string; product_id?: number; error?: string }[];
}

describe("katale selling commands against a started server", () => {
  let server: TestServer;
  let work: string;
  let shopId: number;
  let foreignShop: string;

  const katale = (args: string[], stdin = ""): Promise<Run> =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });

  async function importCsv(rows: string[], ...extra: string[]): Promise<{ run: Run; report: Report }> {
    const file = join(work, "products.csv");
    writeFileSync(file, `${[HEADER, ...rows].join("\n")}\n`);
    const run = await katale(["products", "import", file, "--shop", String(shopId), "--json", ...extra]);
    return { run, report: JSON.parse(run.stdout) as Report };
  }

  async function shopProducts() {
    const listed = async (stock: string) => {
      const response = await server.app.inject({
        url: `/api/shop/product/shop/${shopId}/?stock_type=${stock}`,
      });
      return response.json().data as {
        product_id: number;
        sku: string | null;
        price: number;
        images: string[];
      }[];
    };
    // By SKU: rows upload a few at a time, so ids do not follow the CSV's order.
    return [...(await listed("in")), ...(await listed("out"))].sort((a, b) =>
      String(a.sku).localeCompare(String(b.sku)),
    );
  }

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-cli-selling-"));
    const electronics = await aCategory(server.db, { name: "Electronics" });
    await aSubCategory(server.db, { category_id: electronics.id, name: "Lighting" });
    const services = await aCategory(server.db, { name: "Services" });
    await aSubCategory(server.db, { category_id: services.id, name: "Plumbing" });
    const stranger = await aSignedInUser(server);
    foreignShop = (await aShop(server.db, { owner_id: stranger.id, name: "Mukono Sports Arena" })).name;
    mkdirSync(join(work, "pics"));
    writeFileSync(join(work, "pics", "red.png"), samplePng(0).bytes);
    writeFileSync(join(work, "pics", "green.png"), samplePng(1).bytes);
    writeFileSync(join(work, "pics", "notes.png"), "not a picture");
    const owner = await aSignedInUser(server);
    expect(await katale(["login", owner.email], `${owner.password}\n`)).toMatchObject({ code: 0 });
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const lantern =
    'SL-1,Solar lantern,"Charges in a day, lights a night",35000,5,Electronics,Lighting,pics/red.png;pics/green.png';
  const torch = "TR-2,Head torch,Hands free light for night work,12000,9,electronics,LIGHTING,pics/green.png";

  it("creates a shop with its location from the address suggestions; it is listed under mine", async () => {
    const created = await katale([
      "shops",
      "create",
      "--name",
      "Owino Stall",
      "--category",
      "Electronics",
      "--address",
      "Kampala",
      "--phone",
      "0772123456",
      "--json",
    ]);
    expect(created.code, created.stderr).toBe(0);
    const { shop } = JSON.parse(created.stdout);
    expect(shop).toMatchObject({ name: "Owino Stall", phone: "0772123456" });
    expect(shop.location_latitude).toBeCloseTo(0.35, 1);
    shopId = shop.id;
    const mine = await katale(["shops", "mine", "--json"]);
    expect(JSON.parse(mine.stdout).map((s: { id: number }) => s.id)).toEqual([shopId]);
    const updated = await katale(["shops", "update", "owino stall", "--bio", "Lights for every home"]);
    expect(updated).toMatchObject({ code: 0, stderr: "" });
    expect(updated.stdout).toContain("Bio: Lights for every home");
  });

  it("a dry run checks every row and image and changes nothing", async () => {
    const { run, report } = await importCsv([lantern, torch], "--dry-run");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(report).toMatchObject({ created: 2, failed: 0 });
    expect(await shopProducts()).toEqual([]);
  });

  it("creates new SKUs, then leaves equal rows alone", async () => {
    const first = await importCsv([lantern, torch]);
    expect(first.run.code, first.run.stderr).toBe(0);
    expect(first.report).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 0,
      rows: [
        { row: 2, sku: "SL-1", status: "created", product_id: expect.any(Number) },
        { row: 3, sku: "TR-2", status: "created", product_id: expect.any(Number) },
      ],
    });
    const products = await shopProducts();
    expect(products.map((p) => p.sku)).toEqual(["SL-1", "TR-2"]);
    expect(products[0]?.images).toHaveLength(2);
    const again = await importCsv([lantern, torch]);
    expect(again.report).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(await shopProducts()).toEqual(products);
  });

  it("updates only what changed; the images stay unless their files changed", async () => {
    const before = await shopProducts();
    const { report } = await importCsv([lantern.replace("35000", "30000"), torch]);
    expect(report).toMatchObject({ updated: 1, unchanged: 1 });
    expect(report.rows[0]).toEqual({
      row: 2,
      sku: "SL-1",
      status: "updated",
      product_id: before[0]?.product_id,
    });
    const after = await shopProducts();
    expect(after[0]).toMatchObject({ price: 30_000, images: before[0]?.images });
  });

  it("reports bad rows with their row numbers, lands the others, exits 1; a rerun finishes the job", async () => {
    const rows = [
      lantern.replace("35000", "30000"),
      "B-1,Bad price,Desc,12.5,1,Electronics,Lighting,pics/red.png",
      "B-2,Wrong sub,Desc,100,1,Electronics,Plumbing,pics/red.png",
      "B-3,Not an image,Desc,100,1,Electronics,Lighting,pics/notes.png",
      "NEW-4,Desk lamp,Bright and steady,18000,0,Electronics,Lighting,pics/later.png",
      torch,
    ];
    const { run, report } = await importCsv(rows);
    expect(run.code).toBe(1);
    expect(report).toMatchObject({ created: 0, unchanged: 2, failed: 4 });
    expect(report.rows.filter((r) => r.status === "failed").map((r) => [r.row, r.error])).toEqual([
      [3, 'price "12.5": whole shillings only'],
      [4, 'sub_category: "Plumbing" is not a sub category of Electronics'],
      [5, "images: pics/notes.png is not an image (JPEG, PNG, WebP, GIF or AVIF)"],
      [6, "images: pics/later.png does not exist"],
    ]);
    writeFileSync(join(work, "pics", "later.png"), samplePng(1).bytes);
    const rerun = await importCsv([rows[0]!, rows[4]!, rows[5]!]);
    expect(rerun.run.code).toBe(0);
    expect(rerun.report).toMatchObject({ created: 1, unchanged: 2, failed: 0 });
    const lamp = (await shopProducts()).find((p) => p.sku === "NEW-4");
    expect(lamp).toBeDefined();
  });

  it("exports the shop as the same CSV with its images; importing it back changes nothing", async () => {
    const out = join(work, "export", "shop.csv");
    const run = await katale([
      "products",
      "export",
      "--shop",
      "Owino Stall",
      "--output",
      out,
      "--images-dir",
      join(work, "export"),
    ]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const csv = readFileSync(out, "utf8");
    expect(csv.split("\n")[0]).toBe(HEADER);
    expect(csv).toContain(
      'SL-1,Solar lantern,"Charges in a day, lights a night",30000,5,Electronics,Lighting,SL-1-1.webp;SL-1-2.webp',
    );
    const back = await katale(["products", "import", out, "--shop", String(shopId), "--json"]);
    expect(JSON.parse(back.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 0 });
  });

  it("adds a product from files, then edits its price and images", async () => {
    const added = await katale([
      "products",
      "add",
      "--shop",
      "Owino Stall",
      "--name",
      "Bicycle lamp",
      "--description",
      "Clips on any handlebar",
      "--price",
      "9000",
      "--stock",
      "4",
      "--category",
      "Electronics",
      "--sub-category",
      "Lighting",
      "--image",
      join(work, "pics", "red.png"),
      "--image",
      join(work, "pics", "green.png"),
      "--json",
    ]);
    expect(added.code, added.stderr).toBe(0);
    const { product } = JSON.parse(added.stdout);
    expect(product).toMatchObject({ name: "Bicycle lamp", price: 9000, in_stock: 4 });
    expect(product.images).toHaveLength(2);
    const edited = await katale([
      "products",
      "update",
      product.slug,
      "--price",
      "8500",
      "--remove-image",
      "1",
      "--add-image",
      join(work, "pics", "red.png"),
      "--json",
    ]);
    expect(edited.code, edited.stderr).toBe(0);
    const after = JSON.parse(edited.stdout).product;
    expect(after).toMatchObject({ price: 8500, name: "Bicycle lamp" });
    expect(after.images).toHaveLength(2);
    expect(after.images[0]).toBe(product.images[1]);
    expect(after.images).not.toContain(product.images[0]);
  });

  it("sets the stock, moving a product to Out stock, and deletes one", async () => {
    const lantern = (await shopProducts()).find((p) => p.sku === "SL-1")!;
    const stock = await katale(["products", "stock", String(lantern.product_id), "0"]);
    expect(stock).toMatchObject({ code: 0, stderr: "" });
    expect(stock.stdout).toContain("In stock: 0");
    const out = await server.app.inject({ url: `/api/shop/product/shop/${shopId}/?stock_type=out` });
    expect(out.json().data.map((p: { sku: string }) => p.sku)).toContain("SL-1");
    const torch = (await shopProducts()).find((p) => p.sku === "TR-2")!;
    expect(await katale(["products", "delete", String(torch.product_id)])).toMatchObject({
      code: 0,
      stderr: "",
    });
    expect((await shopProducts()).map((p) => p.sku)).not.toContain("TR-2");
  });

  it("refuses a shop the user does not own before sending anything", async () => {
    const before = await shopProducts();
    const file = join(work, "products.csv");
    writeFileSync(file, `${HEADER}\n${lantern}\n`);
    const run = await katale(["products", "import", file, "--shop", foreignShop, "--json"]);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "You are not the owner of this shop\n" });
    expect(await shopProducts()).toEqual(before);
  });
});
