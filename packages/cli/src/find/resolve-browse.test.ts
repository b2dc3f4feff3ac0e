import { aCategory, aSubCategory, InMemoryCategoryGateway } from "@katale/domain/testing";
import { describe, expect, it } from "vitest";
import type { BrowseOptions } from "./browse-options.js";
import { resolveBrowse } from "./resolve-browse.js";

const categories = new InMemoryCategoryGateway(
  [aCategory({ id: 1, name: "Fashion" }), aCategory({ id: 2, name: "Kids" })],
  [
    aSubCategory({ id: 11, categoryId: 1, name: "Shoes", categoryName: "Fashion" }),
    aSubCategory({ id: 21, categoryId: 2, name: "Shoes", categoryName: "Kids" }),
    aSubCategory({ id: 22, categoryId: 2, name: "Clothes", categoryName: "Kids" }),
  ],
  [
    {
      id: 5,
      name: "Size",
      subCategoryId: 21,
      values: [
        { id: 42, filterId: 5, name: "30" },
        { id: 43, filterId: 5, name: "42" },
      ],
    },
    { id: 6, name: "Colour", subCategoryId: 21, values: [{ id: 50, filterId: 6, name: "Red" }] },
    { id: 7, name: "Size", subCategoryId: 22, values: [{ id: 60, filterId: 7, name: "S" }] },
  ],
);

const options = (more: Partial<BrowseOptions>): BrowseOptions => ({
  filter: [],
  district: [],
  page: 1,
  ...more,
});

describe("resolving the browse options' names", () => {
  it("looks for a sub category's name within the category given, and a value's digits as its name first", async () => {
    const resolved = await resolveBrowse(
      categories,
      options({
        category: { name: "kids" },
        subcategory: { name: "SHOES" },
        filter: [
          { filter: { name: "size" }, value: { id: 42 } },
          { filter: { id: 6 }, value: { name: "red" } },
          { valueId: 77 },
        ],
        price: { max: 20_000 },
        sort: "price_asc",
        page: 2,
      }),
    );
    expect(resolved.ok && resolved.value.ask).toEqual({
      categoryId: 2,
      subCategoryId: 21,
      valueIds: [43, 50, 77],
      priceMax: 20_000,
      sort: "price_asc",
      page: 2,
    });
    expect(resolved.ok && resolved.value.labels.values).toEqual([
      { filter: "Size", value: "42" },
      { filter: "Colour", value: "Red" },
      { value: "#77" },
    ]);
  });

  it("finds a filter among the category's sub categories when no sub category is given", async () => {
    const colour = await resolveBrowse(
      categories,
      options({
        category: { name: "Kids" },
        filter: [{ filter: { name: "Colour" }, value: { name: "Red" } }],
      }),
    );
    expect(colour.ok && colour.value.ask).toEqual({ categoryId: 2, valueIds: [50] });
    const size = await resolveBrowse(
      categories,
      options({ category: { name: "Kids" }, filter: [{ filter: { name: "Size" }, value: { name: "S" } }] }),
    );
    expect(!size.ok && size.error).toEqual({
      kind: "invalid",
      message: "Several sub categories of Kids have a filter 'Size': give --subcategory.",
    });
    const none = await resolveBrowse(
      categories,
      options({
        category: { name: "Kids" },
        filter: [{ filter: { name: "Brand" }, value: { name: "Bata" } }],
      }),
    );
    expect(!none.ok && none.error.message).toBe("Kids has no filter 'Brand'; its filters: Size, Colour.");
  });

  it("says what there is when a name is unknown", async () => {
    const noFilter = await resolveBrowse(
      categories,
      options({ subcategory: { id: 21 }, filter: [{ filter: { name: "Brand" }, value: { name: "Bata" } }] }),
    );
    expect(noFilter).toEqual({
      ok: false,
      error: { kind: "not-found", message: "Shoes has no filter 'Brand'; its filters: Size, Colour." },
    });
    const noValue = await resolveBrowse(
      categories,
      options({ subcategory: { id: 21 }, filter: [{ filter: { name: "Colour" }, value: { name: "Blue" } }] }),
    );
    expect(!noValue.ok && noValue.error.message).toBe("Colour has no value 'Blue'; its values: Red.");
    const elsewhere = await resolveBrowse(
      categories,
      options({ category: { id: 1 }, subcategory: { id: 21 } }),
    );
    expect(!elsewhere.ok && elsewhere.error.message).toBe("The sub category Shoes is not in Fashion.");
  });
});
