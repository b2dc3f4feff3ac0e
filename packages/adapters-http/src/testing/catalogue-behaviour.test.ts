import type { Product } from "@katale/domain";
import {
  aCategory,
  aProduct,
  aSubCategory,
  InMemoryCategoryGateway,
  InMemoryProductGateway,
} from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { type CatalogueFixture, itBehavesLikeCatalogueGateways } from "./catalogue-behaviour.js";

// The domain's in-memory fakes pass the same suite as the HTTP gateways on the real server.

describe("the in-memory catalogue gateways", () => {
  let fixture: CatalogueFixture;

  beforeEach(() => {
    const categories = new InMemoryCategoryGateway();
    const products = new InMemoryProductGateway([], categories);
    let filterId = 1;
    let valueId = 1;
    fixture = {
      gateways: { categories, products },
      newCategory: async (name) => {
        const category = aCategory({ name });
        const [subCategory, emptySubCategory] = [1, 2].map((n) =>
          aSubCategory({ categoryId: category.id, categoryName: name, name: `${name} ${n}` }),
        ) as [(typeof categories.subCategories)[number], (typeof categories.subCategories)[number]];
        const brand = filterId++;
        const filters = [
          {
            id: brand,
            name: "Brand",
            subCategoryId: subCategory.id,
            values: ["Samsung", "Tecno"].map((v) => ({ id: valueId++, filterId: brand, name: v })),
          },
          { id: filterId++, name: "Storage", subCategoryId: subCategory.id, values: [] },
        ];
        categories.categories.push(category);
        categories.subCategories.push(subCategory, emptySubCategory);
        categories.filters.push(...filters);
        return { category, subCategory, emptySubCategory, filters };
      },
      newProduct: async (subCategory, { name, inStock }) => {
        const category = categories.categories.find((c) => c.id === subCategory.categoryId)!;
        const product: Product = aProduct({
          name,
          slug: name.toLowerCase().replaceAll(" ", "-"),
          inStock,
          categoryId: category.id,
          categoryName: category.name,
          subCategoryId: subCategory.id,
          subCategoryName: subCategory.name,
        });
        // The fake holds its products in the service's order: the newest first.
        products.products.unshift(product);
        return product;
      },
    };
  });

  itBehavesLikeCatalogueGateways(() => fixture);
});
