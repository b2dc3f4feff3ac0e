import { describe, expect, it } from "vitest";
import { aShop, aSubCategory } from "../testing/builders.js";
import { InMemorySellerGateway } from "../testing/in-memory-seller-gateway.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import { addProduct, deleteProduct, editProduct, setStock } from "./manage-products.js";
import { createShop, findOwnShop, listMyShops, updateShopDetails } from "./manage-shops.js";
import { requestShopVerification } from "./request-shop-verification.js";
import { shopVerificationFormSchema } from "./shop-form.js";

const image = (fileName: string) => ({
  fileName,
  contentType: "image/jpeg",
  bytes: new Uint8Array([255, 216]),
});
const owner = { id: 7, token: "t-owner", name: "Amina" };
const stranger = { id: 8, token: "t-other", name: "Okello" };

function setUp(token: string | null = owner.token) {
  const mine = aShop({ id: 31, name: "Gulu Boda Spares", owner: owner.id });
  const theirs = aShop({ id: 32, name: "Mukono Sports Arena", owner: stranger.id });
  const seller = new InMemorySellerGateway(
    [owner, stranger],
    [
      aSubCategory({ id: 11, categoryId: 1, name: "Phones" }),
      aSubCategory({ id: 51, categoryId: 5, name: "Plumbing" }),
    ],
    [mine, theirs],
  );
  const storage = new InMemoryStorage();
  if (token) storage.set("token", token);
  const ports = { shopAdmin: seller, productAdmin: seller, shopVerification: seller, shops: seller, storage };
  return { seller, ports, mine, theirs };
}

const productForm = {
  name: "Tecno Spark 20",
  categoryId: 1,
  subCategoryId: 11,
  description: "A phone with a big battery",
  price: "450000",
  inStock: 4,
  images: [image("front.jpg"), image("back.jpg")],
  sku: "TS-20",
};

describe("creating and editing shops", () => {
  const form = {
    name: "Kabalagala Kicks",
    categories: [1, 5],
    locationLatitude: 0.29,
    locationLongitude: 32.6,
  };

  it("creates a shop the user then finds under My shops", async () => {
    const { ports } = setUp();
    const created = successOf(await createShop(ports, { ...form, phone: "0772123456", email: "" }));
    expect(created.message).toBe("Shop created");
    expect(created.shop).toMatchObject({
      name: "Kabalagala Kicks",
      owner: 7,
      categories: [1, 5],
      email: null,
    });
    expect(successOf(await listMyShops(ports)).map((s) => s.name)).toEqual([
      "Kabalagala Kicks",
      "Gulu Boda Spares",
    ]);
  });

  it.each([
    [{ name: "  " }, "name", "Enter the shop's name"],
    [{ categories: [] }, "categories", "Choose at least one category"],
    [{ categories: [1, 2, 3, 4] }, "categories", "Choose at most 3 categories"],
    [{ locationLatitude: null }, "locationLatitude", "Choose the shop's location from the suggestions"],
    [{ phone: "07721234567" }, "phone", "A phone number has at most 10 characters"],
    [{ email: "not-an-email" }, "email", "Enter a valid email address"],
  ])("refuses %j before sending", async (change, field, message) => {
    const { ports, seller } = setUp();
    const failure = failureOf(await createShop(ports, { ...form, ...change }));
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { [field]: message } });
    expect(seller.calls).toEqual([]);
  });

  it("refuses a taken name, case aside, with the service's words", async () => {
    const { ports } = setUp();
    expect(failureOf(await createShop(ports, { ...form, name: "gulu boda SPARES" })).message).toBe(
      "A shop with this name already exists",
    );
  });

  it("saves the shop details; someone else's shop is refused", async () => {
    const { ports, mine, theirs } = setUp();
    const saved = successOf(
      await updateShopDetails(ports, mine.id, { bio: "Spares for every boda", phone: "0700000001" }),
    );
    expect(saved.message).toBe("Shop details saved");
    expect(saved.shop).toMatchObject({ bio: "Spares for every boda", phone: "0700000001" });
    expect(failureOf(await updateShopDetails(ports, theirs.id, { bio: "Mine now" })).message).toBe(
      "You are not the owner of this shop",
    );
  });

  it("finds an own shop by id or name and refuses someone else's before sending", async () => {
    const { ports, mine, theirs } = setUp();
    expect(successOf(await findOwnShop(ports, " GULU boda  spares ")).id).toBe(mine.id);
    expect(successOf(await findOwnShop(ports, String(mine.id))).id).toBe(mine.id);
    expect(failureOf(await findOwnShop(ports, theirs.name))).toEqual({
      kind: "forbidden",
      message: "You are not the owner of this shop",
    });
    expect(failureOf(await findOwnShop(ports, "No Such Shop")).kind).toBe("not-found");
  });

  it("asks to log in first without a session", async () => {
    const { ports } = setUp(null);
    expect(failureOf(await listMyShops(ports))).toEqual({
      kind: "not-logged-in",
      message: "You need to login first",
    });
  });
});

describe("adding and editing products", () => {
  it("adds a product with its images, the price read as whole UGX", async () => {
    const { ports, mine } = setUp();
    const added = successOf(await addProduct(ports, mine.id, productForm));
    expect(added.message).toBe("Product added");
    expect(added.product).toMatchObject({ name: "Tecno Spark 20", price: 450_000, inStock: 4, sku: "TS-20" });
    expect(added.product.images).toHaveLength(2);
  });

  it.each([
    [{ price: "0" }, "price", "Enter the price in whole UGX, above 0"],
    [{ price: 1500.5 }, "price", "Enter the price in whole UGX, above 0"],
    [{ inStock: -1 }, "inStock", "Enter the stock as a whole number, 0 or more"],
    [{ images: [] }, "images", "Add at least one image"],
    [{ images: Array.from({ length: 9 }, (_, i) => image(`${i}.jpg`)) }, "images", "Add at most 8 images"],
    [{ subCategoryId: undefined }, "subCategoryId", "sub-category ID not selected."],
    [{ description: " " }, "description", "Enter a description"],
  ])("refuses %j before sending", async (change, field, message) => {
    const { ports, mine, seller } = setUp();
    const failure = failureOf(await addProduct(ports, mine.id, { ...productForm, ...change }));
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { [field]: message } });
    expect(seller.calls).toEqual([]);
  });

  it("refuses a sub category of another category, and another user's shop", async () => {
    const { ports, mine, theirs } = setUp();
    expect(failureOf(await addProduct(ports, mine.id, { ...productForm, subCategoryId: 51 })).message).toBe(
      "Sub category not found",
    );
    expect(failureOf(await addProduct(ports, theirs.id, productForm)).message).toBe(
      "You are not the owner of this shop",
    );
  });

  it("says 'Error creating product…' when the service cannot be reached", async () => {
    const { ports, mine, seller } = setUp();
    seller.failures.set("createProduct", { kind: "network" });
    expect(failureOf(await addProduct(ports, mine.id, productForm)).message).toBe(
      "Error creating product, check internet connection and try again.",
    );
  });

  it("edits only what changed: price, one image removed, one added", async () => {
    const { ports, mine, seller } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    const [front, back] = product.images;
    const edited = successOf(
      await editProduct(ports, product, {
        ...productForm,
        price: 430_000,
        keptImages: [back!],
        addedImages: [image("side.jpg")],
      }),
    );
    expect(edited.message).toBe("Successfully edited the product");
    expect(edited.product.price).toBe(430_000);
    expect(edited.product.images[0]).toBe(back);
    expect(edited.product.images).not.toContain(front);
    expect(edited.product.images).toHaveLength(2);
    expect(seller.calls.filter((c) => c.method === "updateProduct")).toHaveLength(1);
  });

  it("sends nothing when nothing changed, and refuses removing every image", async () => {
    const { ports, mine, seller } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    const same = { ...productForm, keptImages: product.images, addedImages: [] };
    expect(successOf(await editProduct(ports, product, same)).changed).toBe(false);
    expect(seller.calls.filter((c) => c.method === "updateProduct")).toEqual([]);
    expect(failureOf(await editProduct(ports, product, { ...same, keptImages: [] }))).toMatchObject({
      kind: "invalid-form",
      fields: { images: "Add at least one image" },
    });
  });

  it("sets the stock to 0 (Out stock) and deletes the product", async () => {
    const { ports, mine, seller } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    expect(successOf(await setStock(ports, product.id, "0")).message).toBe("In stock: 0");
    expect(
      successOf(await seller.listShopProducts(mine.id, { stock: "out" })).products.map((p) => p.id),
    ).toEqual([product.id]);
    expect(failureOf(await setStock(ports, product.id, -2)).message).toBe(
      "Enter the stock as a whole number, 0 or more",
    );
    expect(successOf(await deleteProduct(ports, product.id)).message).toBe("Product deleted");
    expect(failureOf(await deleteProduct(ports, product.id)).message).toBe("Product not found");
  });

  it("refuses another user's edit and delete", async () => {
    const { ports, mine, seller } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    const other = { ...ports, storage: new InMemoryStorage() };
    other.storage.set("token", stranger.token);
    expect(failureOf(await setStock(other, product.id, 9)).message).toBe(
      "You are not the owner of this shop",
    );
    expect(failureOf(await deleteProduct(other, product.id)).message).toBe(
      "You are not the owner of this shop",
    );
    expect(successOf(await seller.getProduct(product.id)).inStock).toBe(4);
  });
});

describe("telling someone else's product from an ended session", () => {
  const change = (product: { images: string[] }) => ({
    ...productForm,
    price: 430_000,
    keptImages: product.images,
    addedImages: [],
  });

  it("someone else's product (forbidden) says 'You are not the owner of this shop'", async () => {
    const { ports, mine } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    const other = { ...ports, storage: new InMemoryStorage() };
    other.storage.set("token", stranger.token);
    expect(failureOf(await editProduct(other, product, change(product)))).toEqual({
      kind: "forbidden",
      message: "You are not the owner of this shop",
    });
  });

  it("a refused token asks to log in again, whatever the service's words", async () => {
    const { ports, mine, seller } = setUp();
    const { product } = successOf(await addProduct(ports, mine.id, productForm));
    const ended = { ...ports, storage: new InMemoryStorage() };
    ended.storage.set("token", "t-expired");
    expect(failureOf(await editProduct(ended, product, change(product)))).toEqual({
      kind: "unauthorized",
      message: "Your session has ended, please log in again",
    });
    seller.failures.set("updateProduct", { kind: "unauthorized", message: "Session expired at 08:00" });
    expect(failureOf(await editProduct(ports, product, change(product)))).toEqual({
      kind: "unauthorized",
      message: "Your session has ended, please log in again",
    });
  });
});

describe("shop verification", () => {
  const form = {
    contact: "shop@example.ug",
    shopImage: image("shop.jpg"),
    locationLatitude: 2.77,
    locationLongitude: 32.3,
    shop: 31,
  };

  it("sends one request; the second says 'Shop already has a verification request'", async () => {
    const { ports } = setUp();
    expect(successOf(await requestShopVerification(ports, form)).message).toBe(
      "Successfully sent verification request",
    );
    expect(failureOf(await requestShopVerification(ports, form))).toEqual({
      kind: "taken",
      message: "Shop already has a verification request",
    });
  });

  it("refuses someone else's shop", async () => {
    const { ports } = setUp();
    expect(failureOf(await requestShopVerification(ports, { ...form, shop: 32 })).message).toBe(
      "You are not the owner of this shop",
    );
  });
});

describe("the shop verification form", () => {
  it("asks for a valid email, the place from the suggestions and a shop photo", () => {
    const parsed = shopVerificationFormSchema.safeParse({
      contact: "nope",
      shopImage: null,
      locationLatitude: null,
      locationLongitude: null,
      shop: 31,
    });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries(parsed.error?.issues.map((i) => [String(i.path[0]), i.message]) ?? []);
    expect(byField).toEqual({
      contact: "Enter a valid email address",
      shopImage: "Add a photo of the shop",
      locationLatitude: "Choose the shop's location from the suggestions",
      locationLongitude: "Choose the shop's location from the suggestions",
    });
  });

  it("gives what the request needs", () => {
    const parsed = shopVerificationFormSchema.parse({
      contact: " amina@example.ug ",
      shopImage: image("front.jpg"),
      locationLatitude: 0.3,
      locationLongitude: 32.6,
      shop: 31,
    });
    expect(parsed).toMatchObject({ contact: "amina@example.ug", shop: 31, locationLatitude: 0.3 });
  });
});
