import type { Product, Shop } from "@katale/domain";
import {
  aCategory,
  aShop,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
  InMemorySellerGateway,
  InMemoryShopGateway,
} from "@katale/domain/testing";
import type { Services } from "../app/services.js";
import { sellerServices, signIn } from "../testing/test-services.js";

// What the shop owner's component tests share: Amina owns Gulu Boda Spares, Okello owns another
// shop; one seller fake behind the shop owner's ports and the public reads of shops and products.

export const amina = { id: 7, token: "t-amina", name: "amina@example.ug" };
export const okello = { id: 8, token: "t-okello", name: "okello@example.ug" };

export const categories = [
  aCategory({ id: 1, name: "Electronics" }),
  aCategory({ id: 2, name: "Fashion" }),
  aCategory({ id: 3, name: "Food" }),
  aCategory({ id: 4, name: "Home" }),
  aCategory({ id: 5, name: "Services" }),
];

export interface ShopSetup {
  readonly services: Services;
  readonly seller: InMemorySellerGateway;
  readonly shop: Shop;
  readonly theirs: Shop;
  readonly reads: { shops: InMemoryShopGateway; products: InMemoryProductGateway };
  readonly catalogue: InMemoryCategoryGateway;
}

/** Services signed in as `who` (Amina by default; null: nobody), over one seller fake. */
export function shopSetup({
  who = amina,
  products = [],
  shops,
}: {
  who?: typeof amina | null;
  products?: Product[];
  shops?: Shop[];
} = {}): ShopSetup {
  const shop = aShop({ id: 31, name: "Gulu Boda Spares", owner: amina.id, bio: "Spares for every boda" });
  const theirs = aShop({ id: 32, name: "Mukono Sports Arena", owner: okello.id });
  const seller = new InMemorySellerGateway(
    [amina, okello],
    [aSubCategory({ id: 11, categoryId: 1, name: "Phones" }), aSubCategory({ id: 51, categoryId: 5 })],
    shops ?? [shop, theirs],
    products,
  );
  // The public reads see the seller fake's shops and products as they change.
  const shopReads = new InMemoryShopGateway([]);
  Object.defineProperty(shopReads, "shops", { get: () => seller.shops });
  const productReads = new InMemoryProductGateway([]);
  Object.defineProperty(productReads, "products", { get: () => seller.products });
  const catalogue = new InMemoryCategoryGateway(categories, []);
  const services = sellerServices(seller, {
    shops: shopReads,
    products: productReads,
    categories: catalogue,
  });
  if (who) {
    signIn(services, who);
    services.local.set("activeUser", {
      email: who.name,
      phone: "0772000000",
      name: who === amina ? "Amina" : "Okello",
      dateOfBirth: null,
      country: null,
      gender: null,
      picture: null,
      status: "UNVERIFIED",
    });
  }
  return { services, seller, shop, theirs, reads: { shops: shopReads, products: productReads }, catalogue };
}

/** A small PNG file, as a file input gives it. */
export function aPng(name = "shop.png"): File {
  const bytes = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: "image/png" });
}
