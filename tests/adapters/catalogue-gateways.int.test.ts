import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import { type CatalogueFixture, itBehavesLikeCatalogueGateways } from "@katale/adapters-http/testing";
import type { Result } from "@katale/domain";
import {
  aCategory,
  aProduct,
  aShop,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe } from "vitest";

// The catalogue gateways over HTTP on the real server pass the same behaviour suite as the domain's
// in-memory fakes (packages/adapters-http/src/testing/catalogue-behaviour.test.ts).

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("the catalogue gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let fixture: CatalogueFixture;

  beforeAll(async () => {
    server = await startTestServer({ database: kind });
    const gateways: HttpGateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
    const shop = await aShop(server.db);
    fixture = {
      gateways,
      newCategory: async (name) => {
        const { db } = server;
        const category = await aCategory(db, { name, image_url: `/media/categories/${name}.webp` });
        const sub = await aSubCategory(db, { category_id: category.id, name: `${name} 1` });
        const empty = await aSubCategory(db, { category_id: category.id, name: `${name} 2` });
        const brand = await db
          .insertInto("filters")
          .values({ sub_category_id: sub.id, name: "Brand" })
          .returningAll()
          .executeTakeFirstOrThrow();
        const storage = await db
          .insertInto("filters")
          .values({ sub_category_id: sub.id, name: "Storage" })
          .returningAll()
          .executeTakeFirstOrThrow();
        const values = await db
          .insertInto("filter_values")
          .values([
            { filter_id: brand.id, name: "Samsung" },
            { filter_id: brand.id, name: "Tecno" },
          ])
          .returningAll()
          .execute();
        const inListingForm = (s: typeof sub) => ({
          id: s.id,
          name: s.name,
          imageUrl: s.image_url,
          categoryId: category.id,
          categoryName: category.name,
        });
        return {
          category: { id: category.id, name: category.name, imageUrl: category.image_url },
          subCategory: inListingForm(sub),
          emptySubCategory: inListingForm(empty),
          filters: [
            {
              id: brand.id,
              name: "Brand",
              subCategoryId: sub.id,
              values: values.map((v) => ({ id: v.id, filterId: brand.id, name: v.name })),
            },
            { id: storage.id, name: "Storage", subCategoryId: sub.id, values: [] },
          ],
        };
      },
      newProduct: async (subCategory, { name, inStock }) => {
        const made = await aProduct(server.db, {
          shop_id: shop.id,
          sub_category_id: subCategory.id,
          name,
          in_stock: inStock,
        });
        return value(await gateways.products.getProduct(made.id));
      },
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  itBehavesLikeCatalogueGateways(() => fixture);
});
