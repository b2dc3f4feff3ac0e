import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { samplePng } from "@katale/adapters-http/testing";
import { messages, type ProductChange } from "@katale/domain";
import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  InMemoryAddressSuggestions,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemorySellerGateway,
  InMemoryShopGateway,
  InMemoryStorage,
} from "@katale/domain/testing";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CliServices } from "../../cli-services.js";
import { App } from "../app.js";
import { driveTui } from "../tui-driver.js";
import { URLS } from "../tui-fakes.js";

// The shop owner's screens on the domain's seller fake: stock edits, the product form, the CSV import.

const owner = { id: 7, token: "t-owner", name: "Amina Nakato" };
let dir: string;
let seller: InMemorySellerGateway;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "katale-tui-selling-"));
  writeFileSync(join(dir, "red.png"), samplePng(0).bytes);
  writeFileSync(join(dir, "green.png"), samplePng(1).bytes);
  const subs = [
    aSubCategory({ id: 21, categoryId: 2, name: "Garden tools", categoryName: "Garden" }),
    aSubCategory({ id: 11, categoryId: 1, name: "Lighting", categoryName: "Electronics" }),
  ];
  seller = new InMemorySellerGateway(
    [owner],
    subs,
    [aShop({ id: 31, name: "Owino Stall", owner: owner.id })],
    [
      aProduct({
        id: 501,
        name: "Solar lantern",
        slug: "solar-lantern",
        shopId: 31,
        inStock: 5,
        price: 35_000,
        categoryId: 1,
        subCategoryId: 11,
        images: ["/media/products/lantern-front.webp", "/media/products/lantern-side.webp"],
      }),
    ],
  );
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

function start() {
  const storage = new InMemoryStorage();
  storage.set("token", owner.token);
  storage.set("userdid", owner.id);
  storage.set("activeUser", {
    email: "amina@example.ug",
    phone: "0772123456",
    name: owner.name,
    dateOfBirth: null,
    country: null,
    gender: null,
    picture: null,
    status: "UNVERIFIED",
  });
  const products = new InMemoryProductGateway();
  products.getProductBySlug = (slug) => seller.getProductBySlug(slug);
  products.listShopProducts = (id, query) => seller.listShopProducts(id, query);
  const services: CliServices = {
    urls: URLS,
    // The product's category is not the first: an edit keeps it all the same.
    categories: new InMemoryCategoryGateway(
      [aCategory({ id: 2, name: "Garden" }), aCategory({ id: 1, name: "Electronics" })],
      [
        aSubCategory({ id: 21, categoryId: 2, name: "Garden tools", categoryName: "Garden" }),
        aSubCategory({ id: 11, categoryId: 1, name: "Lighting", categoryName: "Electronics" }),
      ],
    ),
    products,
    shops: new InMemoryShopGateway(),
    account: {
      auth: new InMemoryAuthGateway(),
      storage,
      sessionFile: join(dir, "session.json"),
      prompter: {} as never,
    },
    selling: {
      storage,
      shopAdmin: seller,
      productAdmin: seller,
      shopVerification: seller,
      addresses: new InMemoryAddressSuggestions(),
      download: async () => null,
    },
  };
  const { app, see, press, flat } = driveTui(
    <App services={services} size={{ columns: 80, rows: 24 }} startSection="selling" />,
  );
  return { app, see, press, flat };
}

describe("katale tui, my shops", { timeout: 30_000 }, () => {
  it("sets a product's stock from the shop's list", async () => {
    const { see, press } = start();
    await see("› Owino Stall");
    await press("\r");
    await see("Solar lantern");
    await see("stock 5");
    await press("t");
    await see("Stock of Solar lantern (now 5):");
    await press("\u007f", "0", "\r");
    await see("Solar lantern: In stock: 0");
    await see("stock 0");
    expect((await seller.getProductBySlug("solar-lantern")).ok).toBe(true);
  });

  it("adds a product with the form, a field at a time", async () => {
    const tui = start();
    const { see, press } = tui;
    await see("› Owino Stall");
    await press("\r");
    await see("stock 5");
    await press("a");
    await see("Add a product");
    await press(..."Solar torch", "\r");
    await see("Description:");
    await press(..."Small torch for the night walk home", "\r");
    await see("Price (UGX):");
    // A price that cannot be read is said at once, on the price.
    await press(..."15.5", "\r");
    await see('price "15.5": whole shillings only');
    expect(tui.flat()).not.toContain("In stock:");
    // Written as Ugandans write it: whole shillings.
    await press(..."\u007f".repeat(4), ..."1,800,000", "\r");
    await see("In stock:");
    await see("Price (UGX): UGX 1,800,000");
    await press(..."12", "\r");
    await see("Category:");
    await press("\r");
    await see("Sub category:");
    await press("\r");
    await see("Image files");
    await press(...join(dir, "red.png"), "\r");
    await see("SKU (optional):");
    await press(..."ST-1", "\r");
    await see("Product added: Solar torch");
    await see("Solar torch");
    const shop = await seller.listShopProducts(31);
    expect(shop.ok && shop.value.products.map((p) => [p.name, p.price, p.inStock, p.sku])).toContainEqual([
      "Solar torch",
      1_800_000,
      12,
      "ST-1",
    ]);
  });

  /** Opens the edit form of the lantern and keeps every field up to its images. */
  async function editUpToImages() {
    const tui = start();
    const { see, press } = tui;
    await see("› Owino Stall");
    await press("\r");
    await see("stock 5");
    await press("e");
    await see("Edit the product");
    for (const label of ["Description:", "Price (UGX):", "In stock:", "Category:", "Sub category:"]) {
      await press("\r");
      await see(label);
    }
    await press("\r");
    await see("Images:");
    // Enter kept the product's category and sub category (neither is the first of its list).
    expect(tui.flat()).toContain("Category: Electronics Sub category: Lighting");
    return tui;
  }

  it("removes one of the product's images in the edit form, x again keeping it until then", async () => {
    const update = vi.spyOn(seller, "updateProduct");
    const { see, press, flat } = await editUpToImages();
    await see("› Picture 1 · Display image");
    expect(flat()).toContain("2 of 8 images");
    expect(flat()).toContain("x Remove image 1");
    await press("x");
    await see("Picture 1 · Image removed");
    await see("Picture 2 · Display image");
    expect(flat()).toContain("1 of 8 images");
    expect(flat()).toContain("x Keep image 1");
    await press("x");
    await see("Image 1 kept");
    await see("Picture 1 · Display image");
    await press("j", "x");
    await see("Picture 2 · Image removed");
    await press("\r");
    await see("Images: 1 picture");
    await see("Image files");
    await press("\r");
    await see("SKU (optional):");
    await press("\r");
    await see(`${messages.products.edited}: Solar lantern`);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]?.[2]).toEqual<ProductChange>({
      removedImages: ["/media/products/lantern-side.webp"],
    });
    const saved = await seller.getProductBySlug("solar-lantern");
    expect(saved.ok && saved.value.images).toEqual(["/media/products/lantern-front.webp"]);
  });

  it("refuses to remove every image with the domain's words, back at the images to undo it", async () => {
    const update = vi.spyOn(seller, "updateProduct");
    const { see, press } = await editUpToImages();
    await press("x", "j", "x");
    await see("0 of 8 images");
    await press("\r");
    await see("Image files");
    await press("\r");
    await see("SKU (optional):");
    await press("\r");
    await see(messages.selling.imagesRequired);
    await see("Picture 1 · Image removed");
    expect(update).not.toHaveBeenCalled();
    await press("x", "\r");
    await see("Image files");
    await press("\r");
    await see("SKU (optional):");
    await press("\r");
    await see(`${messages.products.edited}: Solar lantern`);
    const saved = await seller.getProductBySlug("solar-lantern");
    expect(saved.ok && saved.value.images).toEqual(["/media/products/lantern-front.webp"]);
  });

  it("shows the service's refusal of an edit in the domain's words", async () => {
    seller.failures.set("updateProduct", { kind: "invalid", message: messages.selling.imagesRemoveUnknown });
    const { see, press } = await editUpToImages();
    await press("x", "\r");
    await see("Image files");
    await press("\r");
    await see("SKU (optional):");
    await press("\r");
    await see(messages.selling.imagesRemoveUnknown);
  });

  it("imports a CSV with a progress bar and lists the failed rows, after a dry run, images from a folder", async () => {
    const pics = join(dir, "pics");
    mkdirSync(pics);
    // Only in the images folder, not beside the CSV.
    writeFileSync(join(pics, "torch.png"), samplePng(0).bytes);
    writeFileSync(join(pics, "charger.png"), samplePng(1).bytes);
    const csv = join(dir, "products.csv");
    writeFileSync(
      csv,
      [
        "sku,name,description,price,stock,category,sub_category,images",
        "ST-1,Solar torch,Small torch for the night,15000,12,Electronics,Lighting,torch.png",
        "ST-2,Broken row,No price,,3,Electronics,Lighting,charger.png",
        "ST-3,Charger,Fast charger,25000,8,Electronics,Lighting,charger.png",
      ].join("\n"),
    );
    const { see, press, flat } = start();
    await see("› Owino Stall");
    await press("\r");
    await see("stock 5");
    const create = vi.spyOn(seller, "createProduct");
    await press("i");
    await see("CSV file:");
    await press(...csv, "\r");
    await see("Images folder:");
    await press(...pics, "\r");
    await see("Dry run: check every row and image, change nothing");
    await press("\r");
    await see("Dry run: nothing was changed.");
    expect(flat()).toContain("row 3 (ST-2): price:");
    expect(create).not.toHaveBeenCalled();
    await press("\u001b");
    await see("stock 5");
    await press("i");
    await see("CSV file:");
    await press(...csv, "\r");
    await see("Images folder:");
    await press(...pics, "\r");
    await see("Dry run: check every row and image, change nothing");
    await press("\u001b[B", "\r");
    await see("2 created, 0 updated, 0 unchanged, 1 failed");
    expect(flat()).toContain("row 3 (ST-2): price:");
    expect(flat()).toContain("████");
    await press("\u001b");
    await see("Charger");
  });
});
