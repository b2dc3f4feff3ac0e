import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import {
  aCategory,
  aShop,
  aSubCategory,
  InMemoryAddressSuggestions,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemorySellerGateway,
  InMemoryShopGateway,
  InMemoryStorage,
} from "@katale/domain/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliServices } from "../cli-services.js";
import { runCli } from "../run-cli.js";
import { hashBytes } from "./image-files.js";

// The shop owner's commands in process on in-memory ports (the domain's seller fake, which passes
// the same behaviour suite as the real server) and real files in a temporary folder.

const owner = { id: 7, token: "t-owner", name: "Amina" };
const stranger = { id: 8, token: "t-other", name: "Okello" };
const HEADER = "sku,name,description,price,stock,category,sub_category,images";

let dir: string;
let seller: InMemorySellerGateway;
let storage: InMemoryStorage;
let places: InMemoryAddressSuggestions;
let downloads: Map<string, Uint8Array>;

function services(): CliServices {
  const shops = new InMemoryShopGateway();
  shops.listShops = () => seller.listShops();
  shops.getShop = (id) => seller.getShop(id);
  const products = new InMemoryProductGateway();
  products.getProduct = (id) => seller.getProduct(id);
  products.getProductBySlug = (slug) => seller.getProductBySlug(slug);
  products.listShopProducts = (id, query) => seller.listShopProducts(id, query);
  return {
    urls: { shopUrl: "http://katale.test/api/shop/", authUrl: "http://katale.test/api/auth/" },
    categories: new InMemoryCategoryGateway(
      [aCategory({ id: 1, name: "Electronics" }), aCategory({ id: 5, name: "Services" })],
      [
        aSubCategory({ id: 11, categoryId: 1, name: "Lighting" }),
        aSubCategory({ id: 12, categoryId: 1, name: "Phones" }),
        aSubCategory({ id: 51, categoryId: 5, name: "Plumbing" }),
      ],
    ),
    products,
    shops,
    selling: {
      storage,
      shopAdmin: seller,
      productAdmin: seller,
      shopVerification: seller,
      addresses: places,
      download: async (path) => downloads.get(path) ?? null,
    },
  };
}

async function katale(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(argv, {
    io: {
      out: (t) => {
        stdout += t;
      },
      err: (t) => {
        stderr += t;
      },
      width: 100,
    },
    env: {},
    connect: () => services(),
  });
  return { code, stdout, stderr };
}

function writeCsv(name: string, rows: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, `${[HEADER, ...rows].join("\n")}\n`);
  return file;
}

function updates() {
  return seller.calls.filter((c) => c.method === "updateProduct");
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "katale-selling-"));
  seller = new InMemorySellerGateway(
    [owner, stranger],
    [
      aSubCategory({ id: 11, categoryId: 1, name: "Lighting" }),
      aSubCategory({ id: 12, categoryId: 1, name: "Phones" }),
      aSubCategory({ id: 51, categoryId: 5, name: "Plumbing" }),
    ],
    [
      aShop({ id: 31, name: "Gulu Boda Spares", owner: owner.id }),
      aShop({ id: 32, name: "Mukono Sports Arena", owner: stranger.id }),
    ],
  );
  // As the service does: each upload's SHA-256 is kept with the picture.
  seller.uploadHash = hashBytes;
  storage = new InMemoryStorage();
  storage.set("token", owner.token);
  places = new InMemoryAddressSuggestions();
  downloads = new Map();
  writeFileSync(join(dir, "red.png"), samplePng(0).bytes);
  writeFileSync(join(dir, "green.png"), samplePng(1).bytes);
  writeFileSync(join(dir, "notes.png"), "not a picture at all");
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const lantern =
  'SL-1,Solar lantern,"Charges in a day, lights a night",35000,5,Electronics,Lighting,red.png;green.png';
const phone = "TS-20,Tecno Spark 20,Big battery,450000,2,electronics,PHONES,green.png";

describe("katale products import", () => {
  it("creates new SKUs and prints exactly the JSON report", async () => {
    const csv = writeCsv("products.csv", [lantern, phone]);
    const run = await katale("products", "import", csv, "--shop", "Gulu Boda Spares", "--json", "--quiet");
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const report = JSON.parse(run.stdout);
    expect(report).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      failed: 0,
      rows: [
        { row: 2, sku: "SL-1", status: "created", product_id: expect.any(Number) },
        { row: 3, sku: "TS-20", status: "created", product_id: expect.any(Number) },
      ],
    });
    const made = seller.products.find((p) => p.sku === "SL-1")!;
    expect(made).toMatchObject({
      name: "Solar lantern",
      price: 35_000,
      inStock: 5,
      subCategoryId: 11,
      shopId: 31,
    });
    expect(made.images).toHaveLength(2);
  });

  it("leaves equal rows alone and updates only what changed; images again only when the files changed", async () => {
    const csv = writeCsv("products.csv", [lantern, phone]);
    await katale("products", "import", csv, "--shop", "31");
    const before = seller.products.find((p) => p.sku === "SL-1")!;

    const again = await katale("products", "import", csv, "--shop", "31", "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 0 });
    expect(updates()).toEqual([]);

    writeCsv("products.csv", [lantern.replace("35000", "30000"), phone]);
    const cheaper = await katale("products", "import", csv, "--shop", "31", "--json");
    expect(JSON.parse(cheaper.stdout).rows[0]).toEqual({
      row: 2,
      sku: "SL-1",
      status: "updated",
      product_id: before.id,
    });
    const after = seller.products.find((p) => p.sku === "SL-1")!;
    expect(after.price).toBe(30_000);
    expect(after.images).toEqual(before.images);

    writeFileSync(join(dir, "red.png"), samplePng(1).bytes);
    const newPicture = await katale("products", "import", csv, "--shop", "31", "--json");
    expect(JSON.parse(newPicture.stdout)).toMatchObject({ updated: 1, unchanged: 1 });
    const repictured = seller.products.find((p) => p.sku === "SL-1")!;
    expect(repictured.images).toHaveLength(2);
    expect(repictured.images.some((i) => before.images.includes(i))).toBe(false);
  });

  it("reports bad rows by row number and why, lands the others, and exits 1", async () => {
    const csv = writeCsv("products.csv", [
      lantern,
      "B-1,Bad price,Desc,12.5,1,Electronics,Lighting,red.png",
      "B-2,Unknown category,Desc,100,1,Furniture,Chairs,red.png",
      "B-3,Wrong sub,Desc,100,1,Electronics,Plumbing,red.png",
      "B-4,Missing image,Desc,100,1,Electronics,Lighting,nowhere.jpg",
      "B-5,Not an image,Desc,100,1,Electronics,Lighting,notes.png",
      "B-6,Negative stock,Desc,100,-1,Electronics,Lighting,red.png",
      "SL-1,Same SKU again,Desc,100,1,Electronics,Lighting,red.png",
      phone,
    ]);
    const run = await katale("products", "import", csv, "--shop", "31", "--json", "--quiet");
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ created: 2, failed: 7 });
    const failed = Object.fromEntries(
      report.rows
        .filter((r: { status: string }) => r.status === "failed")
        .map((r: { row: number; error: string }) => [r.row, r.error]),
    );
    expect(failed).toEqual({
      3: 'price "12.5": whole shillings only',
      4: 'category: Category "Furniture" not found',
      5: 'sub_category: "Plumbing" is not a sub category of Electronics',
      6: "images: nowhere.jpg does not exist",
      7: "images: notes.png is not an image (JPEG, PNG, WebP, GIF or AVIF)",
      8: "stock: Enter the stock as a whole number, 0 or more",
      9: "sku: the same SKU is on row 2 already",
    });
    expect(run.stderr).toBe("");
  });

  it("prints a line per row and the totals without --json", async () => {
    const csv = writeCsv("products.csv", [lantern, "B-1,Bad price,Desc,0,1,Electronics,Lighting,red.png"]);
    const run = await katale("products", "import", csv, "--shop", "31");
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^row 2\tSL-1\tcreated \(id \d+\)$/m);
    expect(run.stdout).toContain('row 3\tB-1\tfailed: price "0": must be above 0');
    expect(run.stdout).toContain("1 created, 0 updated, 0 unchanged, 1 failed");
  });

  it("--dry-run checks everything and changes nothing", async () => {
    const csv = writeCsv("products.csv", [
      lantern,
      "B-5,Not an image,Desc,100,1,Electronics,Lighting,notes.png",
    ]);
    const run = await katale("products", "import", csv, "--shop", "31", "--dry-run", "--json");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({
      created: 1,
      failed: 1,
      rows: [
        { row: 2, sku: "SL-1", status: "created" },
        { row: 3, sku: "B-5", status: "failed" },
      ],
    });
    expect(seller.calls).toEqual([]);
    expect(seller.products).toEqual([]);
  });

  it("refuses a shop the user does not own before sending anything", async () => {
    const csv = writeCsv("products.csv", [lantern]);
    const run = await katale("products", "import", csv, "--shop", "Mukono Sports Arena", "--json");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe("You are not the owner of this shop\n");
    expect(seller.calls).toEqual([]);
  });

  it("refuses a header without the import's columns", async () => {
    const file = join(dir, "bad.csv");
    writeFileSync(file, "sku,title,price\nA,B,1\n");
    const run = await katale("products", "import", file, "--shop", "31");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("The CSV header must name the columns sku,name,description,price,stock");
  });

  it("finishes an interrupted job when run again", async () => {
    const csv = writeCsv("products.csv", [lantern, phone]);
    // The first run is cut off after the lantern: the service stops answering.
    let answered = 0;
    const create = seller.createProduct.bind(seller);
    const createMany = seller.createProducts.bind(seller);
    seller.createProduct = async (token, product) =>
      answered++ === 0 ? create(token, product) : { ok: false, error: { kind: "network" } };
    seller.createProducts = async () => ({ ok: false, error: { kind: "network" } });
    expect((await katale("products", "import", csv, "--shop", "31")).code).toBe(1);
    seller.createProduct = create;
    seller.createProducts = createMany;
    const rerun = await katale("products", "import", csv, "--shop", "31", "--json");
    expect(rerun.code).toBe(0);
    expect(JSON.parse(rerun.stdout)).toMatchObject({ created: 1, unchanged: 1, failed: 0 });
    expect(seller.products.map((p) => p.sku).sort()).toEqual(["SL-1", "TS-20"]);
  });
});

describe("katale products export", () => {
  it("writes the import CSV with the images, and importing it again changes nothing", async () => {
    const csv = writeCsv("products.csv", [lantern, phone]);
    await katale("products", "import", csv, "--shop", "31");
    // The service serves its own encoding of each upload, and keeps that file's hash too.
    for (const p of seller.products) {
      for (const [i, path] of p.images.entries()) {
        const served = samplePng(i + 5).bytes;
        downloads.set(path, served);
        seller.imageHashes.set(path, { ...seller.imageHashes.get(path)!, served: hashBytes(served) });
      }
    }
    const out = join(dir, "export", "shop.csv");
    const run = await katale(
      "products",
      "export",
      "--shop",
      "31",
      "--output",
      out,
      "--images-dir",
      join(dir, "export"),
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`2 products written to ${out}`);
    const text = readFileSync(out, "utf8");
    // The export adds the optional filters column (empty: the fake's products carry none).
    expect(text.split("\n")[0]).toBe(`${HEADER},filters`);
    expect(text).toContain(
      'SL-1,Solar lantern,"Charges in a day, lights a night",35000,5,Electronics,Lighting,SL-1-1.png;SL-1-2.png,\n',
    );
    const again = await katale("products", "import", out, "--shop", "31", "--json");
    expect(JSON.parse(again.stdout)).toMatchObject({ unchanged: 2, updated: 0, created: 0, failed: 0 });
  });
});

describe("katale shops and single products", () => {
  it("creates a shop at an address from the suggestions, then lists it under mine", async () => {
    const run = await katale(
      "shops",
      "create",
      "--name",
      "Entebbe Fresh Fish",
      "--category",
      "Services",
      "--category",
      "1",
      "--address",
      "entebbe",
      "--phone",
      "0772123456",
      "--json",
    );
    expect(run.code).toBe(0);
    const { shop } = JSON.parse(run.stdout);
    expect(shop).toMatchObject({ name: "Entebbe Fresh Fish", categories: [5, 1], location_latitude: 0.0512 });
    const mine = await katale("shops", "mine", "--json");
    expect(JSON.parse(mine.stdout).map((s: { name: string }) => s.name)).toEqual([
      "Entebbe Fresh Fish",
      "Gulu Boda Spares",
    ]);
  });

  it("refuses a phone longer than 10 characters as a usage error", async () => {
    const run = await katale(
      "shops",
      "create",
      "--name",
      "X",
      "--category",
      "1",
      "--lat",
      "0.3",
      "--lon",
      "32.5",
      "--phone",
      "07721234567",
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("A phone number has at most 10 characters");
  });

  it("updates a shop's details by name; someone else's is refused", async () => {
    expect((await katale("shops", "update", "gulu boda spares", "--bio", "Spares")).code).toBe(0);
    expect(seller.shops.find((s) => s.id === 31)?.bio).toBe("Spares");
    const theirs = await katale("shops", "update", "32", "--bio", "Mine");
    expect(theirs.code).toBe(1);
    expect(theirs.stderr).toBe("You are not the owner of this shop\n");
  });

  it("adds, sets the stock of, and deletes a product", async () => {
    const add = await katale(
      "products",
      "add",
      "--shop",
      "31",
      "--name",
      "Bicycle pump",
      "--description",
      "Pumps fast",
      "--price",
      "UGX 15,000",
      "--stock",
      "3",
      "--category",
      "Electronics",
      "--sub-category",
      "Lighting",
      "--image",
      join(dir, "red.png"),
      "--json",
    );
    expect(add.code).toBe(0);
    const { product } = JSON.parse(add.stdout);
    expect(product.price).toBe(15_000);
    const stock = await katale("products", "stock", product.slug, "0");
    expect(stock.stdout).toContain("In stock: 0");
    expect(seller.products[0]?.inStock).toBe(0);
    const del = await katale("products", "delete", product.slug);
    expect(del.stdout).toBe("Deleted Bicycle pump.\n");
    expect(seller.products).toEqual([]);
  });

  it("says to log in first without a session, sending nothing", async () => {
    storage.clear();
    const run = await katale("shops", "mine");
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("You are not logged in. Run 'katale login' first.\n");
  });
});
