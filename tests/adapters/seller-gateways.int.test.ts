import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import { itBehavesLikeSellerGateways, type SellerFixture } from "@katale/adapters-http/testing";
import {
  aCategory,
  aSignedInUser,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The seller gateways over HTTP on the real server pass the same behaviour suite as the domain's
// in-memory fake (packages/adapters-http/src/testing/seller-behaviour.test.ts).

describe.each(databaseKinds())("the seller gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: SellerFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    const gateways: HttpGateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const category = await aCategory(server.db, { name: "Electronics" });
    const sub = await aSubCategory(server.db, { category_id: category.id, name: "Lighting" });
    const other = await aSubCategory(server.db, { name: "Plumbing" });
    const aFilter = async (subCategoryId: number, name: string, values: string[]) => {
      const filter = await server.db
        .insertInto("filters")
        .values({ sub_category_id: subCategoryId, name })
        .returning("id")
        .executeTakeFirstOrThrow();
      const rows = await server.db
        .insertInto("filter_values")
        .values(values.map((value) => ({ filter_id: filter.id, name: value })))
        .returning(["id", "name"])
        .execute();
      return { filterId: filter.id, filterName: name, values: rows };
    };
    const material = await aFilter(sub.id, "Material", ["Papyrus", "Raffia"]);
    const size = await aFilter(other.id, "Size", ["Large"]);
    fixture = {
      gateways,
      newUser: async () => {
        const user = await aSignedInUser(server);
        return { token: user.key, id: user.id };
      },
      newAccount: async () => {
        const user = await aSignedInUser(server, { created_at: new Date(Date.now() - 3_600_000) });
        return { token: user.key, id: user.id };
      },
      category: { categoryId: category.id, subCategoryId: sub.id },
      otherSubCategoryId: other.id,
      filter: {
        filterId: material.filterId,
        filterName: material.filterName,
        values: [material.values[0]!, material.values[1]!],
        foreignValueId: size.values[0]!.id,
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeSellerGateways(() => fixture);
});
