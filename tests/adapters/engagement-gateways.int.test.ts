import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import {
  ENGAGEMENT_PARTS,
  type EngagementFixture,
  type EngagementPart,
  itBehavesLikeEngagementGateways,
} from "@katale/adapters-http/testing";
import type { Product, Result } from "@katale/domain";
import { aSignedInUser, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The engagement gateways over HTTP on the real server pass the same behaviour suite as the
// domain's in-memory fake (packages/adapters-http/src/testing/engagement-behaviour.test.ts).

/** The calls the server serves (issue 8); a part left out here is skipped, not passed. */
const SERVED: readonly EngagementPart[] = ENGAGEMENT_PARTS;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("the engagement gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: EngagementFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "demo" });
    const gateways: HttpGateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const listed = value(await gateways.products.listProducts());
    const byShop = new Map<number, Product[]>();
    for (const p of listed) byShop.set(p.shopId, [...(byShop.get(p.shopId) ?? []), p]);
    const [shopId, own] = [...byShop].find(([, products]) => products.length >= 2)!;
    const elsewhere = listed.find((p) => p.shopId !== shopId)!;
    fixture = {
      gateways,
      newUser: async (options) => {
        const user = await aSignedInUser(server, options?.admin ? { role: "admin" } : {});
        return { token: user.key, id: user.id };
      },
      products: [own[0]!, own[1]!, elsewhere],
      shop: value(await gateways.shops.getShop(shopId)),
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeEngagementGateways(() => fixture, SERVED);
});
