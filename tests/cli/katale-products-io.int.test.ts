import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import {
  aCategory,
  aShop,
  aSignedInUser,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inheritedEnv, KATALE_BIN, runKatale } from "./run-katale.js";

// The built `katale` importing and exporting a shop bigger than one answer of product/shop/{id}/
// (1,000), against the real server: every product exported, the export imported back as a no-op
// (the pictures' SHA-256 is kept by the service), an interrupted import finished without uploading
// twice, a dry run refusing what the service would, progress on a non-terminal stderr, the CSV
// alone on stdout, a 503 with Retry-After waited out, and the filters column (values by name within
// the row's sub category) exported, imported back unchanged, set, and refused when unknown. On
// PGlite and on PostgreSQL (when one answers at 127.0.0.1:5432).

const HEADER = "sku,name,description,price,stock,category,sub_category,images";
/** What the export writes: the import's columns and the optional filters column. */
const EXPORT_HEADER = `${HEADER},filters`;
const SHOP_SIZE = 1200;

interface Report {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  rows: { row: number; sku: string; status: string; product_id?: number; error?: string }[];
}

describe.each(databaseKinds())("katale products import and export, any shop size (%s)", (kind) => {
  let server: TestServer;
  let work: string;
  let shopId: number;
  const filterIds: Record<string, number> = {};

  const env = (shopUrl = server.shopUrl) => ({
    KATALE_CONFIG_DIR: join(work, "config"),
    KATALE_AUTH_URL: server.authUrl,
    KATALE_SHOP_URL: shopUrl,
  });
  const katale = (args: string[], options: { stdin?: string; cwd?: string; shopUrl?: string } = {}) =>
    runKatale(args, { stdin: options.stdin, cwd: options.cwd, env: env(options.shopUrl), timeout: 170_000 });
  const csvFile = (name: string, rows: string[]) => {
    const file = join(work, name);
    writeFileSync(file, `${[HEADER, ...rows].join("\n")}\n`);
    return file;
  };
  const shopProducts = async () =>
    (
      await sql<{ sku: string; paths: string }>`
        SELECT p.sku, (SELECT string_agg(pi.path, ';' ORDER BY pi.position) FROM product_images pi
                       WHERE pi.product_id = p.id) AS paths
        FROM products p WHERE p.shop_id = ${shopId} ORDER BY p.id`.execute(server.db)
    ).rows;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    work = mkdtempSync(join(tmpdir(), "katale-cli-products-io-"));
    const electronics = await aCategory(server.db, { name: "Electronics" });
    const phones = await aSubCategory(server.db, { category_id: electronics.id, name: "Phones" });
    const owner = await aSignedInUser(server);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Kikuubo Phones" })).id;
    mkdirSync(join(work, "pics"));
    writeFileSync(join(work, "pics", "phone.png"), samplePng(0).bytes);
    expect(await katale(["login", owner.email], { stdin: `${owner.password}\n` })).toMatchObject({ code: 0 });

    // One product through the CLI (a real upload), then 1,199 more beside it in the database,
    // showing the same picture (one in five out of stock): quick, and as the service keeps them.
    const first = await katale([
      "products",
      "import",
      csvFile("first.csv", ["P-0,Phone 0,A phone number 0,10000,1,Electronics,Phones,pics/phone.png"]),
      "--shop",
      String(shopId),
      "--quiet",
    ]);
    expect(first.code).toBe(0);
    await sql`
      INSERT INTO products (shop_id, category_id, sub_category_id, name, slug, description, price, in_stock, sku)
      SELECT ${shopId}, ${electronics.id}, ${phones.id}, 'Phone ' || i, 'phone-seeded-' || i,
             'A phone number ' || i, 10000 + i, i % 5, 'P-' || i
      FROM generate_series(1, ${SHOP_SIZE - 1}) i`.execute(server.db);
    await sql`
      INSERT INTO product_images (product_id, position, path, width, height, uploaded_sha256, served_sha256)
      SELECT p.id, 1, pi.path, pi.width, pi.height, pi.uploaded_sha256, pi.served_sha256
      FROM products p, product_images pi JOIN products f ON f.id = pi.product_id AND f.sku = 'P-0'
      WHERE p.shop_id = ${shopId} AND p.sku <> 'P-0'`.execute(server.db);
    // The phones carry filter values: a brand each, a colour every other one.
    for (const [name, values] of [
      ["Brand", ["Tecno", "Itel", "Samsung"]],
      ["Colour", ["Black", "Blue"]],
    ] as const) {
      const filter = await server.db
        .insertInto("filters")
        .values({ sub_category_id: phones.id, name })
        .returning("id")
        .executeTakeFirstOrThrow();
      filterIds[name] = filter.id;
      for (const value of values)
        await server.db.insertInto("filter_values").values({ filter_id: filter.id, name: value }).execute();
    }
    await sql`
      INSERT INTO product_filter_values (product_id, filter_id, value_id)
      SELECT p.id, v.filter_id, v.id FROM products p
      JOIN filter_values v ON v.filter_id = ${filterIds.Brand}
        AND v.name = (ARRAY['Tecno','Itel','Samsung'])[1 + (substr(p.sku, 3)::int % 3)]
      WHERE p.shop_id = ${shopId}`.execute(server.db);
    await sql`
      INSERT INTO product_filter_values (product_id, filter_id, value_id)
      SELECT p.id, v.filter_id, v.id FROM products p
      JOIN filter_values v ON v.filter_id = ${filterIds.Colour} AND v.name = 'Black'
      WHERE p.shop_id = ${shopId} AND substr(p.sku, 3)::int % 2 = 0`.execute(server.db);
  }, 300_000);

  afterAll(async () => {
    await server?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("exports all 1,200 products, and importing the export changes nothing", async () => {
    const out = join(work, "export", "shop.csv");
    const exported = await katale([
      "products",
      "export",
      "--shop",
      String(shopId),
      "--output",
      out,
      "--images-dir",
      join(work, "export"),
    ]);
    expect(exported).toMatchObject({ code: 0, stderr: "" });
    expect(exported.stdout).toContain(`${SHOP_SIZE} products written to ${out}`);
    const lines = readFileSync(out, "utf8").trimEnd().split("\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[0])).size).toBe(SHOP_SIZE);
    // Each product's filter values, by filter: P-7 is an Itel without a colour, P-8 a black Samsung.
    expect(lines.find((line) => line.startsWith("P-7,"))).toMatch(/,Brand=Itel$/);
    expect(lines.find((line) => line.startsWith("P-8,"))).toMatch(/,Brand=Samsung;Colour=Black$/);

    // Without a terminal: progress lines on stderr, the row lines and totals on stdout.
    const again = await katale(["products", "import", out, "--shop", String(shopId)]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`0 created, 0 updated, ${SHOP_SIZE} unchanged, 0 failed`);
    expect(again.stderr).toContain(`Importing: ${SHOP_SIZE}/${SHOP_SIZE} rows`);
    expect(again.stderr).not.toContain("\r");

    const quiet = await katale(["products", "import", out, "--shop", String(shopId), "--quiet", "--json"]);
    expect(quiet.stderr).toBe("");
    expect(JSON.parse(quiet.stdout)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: SHOP_SIZE,
      failed: 0,
    });
  });

  it("writes only the CSV to stdout without --output, and JSON with --json", async () => {
    const cwd = join(work, "empty");
    mkdirSync(cwd);
    const csv = await katale(["products", "export", "--shop", String(shopId)], { cwd });
    expect(csv).toMatchObject({ code: 0, stderr: "" });
    const lines = csv.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(EXPORT_HEADER);
    expect(lines).toHaveLength(SHOP_SIZE + 1);
    expect(lines[1]).toMatch(
      /^P-0,Phone 0,A phone number 0,10000,1,Electronics,Phones,http:\/\/.*\/media\/products\//,
    );
    expect(readdirSync(cwd)).toEqual([]);

    // The links keep each product's own pictures: importing this file changes nothing either.
    writeFileSync(join(work, "linked.csv"), csv.stdout);
    const linked = await katale([
      "products",
      "import",
      join(work, "linked.csv"),
      "--shop",
      String(shopId),
      "--json",
      "--quiet",
    ]);
    expect(JSON.parse(linked.stdout)).toMatchObject({ unchanged: SHOP_SIZE, failed: 0 });

    const json = await katale(["products", "export", "--shop", String(shopId), "--json"], { cwd });
    const { products } = JSON.parse(json.stdout) as { products: { sku: string }[] };
    expect(products).toHaveLength(SHOP_SIZE);
    expect(readdirSync(cwd)).toEqual([]);
  }, 300_000);

  it("refuses in a dry run what the service would refuse: a name too long, an unknown sub category", async () => {
    const file = csvFile("dry.csv", [
      `D-1,${"Long name ".repeat(21)},A phone,10000,1,Electronics,Phones,pics/phone.png`,
      "D-2,Tablet,A tablet,10000,1,Electronics,Tablets,pics/phone.png",
      "D-3,Good phone,A phone,10000,1,Electronics,Phones,pics/phone.png",
    ]);
    const run = await katale(["products", "import", file, "--shop", String(shopId), "--dry-run", "--json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report).toMatchObject({ created: 1, failed: 2 });
    expect(report.rows.find((r) => r.sku === "D-1")?.error).toMatch(/^name: /);
    expect(report.rows.find((r) => r.sku === "D-2")?.error).toBe(
      'sub_category: "Tablets" is not a sub category of Electronics',
    );
    expect((await shopProducts()).some((p) => p.sku.startsWith("D-"))).toBe(false);
  });

  it("reads the filters column by name within the row's sub category, refusing unknown ones per row", async () => {
    const valuesOf = async (sku: string) =>
      (
        await sql<{ name: string }>`
          SELECT v.name FROM products p JOIN product_filter_values pfv ON pfv.product_id = p.id
          JOIN filter_values v ON v.id = pfv.value_id
          WHERE p.shop_id = ${shopId} AND p.sku = ${sku} ORDER BY pfv.filter_id`.execute(server.db)
      ).rows.map((r) => r.name);
    const row = (sku: string, filters: string) =>
      `${sku},Phone ${sku},A phone ${sku},30000,2,Electronics,Phones,pics/phone.png,"${filters}"`;
    const withFilters = (name: string, rows: string[]) => {
      const file = join(work, name);
      writeFileSync(file, `${[EXPORT_HEADER, ...rows].join("\n")}\n`);
      return file;
    };
    const first = await katale([
      "products",
      "import",
      withFilters("filters.csv", [
        row("F-1", "brand=tecno; Colour=Blue"),
        row("F-2", "Brand=Nokia"),
        row("F-3", "Size=Large"),
        row("F-4", "Brand"),
        row("F-5", "Brand=Itel;Brand=Tecno"),
      ]),
      "--shop",
      String(shopId),
      "--json",
      "--quiet",
    ]);
    expect(first.code).toBe(1);
    const report = JSON.parse(first.stdout) as Report;
    expect(report).toMatchObject({ created: 1, failed: 4 });
    expect(report.rows.filter((r) => r.status === "failed").map((r) => [r.row, r.error])).toEqual([
      [3, "filters: Brand has no value 'Nokia' (its values: Tecno, Itel, Samsung)"],
      [4, "filters: Phones has no filter 'Size' (its filters: Brand, Colour)"],
      [5, "filters: 'Brand' is not Filter=Value (e.g. Material=Papyrus;Colour=Red)"],
      [6, "filters: Brand is given twice (a product has one value of each filter)"],
    ]);
    expect(await valuesOf("F-1")).toEqual(["Tecno", "Blue"]);
    expect((await shopProducts()).filter((p) => ["F-2", "F-3", "F-4", "F-5"].includes(p.sku))).toEqual([]);

    // A changed cell replaces the values; the same file again changes nothing; a file without the
    // column leaves them as they are; a blank cell clears them.
    const changed = withFilters("filters-2.csv", [row("F-1", "Brand=Itel")]);
    const again = ["--shop", String(shopId), "--json", "--quiet"];
    expect(JSON.parse((await katale(["products", "import", changed, ...again])).stdout)).toMatchObject({
      updated: 1,
    });
    expect(await valuesOf("F-1")).toEqual(["Itel"]);
    expect(JSON.parse((await katale(["products", "import", changed, ...again])).stdout)).toMatchObject({
      unchanged: 1,
      updated: 0,
    });
    const without = csvFile("filters-3.csv", [
      "F-1,Phone F-1,A phone F-1,30000,2,Electronics,Phones,pics/phone.png",
    ]);
    expect(JSON.parse((await katale(["products", "import", without, ...again])).stdout)).toMatchObject({
      unchanged: 1,
    });
    expect(await valuesOf("F-1")).toEqual(["Itel"]);
    const blank = withFilters("filters-4.csv", [row("F-1", "")]);
    expect(JSON.parse((await katale(["products", "import", blank, ...again])).stdout)).toMatchObject({
      updated: 1,
    });
    expect(await valuesOf("F-1")).toEqual([]);
  });

  it("finishes an interrupted import without uploading anything twice", async () => {
    const rows: string[] = [];
    for (let i = 0; i < 24; i++) {
      writeFileSync(join(work, "pics", `new-${i}.png`), samplePng(i + 1).bytes);
      rows.push(`N-${i},New phone ${i},A new phone ${i},20000,2,Electronics,Phones,pics/new-${i}.png`);
    }
    const file = csvFile("new.csv", rows);
    // The first run is stopped (as by Ctrl-C or a lost connection) once a few rows have landed.
    await new Promise<void>((done) => {
      const child = spawn(
        process.execPath,
        [KATALE_BIN, "products", "import", file, "--shop", String(shopId)],
        {
          env: { ...inheritedEnv(), ...env() },
          stdio: ["ignore", "pipe", "ignore"],
        },
      );
      let created = 0;
      child.stdout.on("data", (chunk: Buffer) => {
        created += (chunk.toString().match(/\tcreated/g) ?? []).length;
        if (created >= 3) child.kill("SIGKILL");
      });
      child.on("exit", () => done());
    });
    const landed = (await shopProducts()).filter((p) => p.sku.startsWith("N-"));
    expect(landed.length).toBeGreaterThanOrEqual(3);

    const rerun = await katale(["products", "import", file, "--shop", String(shopId), "--json", "--quiet"]);
    expect(rerun.code).toBe(0);
    const report = JSON.parse(rerun.stdout) as Report;
    // A request in flight when the first run stopped may still have landed after it: at least
    // those seen are unchanged, and every row is there once.
    expect(report).toMatchObject({ updated: 0, failed: 0 });
    expect(report.created + report.unchanged).toBe(24);
    expect(report.unchanged).toBeGreaterThanOrEqual(landed.length);
    const after = (await shopProducts()).filter((p) => p.sku.startsWith("N-"));
    expect(after).toHaveLength(24);
    // The pictures that landed first are the ones still shown: none was uploaded again.
    for (const product of landed) expect(after.find((p) => p.sku === product.sku)?.paths).toBe(product.paths);
  });

  it("waits out a 503 with Retry-After and carries on", async () => {
    // In front of the real server: the first product upload is answered 503, Retry-After: 1, as the
    // service answers while its database restarts.
    const target = new URL(server.shopUrl);
    let refused = 0;
    let uploads = 0;
    const proxy: Server = createServer((incoming, answer) => {
      // The row's picture is on the service already: it goes in a batch call.
      if (incoming.method === "POST" && incoming.url?.startsWith("/api/shop/product/")) {
        uploads += 1;
        if (refused === 0) {
          refused += 1;
          incoming.resume();
          answer.writeHead(503, { "content-type": "application/json", "retry-after": "1" });
          answer.end(
            JSON.stringify({
              detail: "The database is unreachable for a moment.",
              code: "database_unavailable",
            }),
          );
          return;
        }
      }
      const forwarded = request(
        {
          host: target.hostname,
          port: target.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (response) => {
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
        },
      );
      incoming.pipe(forwarded);
    });
    await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
    const port = (proxy.address() as { port: number }).port;
    try {
      const file = csvFile("busy.csv", [
        "R-1,Retried phone,A phone,30000,1,Electronics,Phones,pics/phone.png",
      ]);
      const run = await katale(["products", "import", file, "--shop", String(shopId), "--json", "--quiet"], {
        shopUrl: `http://127.0.0.1:${port}/api/shop/`,
      });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ created: 1, failed: 0 });
      expect({ refused, uploads }).toEqual({ refused: 1, uploads: 2 });
      expect((await shopProducts()).filter((p) => p.sku === "R-1")).toHaveLength(1);
    } finally {
      await new Promise((done) => proxy.close(done));
    }
  });
  it("sends new rows naming pictures already on the service in batches, uploading each file once", async () => {
    writeFileSync(join(work, "pics", "fresh.png"), samplePng(99).bytes);
    const rows: string[] = [];
    for (let i = 0; i < 230; i++)
      rows.push(
        `BT-${i},Batch phone ${i},A phone sent in a batch ${i},30000,3,Electronics,Phones,pics/phone.png`,
      );
    for (let i = 0; i < 3; i++)
      rows.push(
        `FR-${i},Fresh phone ${i},A phone with a new picture ${i},40000,1,Electronics,Phones,pics/fresh.png`,
      );
    rows.push(`BT-bad,${"x".repeat(201)},Too long a name,30000,3,Electronics,Phones,pics/phone.png`);
    const imported = await katale([
      "products",
      "import",
      csvFile("batch.csv", rows),
      "--shop",
      String(shopId),
    ]);
    expect(imported.code, imported.stderr).toBe(1);
    // A line per row as rows finish, the refused one naming its row, then the summary.
    const lines = imported.stdout.trimEnd().split("\n");
    expect(lines.filter((line) => /\tcreated/.test(line))).toHaveLength(233);
    expect(lines.find((line) => line.includes("BT-bad"))).toMatch(/^row 235\tBT-bad\tfailed: name: /);
    // One new picture stored (each upload is stored under a name of its own), shown by the three rows naming it.
    const products = await shopProducts();
    const fresh = products.filter((p) => p.sku.startsWith("FR-"));
    expect(new Set(fresh.map((p) => p.paths)).size).toBe(1);
    const path = fresh[0]!.paths.replace(/^\/media\//, "");
    expect(readdirSync(join(server.media.publicDir, "products"))).toContain(path.split("/")[1]);
    const first = products.find((p) => p.sku === "P-0")!;
    const batched = products.filter((p) => /^BT-\d/.test(p.sku));
    expect(batched).toHaveLength(230);
    for (const product of batched) expect(product.paths).toBe(first.paths);

    // Imported again, nothing changes.
    const again = await katale([
      "products",
      "import",
      csvFile("batch.csv", rows),
      "--shop",
      String(shopId),
      "--json",
    ]);
    expect(JSON.parse(again.stdout)).toMatchObject({ created: 0, updated: 0, unchanged: 233, failed: 1 });
  });
});
