import type {
  ImageUpload,
  ProductAdminGateway,
  ProductGateway,
  Result,
  ShopAdminGateway,
  ShopGateway,
  ShopVerificationGateway,
} from "@katale/domain";
import { expect, it } from "vitest";
import type { SignedIn } from "./engagement-behaviour.js";

// What the shop owner's gateways must do (issue 9), run against the domain's in-memory fake (unit)
// and the HTTP gateways on the real server (tests/adapters/seller-gateways.int.test.ts), so the
// fake cannot drift from the server.

export interface SellerGateways {
  readonly shopAdmin: ShopAdminGateway;
  readonly productAdmin: ProductAdminGateway;
  readonly shopVerification: ShopVerificationGateway;
  readonly shops: Pick<ShopGateway, "getShop">;
  readonly products: Pick<ProductGateway, "getProduct" | "listShopProducts">;
}

export interface SellerFixture {
  readonly gateways: SellerGateways;
  /** A new signed-in user owning no shop (an account made days ago). */
  readonly newUser: () => Promise<SignedIn>;
  /** As newUser, with an account made an hour ago: new accounts list a few products a day. */
  readonly newAccount: () => Promise<SignedIn>;
  /** A category and one of its sub categories. */
  readonly category: { readonly categoryId: number; readonly subCategoryId: number };
  /** A sub category of another category. */
  readonly otherSubCategoryId: number;
  /** A filter of `category`'s sub category with two values, and a value of another sub category's. */
  readonly filter: {
    readonly filterId: number;
    readonly filterName: string;
    readonly values: readonly [{ id: number; name: string }, { id: number; name: string }];
    readonly foreignValueId: number;
  };
}

/** Two tiny PNGs (16×16, red and green) any image check accepts. */
const SAMPLE_PNGS = [
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVR4nGM4oaFBEmIY1aAxGkonhmvSAAB8MxgQxeu24QAAAABJRU5ErkJggg==",
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVR4nGPQWGBDEmIY1bBgNJQ0hmvSAAAmYgQQY78FHQAAAABJRU5ErkJggg==",
] as const;

/** A small valid PNG to upload; `n` picks one of two pictures. */
export function samplePng(n = 0, fileName = `picture-${n}.png`): ImageUpload {
  const base64 = SAMPLE_PNGS[n % SAMPLE_PNGS.length]!;
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return { fileName, contentType: "image/png", bytes };
}

const UNKNOWN_ID = 2_000_000_000;
let sequence = 0;

function value<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function kindOf<T, E extends { kind: string }>(result: Result<T, E>): string {
  return result.ok ? "ok" : result.error.kind;
}

/** A shop name no other test run has used. */
function uniqueName(what: string): string {
  sequence += 1;
  return `${what} ${Date.now().toString(36)}${sequence}`;
}

export function itBehavesLikeSellerGateways(fixture: () => SellerFixture): void {
  async function ownerWithShop(made: "long ago" | "just now" = "long ago") {
    const { gateways, newUser, newAccount } = fixture();
    const me = await (made === "just now" ? newAccount() : newUser());
    const shop = value(
      await gateways.shopAdmin.createShop(me.token, {
        name: uniqueName("Owino Stall"),
        categories: [fixture().category.categoryId],
        locationLatitude: 0.3136,
        locationLongitude: 32.5811,
      }),
    );
    return { me, shop };
  }

  function newProduct(shopId: number, extra: { sku?: string; images?: ImageUpload[] } = {}) {
    const { category } = fixture();
    return {
      shopId,
      name: "Solar lantern",
      description: "Charges in a day of sun, lights a room for a night",
      price: 35_000,
      inStock: 5,
      ...category,
      images: extra.images ?? [samplePng(0), samplePng(1)],
      ...(extra.sku !== undefined ? { sku: extra.sku } : {}),
    };
  }

  it("creates a shop its owner finds under their shops; a taken name is refused, case aside", async () => {
    const { gateways, newUser, category } = fixture();
    const [me, other] = [await newUser(), await newUser()];
    expect(value(await gateways.shopAdmin.listMyShops(me.token))).toEqual([]);
    const name = uniqueName("Kabalagala Kicks");
    const shop = value(
      await gateways.shopAdmin.createShop(me.token, {
        name,
        categories: [category.categoryId],
        locationLatitude: 0.2955,
        locationLongitude: 32.6046,
        phone: "0772123456",
        bio: "Sneakers",
      }),
    );
    expect(shop).toMatchObject({ name, owner: me.id, phone: "0772123456", bio: "Sneakers" });
    expect(shop.categories).toEqual([category.categoryId]);
    expect(value(await gateways.shopAdmin.listMyShops(me.token)).map((s) => s.id)).toEqual([shop.id]);
    expect(value(await gateways.shopAdmin.listMyShops(other.token))).toEqual([]);
    expect(value(await gateways.shops.getShop(shop.id)).name).toBe(name);
    const again = await gateways.shopAdmin.createShop(other.token, {
      name: name.toUpperCase(),
      categories: [category.categoryId],
      locationLatitude: 0.3,
      locationLongitude: 32.6,
    });
    expect(kindOf(again)).toBe("invalid");
    expect(kindOf(await gateways.shopAdmin.listMyShops("not-a-token"))).toBe("unauthorized");
  });

  it("lets only the owner edit a shop's details; what is not sent stays", async () => {
    const { gateways, newUser } = fixture();
    const { me, shop } = await ownerWithShop();
    const other = await newUser();
    const edited = value(
      await gateways.shopAdmin.updateShop(me.token, shop.id, {
        bio: "Fresh from Owino",
        email: "stall@example.ug",
        displayImage: samplePng(0),
      }),
    );
    expect(edited).toMatchObject({
      id: shop.id,
      name: shop.name,
      bio: "Fresh from Owino",
      email: "stall@example.ug",
    });
    expect(edited.displayImage).not.toBeNull();
    expect(
      value(await gateways.shopAdmin.updateShop(me.token, shop.id, { phone: "0700111222" })),
    ).toMatchObject({
      bio: "Fresh from Owino",
      phone: "0700111222",
    });
    expect(kindOf(await gateways.shopAdmin.updateShop(other.token, shop.id, { bio: "Mine" }))).toBe(
      "forbidden",
    );
    expect(kindOf(await gateways.shopAdmin.updateShop("not-a-token", shop.id, { bio: "Mine" }))).toBe(
      "unauthorized",
    );
    expect(kindOf(await gateways.shopAdmin.updateShop(me.token, UNKNOWN_ID, { bio: "x" }))).toBe("not-found");
    expect(value(await gateways.shops.getShop(shop.id)).bio).toBe("Fresh from Owino");
  });

  it("adds a product with its images and SKU, seen at once by id and in the shop's list", async () => {
    const { gateways } = fixture();
    const { me, shop } = await ownerWithShop();
    const product = value(
      await gateways.productAdmin.createProduct(me.token, newProduct(shop.id, { sku: "SL-1" })),
    );
    expect(product).toMatchObject({
      name: "Solar lantern",
      price: 35_000,
      inStock: 5,
      shopId: shop.id,
      sku: "SL-1",
      ...fixture().category,
    });
    expect(product.images).toHaveLength(2);
    expect(product.slug).toMatch(/solar-lantern/);
    expect(value(await gateways.products.getProduct(product.id))).toEqual(product);
    const listed = value(await gateways.products.listShopProducts(shop.id));
    expect(listed.products.map((p) => p.id)).toContain(product.id);
  });

  it("refuses a product for someone else's shop, a foreign sub category, a taken SKU, no token", async () => {
    const { gateways, newUser, otherSubCategoryId } = fixture();
    const { me, shop } = await ownerWithShop();
    const other = await newUser();
    const { productAdmin } = gateways;
    expect(kindOf(await productAdmin.createProduct(other.token, newProduct(shop.id)))).toBe("forbidden");
    expect(kindOf(await productAdmin.createProduct("not-a-token", newProduct(shop.id)))).toBe("unauthorized");
    expect(kindOf(await productAdmin.createProduct(me.token, newProduct(UNKNOWN_ID)))).toBe("not-found");
    expect(
      kindOf(
        await productAdmin.createProduct(me.token, {
          ...newProduct(shop.id),
          subCategoryId: otherSubCategoryId,
        }),
      ),
    ).toBe("invalid");
    value(await productAdmin.createProduct(me.token, newProduct(shop.id, { sku: "DUP" })));
    expect(kindOf(await productAdmin.createProduct(me.token, newProduct(shop.id, { sku: "DUP" })))).toBe(
      "invalid",
    );
    const nine = Array.from({ length: 9 }, (_, i) => samplePng(i));
    expect(kindOf(await productAdmin.createProduct(me.token, newProduct(shop.id, { images: nine })))).toBe(
      "invalid",
    );
    expect(value(await gateways.products.listShopProducts(shop.id)).numberOfProducts).toBe(1);
  });

  function listedProduct(
    imagePaths: readonly string[],
    extra: { sku?: string; subCategoryId?: number } = {},
  ) {
    const { shopId: _, images: __, ...fields } = newProduct(0, extra);
    return { ...fields, name: "Solar lantern, listed", ...extra, imagePaths };
  }

  it("adds many products at once naming pictures the shop shows, each answered in order", async () => {
    const { gateways, otherSubCategoryId } = fixture();
    const { me, shop } = await ownerWithShop();
    const stranger = await ownerWithShop();
    const { productAdmin } = gateways;
    const shown = value(await productAdmin.createProduct(me.token, newProduct(shop.id, { sku: "SHOWN" })));
    const theirs = value(await productAdmin.createProduct(stranger.me.token, newProduct(stranger.shop.id)));
    const [first, second] = shown.images as [string, string];
    const answers = value(
      await productAdmin.createProducts(me.token, shop.id, [
        listedProduct([second, first], { sku: "B-1" }),
        listedProduct([first], { sku: "SHOWN" }),
        listedProduct([first], { sku: "B-1" }),
        listedProduct([first], { subCategoryId: otherSubCategoryId }),
        listedProduct(["/media/products/no-such-picture.webp"]),
        listedProduct([theirs.images[0]!]),
        listedProduct([]),
        listedProduct([first]),
      ]),
    );
    expect(answers.map(kindOf)).toEqual([
      "ok",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "invalid",
      "ok",
    ]);
    const added = value(answers[0]!);
    expect(added).toMatchObject({
      name: "Solar lantern, listed",
      price: 35_000,
      inStock: 5,
      shopId: shop.id,
      sku: "B-1",
      images: [second, first],
      ...fixture().category,
    });
    expect(value(answers[7]!)).toMatchObject({ sku: null, images: [first] });
    expect(value(await gateways.products.getProduct(added.id))).toEqual(added);
    expect(value(await gateways.products.listShopProducts(shop.id)).numberOfProducts).toBe(3);
  });

  it("refuses a batch for someone else's shop, an unknown shop, no token or no products", async () => {
    const { gateways, newUser } = fixture();
    const { me, shop } = await ownerWithShop();
    const other = await newUser();
    const { productAdmin } = gateways;
    const shown = value(await productAdmin.createProduct(me.token, newProduct(shop.id)));
    const batch = [listedProduct(shown.images)];
    expect(kindOf(await productAdmin.createProducts(other.token, shop.id, batch))).toBe("forbidden");
    expect(kindOf(await productAdmin.createProducts("not-a-token", shop.id, batch))).toBe("unauthorized");
    expect(kindOf(await productAdmin.createProducts(me.token, UNKNOWN_ID, batch))).toBe("not-found");
    expect(kindOf(await productAdmin.createProducts(me.token, shop.id, []))).toBe("invalid");
    expect(value(await gateways.products.listShopProducts(shop.id)).numberOfProducts).toBe(1);
  });

  it("edits only what is sent, swaps images, and moves a product out of stock at 0", async () => {
    const { gateways } = fixture();
    const { me, shop } = await ownerWithShop();
    const { productAdmin } = gateways;
    const product = value(await productAdmin.createProduct(me.token, newProduct(shop.id)));
    const [first, second] = product.images;
    const cheaper = value(await productAdmin.updateProduct(me.token, product.id, { price: 30_000 }));
    expect(cheaper).toMatchObject({ price: 30_000, name: product.name, inStock: 5, images: product.images });
    const swapped = value(
      await productAdmin.updateProduct(me.token, product.id, {
        removedImages: [first!],
        addedImages: [samplePng(0, "new.png")],
      }),
    );
    expect(swapped.images).toHaveLength(2);
    expect(swapped.images[0]).toBe(second);
    expect(swapped.images).not.toContain(first);
    expect(
      kindOf(await productAdmin.updateProduct(me.token, product.id, { removedImages: swapped.images })),
    ).toBe("invalid");
    value(await productAdmin.updateProduct(me.token, product.id, { inStock: 0 }));
    const outOfStock = value(await gateways.products.listShopProducts(shop.id, { stock: "out" }));
    expect(outOfStock.products.map((p) => p.id)).toEqual([product.id]);
    expect(value(await gateways.products.listShopProducts(shop.id)).products).toEqual([]);
  });

  it("lets only the owner edit and delete a product; a deleted product is gone", async () => {
    const { gateways, newUser } = fixture();
    const { me, shop } = await ownerWithShop();
    const other = await newUser();
    const { productAdmin } = gateways;
    const product = value(await productAdmin.createProduct(me.token, newProduct(shop.id)));
    expect(kindOf(await productAdmin.updateProduct(other.token, product.id, { price: 1 }))).toBe("forbidden");
    expect(kindOf(await productAdmin.deleteProduct(other.token, product.id))).toBe("forbidden");
    expect(kindOf(await productAdmin.deleteProduct("not-a-token", product.id))).toBe("unauthorized");
    expect(value(await gateways.products.getProduct(product.id)).price).toBe(35_000);
    value(await productAdmin.deleteProduct(me.token, product.id));
    expect(kindOf(await gateways.products.getProduct(product.id))).toBe("not-found");
    expect(kindOf(await productAdmin.deleteProduct(me.token, product.id))).toBe("not-found");
  });

  it("keeps one value per filter of the product's sub category, and refuses any other", async () => {
    const { gateways, filter } = fixture();
    const { me, shop } = await ownerWithShop();
    const [papyrus, raffia] = filter.values;
    const carries = async (id: number) => value(await gateways.products.getProduct(id)).filters ?? [];
    const created = value(
      await gateways.productAdmin.createProduct(me.token, {
        ...newProduct(shop.id),
        filterValueIds: [papyrus.id],
      }),
    );
    expect(await carries(created.id)).toEqual([
      {
        filterId: filter.filterId,
        filterName: filter.filterName,
        valueId: papyrus.id,
        valueName: papyrus.name,
      },
    ]);
    value(await gateways.productAdmin.updateProduct(me.token, created.id, { filterValueIds: [raffia.id] }));
    expect((await carries(created.id)).map((f) => f.valueName)).toEqual([raffia.name]);
    value(await gateways.productAdmin.updateProduct(me.token, created.id, { price: 30_000 }));
    expect((await carries(created.id)).map((f) => f.valueName)).toEqual([raffia.name]);

    for (const filterValueIds of [[filter.foreignValueId], [papyrus.id, raffia.id]]) {
      const refused = await gateways.productAdmin.createProduct(me.token, {
        ...newProduct(shop.id),
        filterValueIds,
      });
      expect(refused.ok ? "ok" : [refused.error.kind, refused.error.code]).toEqual([
        "invalid",
        "invalid_filter_value",
      ]);
      const edit = await gateways.productAdmin.updateProduct(me.token, created.id, { filterValueIds });
      expect(edit.ok ? "ok" : edit.error.code).toBe("invalid_filter_value");
    }
    expect((await carries(created.id)).map((f) => f.valueName)).toEqual([raffia.name]);
    const listed = value(
      await gateways.productAdmin.createProducts(me.token, shop.id, [
        { ...listedProduct(created.images), filterValueIds: [papyrus.id] },
        { ...listedProduct(created.images), filterValueIds: [filter.foreignValueId] },
      ]),
    );
    expect(listed.map((item) => (item.ok ? "ok" : item.error.code))).toEqual(["ok", "invalid_filter_value"]);
    const [batched] = listed;
    if (!batched?.ok) throw new Error("expected the first item created");
    expect((await carries(batched.value.id)).map((f) => f.valueId)).toEqual([papyrus.id]);
  });

  it("lets a new account list ten products on its first day, then says to come back tomorrow", async () => {
    const { gateways } = fixture();
    const { me, shop } = await ownerWithShop("just now");
    const first = value(await gateways.productAdmin.createProduct(me.token, newProduct(shop.id)));
    const more = value(
      await gateways.productAdmin.createProducts(
        me.token,
        shop.id,
        Array.from({ length: 10 }, () => listedProduct(first.images)),
      ),
    );
    // The batch's items count in order: the first nine fill the day's ten, the tenth is refused.
    expect(more.map((item) => (item.ok ? "ok" : item.error.code))).toEqual([
      ...Array.from({ length: 9 }, () => "ok"),
      "new_account_limit",
    ]);
    const eleventh = await gateways.productAdmin.createProduct(me.token, newProduct(shop.id));
    expect(eleventh.ok ? "ok" : [eleventh.error.kind, eleventh.error.code]).toEqual([
      "too-many-attempts",
      "new_account_limit",
    ]);
    if (!eleventh.ok) expect(eleventh.error.message).toMatch(/at most 10 products a day/);
    expect(value(await gateways.products.listShopProducts(shop.id)).numberOfProducts).toBe(10);
  });

  it("takes one verification request per shop, from its owner only", async () => {
    const { gateways, newUser } = fixture();
    const { me, shop } = await ownerWithShop();
    const other = await newUser();
    const request = {
      contact: "stall@example.ug",
      shopImage: samplePng(1, "shop.png"),
      locationLatitude: 0.3136,
      locationLongitude: 32.5811,
      shop: shop.id,
    };
    const { shopVerification } = gateways;
    expect(kindOf(await shopVerification.requestShopVerification(other.token, request))).toBe("forbidden");
    expect(kindOf(await shopVerification.requestShopVerification(me.token, request))).toBe("ok");
    expect(kindOf(await shopVerification.requestShopVerification(me.token, request))).toBe("taken");
  });
}
