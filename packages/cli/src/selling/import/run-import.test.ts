import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import { err, type OwnedProduct } from "@katale/domain";
import { aShop, aSubCategory, InMemorySellerGateway, InMemoryStorage } from "@katale/domain/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashBytes } from "../image-files.js";
import type { RowPlan } from "./plan-import.js";
import { IMPORT_BATCH, runImport } from "./run-import.js";

// The import's sending on the domain's seller fake (which passes the same behaviour suite as the
// real server), with a real picture file in a temporary folder.

const owner = { id: 7, token: "t-owner", name: "Amina" };
const SHOP = 31;

let dir: string;
let seller: InMemorySellerGateway;
let storage: InMemoryStorage;
let existing: OwnedProduct[];
let plans: RowPlan[];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "katale-run-import-"));
  const picture = samplePng(0);
  const path = join(dir, "lantern.png");
  writeFileSync(path, picture.bytes);
  const hash = hashBytes(picture.bytes);
  seller = new InMemorySellerGateway(
    [owner],
    [aSubCategory({ id: 11, categoryId: 1, name: "Lighting" })],
    [aShop({ id: SHOP, name: "Gulu Boda Spares", owner: owner.id })],
  );
  seller.uploadHash = hashBytes;
  storage = new InMemoryStorage();
  storage.set("token", owner.token);
  const fields = {
    description: "Lights a room",
    price: 35_000,
    inStock: 3,
    categoryId: 1,
    subCategoryId: 11,
  };
  // A product of the shop shows the picture already: every row names it.
  const shown = await seller.createProduct(owner.token, {
    shopId: SHOP,
    name: "Lantern",
    ...fields,
    images: [picture],
  });
  if (!shown.ok) throw new Error("the fake refused the first product");
  existing = [{ ...shown.value, imageHashes: [{ uploaded: hash, served: null }], filters: [] }];
  const image = { path, size: picture.bytes.length, contentType: "image/png", hash };
  plans = Array.from({ length: 2 * IMPORT_BATCH + 50 }, (_, i) => ({
    row: i + 2,
    sku: `SKU-${i}`,
    kind: "create",
    fields: { name: `Lantern ${i}`, ...fields },
    images: [image],
  }));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("the import", () => {
  it("adds rows whose pictures the shop shows in batches, naming the pictures", async () => {
    const report = await runImport(plans, {
      ports: { productAdmin: seller, storage },
      shopId: SHOP,
      dryRun: false,
      existing,
    });
    expect(report).toMatchObject({ created: plans.length, failed: 0 });
    const methods = seller.calls.map((call) => call.method);
    expect(methods.filter((m) => m === "createProducts")).toHaveLength(plans.length);
    expect(methods.filter((m) => m === "createProduct")).toHaveLength(1);
    const product = seller.products.find((p) => p.sku === "SKU-0");
    expect(product?.images).toEqual(existing[0]!.images);
  });

  it("sends the rows one by one to a service without the batch call, at most --concurrency at once", async () => {
    seller.createProducts = async () => err({ kind: "not-found", code: "not_found", message: "Not Found" });
    const createOne = seller.createProduct.bind(seller);
    let inFlight = 0;
    let most = 0;
    seller.createProduct = async (token, product) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // "On the network" until the other workers have reached theirs too (their pictures are read
      // from disk first, which takes longer on a busy machine), or a while has passed.
      for (let round = 0; round < 200 && inFlight < 3; round++)
        await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        return await createOne(token, product);
      } finally {
        inFlight -= 1;
      }
    };
    const report = await runImport(plans, {
      ports: { productAdmin: seller, storage },
      shopId: SHOP,
      dryRun: false,
      existing,
      concurrency: 3,
    });
    expect(report).toMatchObject({ created: plans.length, failed: 0 });
    expect(report.rows.map((r) => r.sku)).toEqual(plans.map((p) => p.sku));
    expect(most).toBe(3);
  });
});
