import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  aUser,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
  InMemoryChat,
  InMemoryEngagementGateway,
  InMemoryNotifications,
  InMemoryProductGateway,
  InMemoryShopGateway,
  InMemoryStorage,
  someProducts,
} from "@katale/domain/testing";
import { systemClock } from "../chat/system-clock.js";
import type { CliServices } from "../cli-services.js";

// The TUI's component tests run on the domain's in-memory ports: the same services the commands get.

export const URLS = { shopUrl: "http://shop.test/api/shop/", authUrl: "http://auth.test/api/auth/" };

export function fakeWorld() {
  const shop = aShop({ id: 13, name: "Mukono Sports Arena", verificationStatus: "VERIFIED", owner: 99 });
  const pump = aProduct({
    id: 1,
    name: "Bicycle pump",
    slug: "bicycle-pump-3eel",
    price: 15_000,
    inStock: 7,
    shopId: 13,
    shopName: shop.name,
    shopVerificationStatus: "VERIFIED",
    subCategoryId: 21,
    categoryId: 5,
    description: "Pumps fast, sturdy steel.",
  });
  const products = [
    pump,
    ...someProducts(30, { shopId: 13, shopName: shop.name, subCategoryId: 21, categoryId: 5 }),
  ];
  const auth = new InMemoryAuthGateway();
  auth.addAccount(aUser({ id: 7, email: "amina@example.ug", name: "Amina Nakato" }), "kampala-2024");
  const storage = new InMemoryStorage();
  // The first login of the fake auth service answers the token 'token-1'.
  const engagement = new InMemoryEngagementGateway(
    products,
    [shop],
    [{ id: 7, token: "token-1", name: "Amina Nakato" }],
  );
  const categories = new InMemoryCategoryGateway(
    [aCategory({ id: 5, name: "Sports" })],
    [aSubCategory({ id: 21, name: "Bicycles", categoryId: 5, categoryName: "Sports" })],
  );
  const productGateway = new InMemoryProductGateway(products);
  const chat = new InMemoryChat(
    [
      {
        slug: "room-amina-mukono",
        customer: { id: 7, name: "Amina Nakato", profilePicture: null },
        shop: { id: 13, name: shop.name, displayImage: null, owner: 99 },
        messages: [{ message: "Is the pump in stock?", senderId: 7, createdAt: "2026-11-24T09:00:00Z" }],
        unreadCount: 0,
      },
    ],
    [],
    7,
  );
  const shops = new InMemoryShopGateway([shop]);
  const inbox = new InMemoryNotifications();
  inbox.addUser("token-1");
  const services: CliServices = {
    urls: URLS,
    categories,
    products: productGateway,
    shops,
    account: {
      auth,
      storage,
      sessionFile: "/tmp/katale-test/session.json",
      prompter: { ask: async () => "", askSecret: async () => "", readStdinLine: async () => null } as never,
    },
    engagement: {
      storage,
      savedProducts: engagement,
      follows: engagement,
      ratings: engagement,
      reviews: engagement,
      browseHistory: engagement,
    },
    chat: { storage, chat, sockets: chat, clock: systemClock, input: process.stdin, output: process.stdout },
    notifications: { storage, notifications: inbox },
  };
  return {
    services,
    chat,
    inbox,
    storage,
    auth,
    engagement,
    products: productGateway,
    categories,
    shops,
    pump,
    shop,
  };
}
