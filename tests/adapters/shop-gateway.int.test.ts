import { createHttpGateways } from "@katale/adapters-http";
import { itBehavesLikeAShopGateway, type ShopsFixture } from "@katale/adapters-http/testing";
import type { Result } from "@katale/domain";
import { aShop, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The HTTP ShopGateway on the real server passes the same behaviour suite as the domain's in-memory
// fake (packages/adapters-http/src/testing/shops-behaviour.test.ts).

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("the shop gateway over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: ShopsFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    const { shops } = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    fixture = {
      shops,
      newShop: async (name) => value(await shops.getShop((await aShop(server.db, { name })).id)),
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeAShopGateway(() => fixture);
});
