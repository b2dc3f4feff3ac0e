import { editProduct, type WordedError } from "@katale/domain";
import { aShop, aSubCategory, InMemorySellerGateway, InMemoryStorage } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import { sellingFailureOf } from "./selling-run.js";

// What the terminal says when a shop owner's step fails: someone else's product and an ended session
// are told apart by the failure's kind, never by the service's words.

const SHOP_URL = "http://127.0.0.1:9/api/shop/";
const SESSION_ENDED = "Your session has ended, please log in again: run 'katale login'.";
const owner = { id: 7, token: "t-owner", name: "Amina" };
const stranger = { id: 8, token: "t-other", name: "Okello" };

/** The owner adds a product; then the holder of `token` tries to change its price. */
async function editAs(token: string): Promise<WordedError> {
  const seller = new InMemorySellerGateway(
    [owner, stranger],
    [aSubCategory({ id: 11, categoryId: 1, name: "Phones" })],
    [aShop({ id: 31, name: "Gulu Boda Spares", owner: owner.id })],
  );
  const form = {
    name: "Tecno Spark 20",
    categoryId: 1,
    subCategoryId: 11,
    description: "A phone",
    inStock: 4,
  };
  const image = { fileName: "front.jpg", contentType: "image/jpeg", bytes: new Uint8Array([255, 216]) };
  const added = await seller.createProduct(owner.token, {
    ...form,
    shopId: 31,
    price: 450_000,
    images: [image],
  });
  if (!added.ok) throw new Error("the fake refused the product");
  const storage = new InMemoryStorage();
  storage.set("token", token);
  const change = { ...form, price: 430_000, keptImages: added.value.images, addedImages: [] };
  const edited = await editProduct({ productAdmin: seller, storage }, added.value, change);
  if (edited.ok) throw new Error("the edit went through");
  return edited.error;
}

describe("a failed seller step in the terminal", () => {
  it("someone else's product says 'You are not the owner of this shop'", async () => {
    expect(sellingFailureOf(await editAs(stranger.token), SHOP_URL).message).toBe(
      "You are not the owner of this shop",
    );
  });

  it("an ended session says to log in again", async () => {
    expect(sellingFailureOf(await editAs("t-expired"), SHOP_URL).message).toBe(SESSION_ENDED);
  });

  it("goes by the failure's kind, whatever words it carries", () => {
    const words = "You are not the owner of this shop";
    expect(sellingFailureOf({ kind: "unauthorized", message: words }, SHOP_URL).message).toBe(SESSION_ENDED);
    expect(sellingFailureOf({ kind: "forbidden", message: words }, SHOP_URL).message).toBe(words);
  });
});
