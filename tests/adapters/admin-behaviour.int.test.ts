import { createAdminHttpGateways, createHttpGateways } from "@katale/adapters-http";
import { type AdminFixture, itBehavesLikeAdminGateways } from "@katale/adapters-http/testing";
import {
  aProduct,
  aShop,
  aSignedInUser,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The admins' gateways over HTTP on the real server pass the same behaviour suite as the domain's
// in-memory fake (packages/adapters-http/src/testing/admin-behaviour.test.ts).

describe.each(databaseKinds())("the admin gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: AdminFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    const options = { authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch };
    fixture = {
      gateways: { ...createAdminHttpGateways(options), categories: createHttpGateways(options).categories },
      newUser: async (options) => {
        const user = await aSignedInUser(server, options?.admin ? { role: "admin" } : {});
        return { token: user.key, id: user.id, email: user.email, name: user.name };
      },
      addProduct: async (categoryId, subCategoryId) => {
        await aProduct(server.db, { category_id: categoryId, sub_category_id: subCategoryId });
      },
      newShopRequest: async (owner, shopName) => {
        const shop = await aShop(server.db, { owner_id: owner.id, name: shopName });
        const request = await server.db
          .insertInto("shop_verification_requests")
          .values({ shop_id: shop.id, requested_by: owner.id, contact: owner.email, reason: null })
          .returning("id")
          .executeTakeFirstOrThrow();
        return request.id;
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeAdminGateways(() => fixture);
});
