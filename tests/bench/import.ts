// `npx tsx tests/bench/import.ts` (not part of npm test): `katale products import` of 1,000 rows with
// 1,000 small images against the real server started in-process on PGlite, next to the same 1,000
// uploads as plain sequential `POST product/` calls in the same run. Prints rows/s of both and the
// ratio. BENCH_ROWS changes the row count; BENCH_DB=postgres runs on a fresh PostgreSQL database
// (127.0.0.1:5432) instead of the embedded PGlite, whose queries share the server's one thread.
// BENCH_TEXT_ONLY=1 measures the rows' text: every row names the same small image file (a product
// needs one) and the sequential comparison is skipped (10,000 rows: BENCH_ROWS=10000).
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { encodeMultipart } from "@katale/adapters-http";
import { aCategory, aShop, aSignedInUser, aSubCategory, startTestServer } from "@katale/server/testing";
import sharp from "sharp";
import { fetch } from "undici";

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const DATABASE = process.env.BENCH_DB === "postgres" ? "postgres" : "pglite";
const TEXT_ONLY = process.env.BENCH_TEXT_ONLY === "1";
const ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const BIN = join(ROOT, "packages/cli/dist/katale.js");

function run(
  args: string[],
  env: Record<string, string>,
  stdin = "",
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 << 20 },
      (error, stdout, stderr) =>
        done({ code: error === null ? 0 : Number(error.code ?? -1), stdout, stderr }),
    );
    child.stdin?.end(stdin);
  });
}

async function main(): Promise<void> {
  execFileSync(
    join(ROOT, "node_modules/.bin/turbo"),
    ["run", "build", "--filter=@katale/cli", "--output-logs=errors-only"],
    {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1" },
    },
  );
  const work = mkdtempSync(join(tmpdir(), "katale-bench-import-"));
  const server = await startTestServer({ database: DATABASE, env: { AUTH_RATE_LIMITS: "off" } });
  try {
    const category = await aCategory(server.db, { name: "Electronics" });
    await aSubCategory(server.db, { category_id: category.id, name: "Lighting" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Phones" });
    const owner = await aSignedInUser(server);
    const [viaCli, viaPosts] = [
      await aShop(server.db, { owner_id: owner.id, name: "Bench Import Shop" }),
      await aShop(server.db, { owner_id: owner.id, name: "Bench Sequential Shop" }),
    ];

    // 1,000 distinct small images (48×48 PNGs of different colours) and the CSV naming them.
    mkdirSync(join(work, "pics"));
    const lines = ["sku,name,description,price,stock,category,sub_category,images"];
    let bytes = 0;
    for (let i = 0; i < ROWS; i++) {
      if (TEXT_ONLY && i > 0) {
        lines.push(
          `B-${i},Bench phone ${i},A phone for the benchmark number ${i},${10_000 + i},${1 + (i % 9)},Electronics,Phones,pics/p0.png`,
        );
        continue;
      }
      const png = await sharp({
        create: {
          width: 48,
          height: 48,
          channels: 3,
          background: { r: i % 256, g: (i * 7) % 256, b: (i * 13) % 256 },
        },
      })
        .png()
        .toBuffer();
      bytes += png.length;
      writeFileSync(join(work, "pics", `p${i}.png`), png);
      lines.push(
        `B-${i},Bench phone ${i},A phone for the benchmark number ${i},${10_000 + i},${1 + (i % 9)},Electronics,Phones,pics/p${i}.png`,
      );
    }
    const csv = join(work, "products.csv");
    writeFileSync(csv, `${lines.join("\n")}\n`);
    const env = {
      KATALE_CONFIG_DIR: join(work, "config"),
      KATALE_AUTH_URL: server.authUrl,
      KATALE_SHOP_URL: server.shopUrl,
    };
    const login = await run(["login", owner.email], env, `${owner.password}\n`);
    const quiet = ["--json", "--quiet"];
    if (login.code !== 0) throw new Error(`login failed: ${login.stderr}`);

    // The import, as a user runs it.
    let start = performance.now();
    const imported = await run(["products", "import", csv, "--shop", String(viaCli.id), ...quiet], env);
    const importSeconds = (performance.now() - start) / 1000;
    const report = JSON.parse(imported.stdout) as { created: number; failed: number };
    if (report.created !== ROWS)
      throw new Error(`import created ${report.created} of ${ROWS}: ${imported.stdout.slice(0, 500)}`);

    // The same uploads as plain sequential POST product/ calls.
    start = performance.now();
    for (let i = 0; i < (TEXT_ONLY ? 0 : ROWS); i++) {
      const form = encodeMultipart({
        shop_id: viaPosts.id,
        product_name: `Bench phone ${i}`,
        description: `A phone for the benchmark number ${i}`,
        price: 10_000 + i,
        in_stock: 1 + (i % 9),
        category_id: category.id,
        sub_category_id: sub.id,
        number_of_images: 1,
        image_1: {
          fileName: `p${i}.png`,
          contentType: "image/png",
          bytes: readFileSync(join(work, "pics", `p${i}.png`)),
        },
      });
      const response = await fetch(new URL("product/", server.shopUrl), {
        method: "POST",
        headers: { authorization: `Token ${owner.key}`, "content-type": form.contentType },
        body: form.body,
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`POST product/ answered ${response.status}`);
    }
    const sequentialSeconds = (performance.now() - start) / 1000;

    // A rerun with nothing changed: what checking 1,000 rows costs.
    start = performance.now();
    const rerun = await run(["products", "import", csv, "--shop", String(viaCli.id), ...quiet], env);
    const rerunSeconds = (performance.now() - start) / 1000;
    const unchanged = (JSON.parse(rerun.stdout) as { unchanged: number }).unchanged;

    const importRate = ROWS / importSeconds;
    const sequentialRate = ROWS / sequentialSeconds;
    const files = TEXT_ONLY ? 1 : ROWS;
    console.log(`${ROWS} rows, ${files} image files, ${(bytes / 1024).toFixed(0)} KB of images, ${DATABASE}`);
    console.log(`katale products import      ${importSeconds.toFixed(1)} s  ${importRate.toFixed(1)} rows/s`);
    if (!TEXT_ONLY) {
      console.log(
        `sequential POST product/    ${sequentialSeconds.toFixed(1)} s  ${sequentialRate.toFixed(1)} rows/s`,
      );
      console.log(`ratio import / sequential   ${(importRate / sequentialRate).toFixed(2)}×`);
    }
    console.log(`rerun, nothing changed      ${rerunSeconds.toFixed(1)} s  ${unchanged} unchanged`);
  } finally {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
