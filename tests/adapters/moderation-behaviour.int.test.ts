import { createModerationHttpGateways } from "@katale/adapters-http";
import { itBehavesLikeModerationGateways, type ModerationFixture } from "@katale/adapters-http/testing";
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

// The reporting and moderation gateway over HTTP on the real server passes the same behaviour suite
// as the domain's in-memory fake (packages/adapters-http/src/testing/moderation-behaviour.test.ts).

describe.each(databaseKinds())("the moderation gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: ModerationFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const options = { authUrl: server.authUrl, shopUrl: server.shopUrl, fetch: undiciFetch };
    fixture = {
      gateways: createModerationHttpGateways(options),
      newUser: async (options) => {
        const user = await aSignedInUser(server, options?.admin ? { role: "admin" } : {});
        return { token: user.key, id: user.id, name: user.name };
      },
      newProduct: async (owner) => {
        const shop = await aShop(server.db, { owner_id: owner.id });
        return (await aProduct(server.db, { shop_id: shop.id })).id;
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeModerationGateways(() => fixture);
});
