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

// The built `katale` importing files as shop owners make them, against the real server: Excel's
// Windows-1252, Ugandan price spellings, image paths that leave the images folder, cells a
// spreadsheet would run as formulas, and a quote left open.

const HEADER = "sku,name,description,price,stock,category,sub_category,images";

interface StoredProduct {
  product_id: number;
  product_name: string;
  description: string;
  sku: string | null;
  price: number;
}

describe("katale products import reads files as people make them", () => {
  let server: TestServer;
  let work: string;
  let shopId: number;

  const katale = (args: string[], stdin = "") =>
    runKatale(args, {
      stdin,
      env: {
        KATALE_CONFIG_DIR: join(work, "config"),
        KATALE_AUTH_URL: server.authUrl,
        KATALE_SHOP_URL: server.shopUrl,
      },
    });

  const importFile = (name: string, content: string | Buffer, ...extra: string[]) => {
    const file = join(work, name);
    writeFileSync(file, content);
    return katale(["products", "import", file, "--shop", String(shopId), ...extra]);
  };

  async function stored(): Promise<StoredProduct[]> {
    const listed = async (stock: string) =>
      (await server.app.inject({ url: `/api/shop/product/shop/${shopId}/?stock_type=${stock}` })).json()
        .data as StoredProduct[];
    return [...(await listed("in")), ...(await listed("out"))].sort((a, b) =>
      String(a.sku).localeCompare(String(b.sku)),
    );
  }
  const bySku = async (sku: string) => (await stored()).find((p) => p.sku === sku);

  beforeAll(async () => {
    server = await startTestServer();
    work = mkdtempSync(join(tmpdir(), "katale-cli-import-files-"));
    const home = await aCategory(server.db, { name: "Home" });
    await aSubCategory(server.db, { category_id: home.id, name: "Chairs" });
    const owner = await aSignedInUser(server);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Nakasero Furniture" })).id;
    mkdirSync(join(work, "pics"));
    writeFileSync(join(work, "pics", "chair.png"), samplePng(0).bytes);
    writeFileSync(join(work, "outside.png"), samplePng(1).bytes);
    expect(await katale(["login", owner.email], `${owner.password}\n`)).toMatchObject({ code: 0 });
  });

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("refuses Windows-1252 text before writing anything, then reads it with --encoding windows-1252", async () => {
    // As Excel on Windows saves it: CRLF line ends, é as the single byte E9.
    const excel = Buffer.concat([
      Buffer.from(`${HEADER}\r\nCH-1,Caf`),
      Buffer.from([0xe9]),
      Buffer.from(" chair,Oak seat,45000,3,Home,Chairs,pics/chair.png\r\n"),
    ]);
    const refused = await importFile("excel.csv", excel);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("row 2, column name: the text is not UTF-8");
    expect(refused.stderr).toContain("--encoding windows-1252");
    const json = await importFile("excel.csv", excel, "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({ error: { row: 2, column: "name" } });
    expect(await stored()).toEqual([]);

    const read = await importFile("excel.csv", excel, "--encoding", "windows-1252", "--json");
    expect(read.code, read.stderr).toBe(0);
    expect(await bySku("CH-1")).toMatchObject({ product_name: "Café chair" });
  });

  it("reads prices with commas, UGX and /= as whole shillings, and says what is wrong with the rest", async () => {
    const run = await importFile(
      "prices.csv",
      [
        HEADER,
        'P-1,Sofa,Three seats,"1,500,000",1,Home,Chairs,pics/chair.png',
        'P-2,Stool,Kitchen stool,"UGX 15,000",4,Home,Chairs,pics/chair.png',
        'P-3,Bench,Garden bench,"15,000/=",2,Home,Chairs,pics/chair.png',
        "P-4,Mat,Reed mat,15.5,2,Home,Chairs,pics/chair.png",
      ].join("\n"),
      "--json",
    );
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ created: 3, failed: 1 });
    expect(report.rows[3]).toMatchObject({ row: 5, error: 'price "15.5": whole shillings only' });
    expect((await stored()).filter((p) => p.sku?.startsWith("P-")).map((p) => [p.sku, p.price])).toEqual([
      ["P-1", 1_500_000],
      ["P-2", 15_000],
      ["P-3", 15_000],
    ]);
  });

  it("refuses an image outside the images folder as a row error; the other rows land", async () => {
    const run = await importFile(
      "paths.csv",
      [
        HEADER,
        "O-1,Lamp,Reading lamp,20000,1,Home,Chairs,../outside.png",
        `O-2,Shelf,Wall shelf,30000,1,Home,Chairs,${join(work, "outside.png")}`,
        "O-3,Table,Dining table,90000,1,Home,Chairs,chair.png",
      ].join("\n"),
      "--images-dir",
      join(work, "pics"),
      "--json",
    );
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).rows).toEqual([
      {
        row: 2,
        sku: "O-1",
        status: "failed",
        error: "images: ../outside.png is outside the images folder (--images-dir)",
      },
      {
        row: 3,
        sku: "O-2",
        status: "failed",
        error: `images: ${join(work, "outside.png")} is outside the images folder (--images-dir)`,
      },
      { row: 4, sku: "O-3", status: "created", product_id: expect.any(Number) },
    ]);
    expect(await bySku("O-1")).toBeUndefined();
    expect(await bySku("O-3")).toBeDefined();
  });

  it("exports formula-like cells behind a quote and reads them back unchanged", async () => {
    const created = await importFile(
      "formulas.csv",
      [
        HEADER,
        'F-1,"=HYPERLINK(""http://evil.test"")","- solid oak\n- seats four",80000,1,Home,Chairs,pics/chair.png',
        "F-2,@Home chair,+256 delivery,25000,2,Home,Chairs,pics/chair.png",
      ].join("\n"),
      "--json",
    );
    expect(created.code, created.stderr).toBe(0);
    expect(await bySku("F-1")).toMatchObject({
      product_name: '=HYPERLINK("http://evil.test")',
      description: "- solid oak\n- seats four",
    });
    const out = join(work, "export", "shop.csv");
    const exported = await katale(["products", "export", "--shop", String(shopId), "--output", out]);
    expect(exported.code, exported.stderr).toBe(0);
    const csv = readFileSync(out, "utf8");
    expect(csv).toContain(`F-1,"'=HYPERLINK(""http://evil.test"")","'- solid oak\n- seats four",80000`);
    expect(csv).toContain("F-2,'@Home chair,'+256 delivery,25000");
    const back = await katale(["products", "import", out, "--shop", String(shopId), "--json"]);
    expect(JSON.parse(back.stdout)).toMatchObject({ created: 0, updated: 0, failed: 0 });
  });

  it("stops at an unclosed quote with its line, in text and in JSON, before writing anything", async () => {
    const before = await stored();
    const rows = [
      HEADER,
      "Q-1,Chair,Plain chair,10000,1,Home,Chairs,pics/chair.png",
      'Q-2,"Arm chair,Soft,20000,1,Home,Chairs,pics/chair.png',
      "Q-3,Desk,Work desk,30000,1,Home,Chairs,pics/chair.png",
    ].join("\n");
    const text = await importFile("quote.csv", rows);
    expect(text).toMatchObject({ code: 1, stdout: "" });
    expect(text.stderr).toContain(
      'quote.csv, line 3: a quoted cell starts here and is never closed (a " is missing)',
    );
    const json = await importFile("quote.csv", rows, "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({
      error: { line: 3, message: 'a quoted cell starts here and is never closed (a " is missing)' },
    });
    expect(await stored()).toEqual(before);
  });
});
