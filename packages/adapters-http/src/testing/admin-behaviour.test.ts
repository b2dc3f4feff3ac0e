import { InMemoryAdminGateway, InMemoryCategoryGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { type AdminFixture, itBehavesLikeAdminGateways } from "./admin-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateways on the real server.

describe("the in-memory admin gateway", () => {
  let fixture: AdminFixture;

  beforeEach(() => {
    const catalogue = new InMemoryCategoryGateway();
    const admin = new InMemoryAdminGateway([], catalogue);
    let n = 0;
    fixture = {
      gateways: {
        catalogueAdmin: admin,
        verificationReview: admin,
        adminRole: admin,
        categories: catalogue,
      },
      newUser: async (options) => {
        n += 1;
        const user = {
          id: 900 + n,
          token: `token-${n}`,
          name: `Tester ${n}`,
          email: `tester${n}@example.ug`,
          isAdmin: options?.admin ?? false,
        };
        admin.users.push(user);
        return user;
      },
      addProduct: async (categoryId, subCategoryId) => {
        for (const key of [`c${categoryId}`, `s${subCategoryId}`])
          admin.productsIn.set(key, (admin.productsIn.get(key) ?? 0) + 1);
      },
      newShopRequest: async (owner, shopName) => {
        const id = 400 + admin.requests.length;
        admin.requests.push({
          id,
          kind: "shop",
          status: "PENDING",
          reason: null,
          submittedAt: new Date(0).toISOString(),
          decidedAt: null,
          user: { id: owner.id, name: owner.name, email: owner.email, phone: "0772000000" },
          shop: { id: 600 + id, name: shopName },
          email: owner.email,
          phone: null,
          nin: null,
          locationLatitude: null,
          locationLongitude: null,
          documents: [],
        });
        return id;
      },
    };
  });

  itBehavesLikeAdminGateways(() => fixture);
});
