import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ProductWire } from "@katale/adapters-http/contract";
import { IMAGE_VARIANT_WIDTHS } from "@katale/domain";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { aSignedInUser } from "../testing/auth-helpers.js";
import { aCategory, aComment, aShop, aSubCategory } from "../testing/fixtures.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { aPhoto, filesIn, form, sellerCaller } from "./seller-test-client.js";

// POST, PATCH and DELETE product/ (spec §7, issue 9): by the owner of the shop only, 1–8 images
// checked by content and stored as WebP with variants, every change visible at once in lists, pages
// and search, and nothing left behind by a refused or cut-off upload.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("product writes (%s)", (kind) => {
  let server: TestServer;
  const call = sellerCaller(() => server);
  let owner: Signed;
  let stranger: Signed;
  let admin: Signed;
  let shopId: number;
  let categoryId: number;
  let subCategoryId: number;
  let otherSubCategoryId: number;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [owner, stranger, admin] = await Promise.all([
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server, { role: "admin" }),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Owino Gadgets" })).id;
    categoryId = (await aCategory(server.db, { name: "Electronics" })).id;
    subCategoryId = (await aSubCategory(server.db, { category_id: categoryId, name: "Phones" })).id;
    const other = await aCategory(server.db, { name: "Food" });
    otherSubCategoryId = (await aSubCategory(server.db, { category_id: other.id, name: "Fruit" })).id;
  });
  afterAll(() => server?.close());

  const mediaPath = (path: string) => join(server.media.publicDir, path.replace(/^\/media\//, ""));
  /** Temporary upload files left in DATA_DIR/uploads. */
  const spooled = async () => readdir(join(server.config.dataDir, "uploads")).catch(() => []);
  const productCount = async () =>
    Number(
      (
        await server.db
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The form of a good product; `fields` replace or (undefined) remove fields. */
  async function productForm(fields: Record<string, unknown> = {}, images = 1) {
    const base: Record<string, unknown> = {
      product_name: "Tecno Spark 20",
      description: "6.6 inch screen, 128 GB, two SIM slots",
      price: "480000",
      in_stock: "4",
      category_id: String(categoryId),
      sub_category_id: String(subCategoryId),
      shop_id: String(shopId),
      number_of_images: String(images),
    };
    for (let i = 1; i <= images; i++) base[`image_${i}`] = await aPhoto(300 + i, 200);
    return form({ ...base, ...fields } as Parameters<typeof form>[0]);
  }

  async function createProduct(fields: Record<string, unknown> = {}, images = 1): Promise<ProductWire> {
    const created = await call("POST", "product/", {
      token: owner.key,
      form: await productForm(fields, images),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.data;
  }

  it("lets the owner add a product with three images, shown at once on home, search and the shop page", async () => {
    // Read first, so a stale cached answer would show.
    expect((await call("GET", "product/")).body.data).toHaveLength(0);
    expect(
      (await call("POST", "product/search/", { json: { search_query: "Infinix" } })).body.products,
    ).toEqual([]);
    expect((await call("GET", `product/shop/${shopId}/`)).body.number_of_products).toBe(0);

    const created = await call("POST", "product/", {
      token: owner.key,
      form: await productForm({ product_name: "Infinix Hot 40", sku: "INF-40" }, 3),
    });
    expect(created.status).toBe(201);
    const product: ProductWire = created.body.data;
    expect(product).toMatchObject({
      product_name: "Infinix Hot 40",
      slug: "infinix-hot-40",
      price: 480_000,
      in_stock: 4,
      shop_id: shopId,
      category_id: categoryId,
      sub_category_id: subCategoryId,
      sku: "INF-40",
    });
    expect(product.images).toHaveLength(3);
    for (const image of product.images) {
      expect(image).toMatch(/^\/media\/products\/[a-z0-9]+\.webp$/);
      expect(existsSync(mediaPath(image))).toBe(true);
      for (const width of IMAGE_VARIANT_WIDTHS)
        expect(existsSync(mediaPath(image.replace(".webp", `-${width}.webp`)))).toBe(true);
    }
    // Re-encoded as WebP and resized no wider than the main width; served publicly.
    const served = await fetch(`${server.baseUrl}${product.images[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");

    expect((await call("GET", "product/")).body.data.map((p: ProductWire) => p.product_id)).toEqual([
      product.product_id,
    ]);
    const found = await call("POST", "product/search/", { json: { search_query: "Infinix" } });
    expect(found.body.products.map((p: ProductWire) => p.product_id)).toEqual([product.product_id]);
    const shopList = await call("GET", `product/shop/${shopId}/`);
    expect(shopList.body.number_of_products).toBe(1);
    expect((await call("GET", `product/slug/infinix-hot-40/`)).body.data.sku).toBe("INF-40");
    // The uploads were streamed to temporary files, gone once answered.
    expect(await spooled()).toEqual([]);

    // The same name again gets a slug of its own.
    const twin = await createProduct({ product_name: "Infinix Hot 40" });
    expect(twin.slug).toMatch(/^infinix-hot-40-[a-z0-9]+$/);
  });

  it("holds the permission matrix: visitor 401, another user 403, admin 403, unknown shop 404", async () => {
    const before = await productCount();
    const visitor = await call("POST", "product/", { form: await productForm() });
    expect(visitor.status).toBe(401);
    expect(visitor.body.code).toBe("not_authenticated");
    const badToken = await call("POST", "product/", { token: "not-a-token", form: await productForm() });
    expect(badToken.status).toBe(401);
    expect(badToken.body.code).toBe("invalid_token");
    const other = await call("POST", "product/", { token: stranger.key, form: await productForm() });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: "You are not the owner of this shop", code: "forbidden" });
    expect((await call("POST", "product/", { token: admin.key, form: await productForm() })).status).toBe(
      403,
    );
    const unknownShop = await call("POST", "product/", {
      token: owner.key,
      form: await productForm({ shop_id: "99999999" }),
    });
    expect(unknownShop.status).toBe(404);
    expect(unknownShop.body.code).toBe("shop_not_found");
    // The spec's form carries the token as a field instead of the header.
    const withField = await call("POST", "product/", { form: await productForm({ token: owner.key }) });
    expect(withField.status).toBe(201);
    expect(await productCount()).toBe(before + 1);
  });

  it("refuses bad input field by field and leaves no product and no file behind", async () => {
    const before = await productCount();
    const filesBefore = await filesIn(server, "products");
    const refused = async (fields: Record<string, unknown>, images = 1) => {
      const answer = await call("POST", "product/", {
        token: owner.key,
        form: await productForm(fields, images),
      });
      return { status: answer.status, body: answer.body };
    };

    expect(await refused({ product_name: undefined })).toEqual({
      status: 400,
      body: { product_name: ["Enter the product's name"], code: "invalid_input" },
    });
    expect((await refused({ description: "  " })).body.description).toEqual(["Enter a description"]);
    expect((await refused({ sub_category_id: undefined })).body.sub_category_id).toEqual([
      "sub-category ID not selected.",
    ]);
    expect((await refused({ category_id: undefined })).body.category_id).toEqual(["Choose a category"]);
    expect((await refused({ price: "abc" })).body.price).toEqual([
      "Enter the price in whole shillings, above 0",
    ]);
    expect((await refused({ price: "0" })).body.price).toBeDefined();
    expect((await refused({ price: "12.5" })).body.price).toBeDefined();
    expect((await refused({ in_stock: "-1" })).body.in_stock).toEqual([
      "Enter the stock as a whole number, 0 or more",
    ]);
    expect((await refused({ in_stock: "many" })).status).toBe(400);
    expect((await refused({ shop_id: "abc" })).status).toBe(400);
    expect((await refused({ sub_category_id: String(otherSubCategoryId) })).body).toEqual({
      sub_category_id: ["The sub category is not in the chosen category"],
      code: "invalid_input",
    });
    expect((await refused({ category_id: "99999999" })).body.category_id).toEqual(["Category not found"]);
    expect((await refused({ number_of_images: "0" }, 0)).body.image_1).toEqual(["Add at least one image"]);
    const nine = await refused({ number_of_images: "9" }, 9);
    expect(nine.status).toBe(400);
    expect(nine.body.number_of_images).toBeDefined();
    // Nine files with number_of_images left out.
    expect((await refused({ number_of_images: undefined }, 9)).body.number_of_images).toEqual([
      "A product has at most 8 images",
    ]);
    expect((await refused({ number_of_images: "2" }, 1)).body.number_of_images).toEqual([
      "number_of_images does not match the images sent (image_1 to image_N)",
    ]);
    // The second image is not an image: the first, already stored, is removed again.
    const notAnImage = await refused(
      { number_of_images: "2", image_2: { bytes: Buffer.from("%PDF-1.4 not a picture"), type: "image/png" } },
      2,
    );
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.body.image_2[0]).toMatch(/not an image/);
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 0xff);
    const tooLarge = await refused({ image_1: { bytes: huge, type: "image/jpeg" } });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("too_large");

    expect(await productCount()).toBe(before);
    expect(await filesIn(server, "products")).toEqual(filesBefore);
    expect(await spooled()).toEqual([]);
  });

  it("bounds what one form may carry: more files or a longer field than allowed is 413", async () => {
    const before = await productCount();
    const filesBefore = await filesIn(server, "products");
    const many = await call("POST", "product/", { token: owner.key, form: await productForm({}, 12) });
    expect(many.status).toBe(413);
    expect(many.body.code).toBe("too_large");
    const long = await call("POST", "product/", {
      token: owner.key,
      form: await productForm({ description: "x".repeat(200_000) }),
    });
    expect(long.status).toBe(413);
    expect(await productCount()).toBe(before);
    expect(await filesIn(server, "products")).toEqual(filesBefore);
    expect(await spooled()).toEqual([]);
  });

  it("keeps the SKU unique within the shop", async () => {
    await createProduct({ sku: "SKU-1" });
    const filesBefore = await filesIn(server, "products");
    // Refused by the database after the images were stored: they are removed again.
    const again = await call("POST", "product/", {
      token: owner.key,
      form: await productForm({ sku: "SKU-1" }, 2),
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ sku: ["Another product of this shop has this SKU"], code: "sku_taken" });
    expect(await filesIn(server, "products")).toEqual(filesBefore);
    const renamed = await createProduct({ sku: "SKU-2" });
    const clash = await call("PATCH", `product/${renamed.product_id}/`, {
      token: owner.key,
      form: form({ sku: "SKU-1", image_1: await aPhoto() }),
    });
    expect(clash.status).toBe(409);
    // Only SKU-2's image (main file and three variants) was added.
    expect(await filesIn(server, "products")).toHaveLength(filesBefore.length + 4);
    expect((await call("GET", `product/${renamed.product_id}/`)).body.data).toMatchObject({
      sku: "SKU-2",
      images: renamed.images,
    });
    const otherShop = await aShop(server.db, { owner_id: owner.id });
    const elsewhere = await call("POST", "product/", {
      token: owner.key,
      form: await productForm({ sku: "SKU-1", shop_id: String(otherShop.id) }),
    });
    expect(elsewhere.status).toBe(201);
  });

  it("edits only the fields sent, swaps images by the spec's flags, and keeps at least one image", async () => {
    const product = await createProduct({ product_name: "Nokia 105" }, 2);
    const [first, second] = product.images as [string, string];
    // Cached before the edit.
    expect((await call("GET", `product/${product.product_id}/`)).body.data.price).toBe(480_000);

    const priced = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ price: "455000" }),
    });
    expect(priced.status).toBe(200);
    expect(priced.body.data).toMatchObject({ price: 455_000, product_name: "Nokia 105", in_stock: 4 });
    expect(priced.body.data.images).toEqual([first, second]);
    expect((await call("GET", `product/${product.product_id}/`)).body.data.price).toBe(455_000);

    // Remove the first (named as an absolute URL, as a client prefixing the host sends it), add one.
    const swapped = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({
        removed_images_urls: JSON.stringify([`${server.baseUrl}${first}`]),
        are_there_removed_images: "true",
        are_images_modified: "true",
        are_there_added_images: "true",
        number_of_images: "1",
        image_1: await aPhoto(),
      }),
    });
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    const images: string[] = swapped.body.data.images;
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(second);
    expect(images[1]).not.toBe(first);
    expect(existsSync(mediaPath(first))).toBe(false);
    expect(existsSync(mediaPath(first.replace(".webp", "-240.webp")))).toBe(false);

    // number_of_images counting every image the product will show is understood too.
    const counted = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ are_there_added_images: "true", number_of_images: "3", image_1: await aPhoto() }),
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    expect(counted.body.data.images.slice(0, 2)).toEqual(images);
    expect(counted.body.data.images).toHaveLength(3);
    images.push(counted.body.data.images[2]);

    const allGone = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ removed_images_urls: JSON.stringify(images), are_there_removed_images: "true" }),
    });
    expect(allGone.status).toBe(400);
    expect(allGone.body.images).toEqual(["A product keeps at least one image"]);
    const unknown = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ removed_images_urls: JSON.stringify(["/media/products/notours123.webp"]) }),
    });
    expect(unknown.status).toBe(400);
    const wrongSub = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ sub_category_id: String(otherSubCategoryId) }),
    });
    expect(wrongSub.body.sub_category_id).toEqual(["The sub category is not in the chosen category"]);
    expect(
      (
        await call("PATCH", `product/${product.product_id}/`, {
          token: owner.key,
          form: form({ in_stock: "-3" }),
        })
      ).status,
    ).toBe(400);
    expect((await call("GET", `product/${product.product_id}/`)).body.data.images).toEqual(images);
  });

  it("moves a product with stock 0 to the Out stock tab and out of every public list and search", async () => {
    const product = await createProduct({ product_name: "Itel A70 outstock" });
    expect(
      (await call("POST", "product/search/", { json: { search_query: "outstock" } })).body.products,
    ).toHaveLength(1);
    const emptied = await call("PATCH", `product/${product.product_id}/`, {
      token: owner.key,
      form: form({ in_stock: "0" }),
    });
    expect(emptied.status).toBe(200);
    expect(
      (await call("POST", "product/search/", { json: { search_query: "outstock" } })).body.products,
    ).toEqual([]);
    const ids = (list: ProductWire[]) => list.map((p) => p.product_id);
    expect(ids((await call("GET", "product/")).body.data)).not.toContain(product.product_id);
    expect(ids((await call("GET", "product/paginated/")).body.results)).not.toContain(product.product_id);
    expect(ids((await call("GET", `product/category/${categoryId}/`)).body.results)).not.toContain(
      product.product_id,
    );
    expect(ids((await call("GET", `product/shop/${shopId}/`)).body.data)).not.toContain(product.product_id);
    const out = await call("GET", `product/shop/${shopId}/?stock_type=out`);
    expect(ids(out.body.data)).toEqual([product.product_id]);
    expect(out.body.number_of_products).toBe(1);
    // The owner's admin page shows these lists right after an edit: browsers ask again each time.
    expect(out.headers.get("cache-control")).toBe("public, no-cache");
    expect((await call("GET", `product/shop/${shopId}/`)).headers.get("cache-control")).toBe(
      "public, no-cache",
    );
    // Still reachable by its own page.
    expect((await call("GET", `product/slug/${product.slug}/`)).body.data.in_stock).toBe(0);
  });

  it("lets only the owner edit: visitor 401, another user 403, admin 403, unknown product 404", async () => {
    const product = await createProduct();
    const patch = (token?: string) =>
      call("PATCH", `product/${product.product_id}/`, {
        ...(token ? { token } : {}),
        form: form({ price: "1" }),
      });
    expect((await patch()).status).toBe(401);
    expect((await patch(stranger.key)).status).toBe(403);
    expect((await patch(admin.key)).status).toBe(403);
    const missing = await call("PATCH", "product/99999999/", {
      token: owner.key,
      form: form({ price: "1" }),
    });
    expect(missing.status).toBe(404);
    expect((await call("GET", `product/${product.product_id}/`)).body.data.price).toBe(480_000);
  });

  it("deletes a product with its files, saves, history, ratings and reviews; the owner or an admin", async () => {
    const product = await createProduct({ product_name: "Doomed phone" }, 2);
    const id = product.product_id;
    await call("POST", "product/save/", { token: stranger.key, json: { product_id: id } });
    await call("POST", "product/browse-history/", { token: stranger.key, json: { product_id: id } });
    await call("POST", "product/rating/", { token: stranger.key, json: { product_id: id, rating: 4 } });
    await aComment(server.db, { product_id: id, user_id: stranger.id });
    expect((await call("GET", `shop/${shopId}/`)).body.data.rating).toBeGreaterThan(0);

    expect((await call("DELETE", `product/${id}/`)).status).toBe(401);
    expect((await call("DELETE", `product/${id}/`, { token: stranger.key })).status).toBe(403);
    const deleted = await call("DELETE", `product/${id}/`, { token: owner.key });
    expect(deleted.status).toBe(204);
    expect((await call("GET", `product/${id}/`)).status).toBe(404);
    for (const table of [
      "saved_products",
      "browse_history",
      "ratings",
      "comments",
      "product_images",
    ] as const) {
      const left = await server.db.selectFrom(table).select("id").where("product_id", "=", id).execute();
      expect(left, table).toEqual([]);
    }
    for (const image of product.images) expect(existsSync(mediaPath(image))).toBe(false);
    // The shop's rating lost the product's ratings.
    expect((await call("GET", `shop/${shopId}/`)).body.data.rating).toBe(0);
    expect((await call("DELETE", `product/${id}/`, { token: owner.key })).status).toBe(404);

    const moderated = await createProduct();
    expect((await call("DELETE", `product/${moderated.product_id}/`, { token: admin.key })).status).toBe(204);
  });

  it("refuses a wrong header token before reading the body", async () => {
    const { request } = await import("node:http");
    const url = new URL(`${server.shopUrl}product/`);
    // Announces 50 MB and sends almost none of it: the answer comes anyway.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            authorization: "Token not-a-real-token",
            "content-type": "multipart/form-data; boundary=----x",
            "content-length": String(50 * 1024 * 1024),
          },
        },
        (response) => {
          resolve(response.statusCode ?? 0);
          response.resume();
          req.destroy();
        },
      );
      req.on("error", (error) => reject(error));
      req.write("------x\r\n");
    });
    expect(status).toBe(401);
  });

  it("leaves nothing behind when the upload is cut off half way", async () => {
    const before = await productCount();
    const filesBefore = await filesIn(server, "products");
    const boundary = "----katalecut";
    const head = [
      ["product_name", "Cut off"],
      ["description", "never finished"],
      ["price", "1000"],
      ["in_stock", "1"],
      ["category_id", String(categoryId)],
      ["sub_category_id", String(subCategoryId)],
      ["shop_id", String(shopId)],
      ["number_of_images", "1"],
    ]
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join("");
    const photo = await aPhoto(800, 600);
    const partial = Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="image_1"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      photo.subarray(0, Math.floor(photo.length / 2)),
    ]);
    const { request } = await import("node:http");
    const url = new URL(`${server.shopUrl}product/`);
    await new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            authorization: `Token ${owner.key}`,
            "content-type": `multipart/form-data; boundary=${boundary}`,
            "content-length": String(partial.length + 100_000),
          },
        },
        (response) => {
          response.resume();
          response.on("end", resolve);
        },
      );
      req.on("error", () => resolve());
      req.write(partial, () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the closed connection; the next request is answered after it.
    await call("GET", "product/");
    // The server drops the temporary file once it notices the closed connection.
    await vi.waitFor(async () => expect(await spooled()).toEqual([]), { timeout: 5000, interval: 50 });
    expect(await productCount()).toBe(before);
    expect(await filesIn(server, "products")).toEqual(filesBefore);
  });
});
