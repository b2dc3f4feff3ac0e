import type {
  Category,
  CategoryGateway,
  Filter,
  Product,
  ProductGateway,
  Result,
  SubCategory,
} from "@katale/domain";
import { expect, it } from "vitest";

// What the catalogue gateways must do (spec §7 category/… and product/…), run against the domain's
// in-memory fakes (catalogue-behaviour.test.ts) and against the HTTP gateways on the real server
// (tests/adapters/catalogue-gateways.int.test.ts), so the fakes cannot drift from the server.

export interface CatalogueGateways {
  readonly categories: CategoryGateway;
  readonly products: ProductGateway;
}

/** A category made for one test: one sub category with two filters ("Brand" with two values, "Storage" with none), and one empty sub category. */
export interface NewCategory {
  readonly category: Category;
  readonly subCategory: SubCategory;
  readonly emptySubCategory: SubCategory;
  /** The filters of `subCategory`, in the order they were made. */
  readonly filters: readonly Filter[];
}

export interface CatalogueFixture {
  readonly gateways: CatalogueGateways;
  /** A new category named `name` (unique within the run), as described on `NewCategory`. */
  readonly newCategory: (name: string) => Promise<NewCategory>;
  /** A new product of `subCategory`, as the service answers it by id. */
  readonly newProduct: (
    subCategory: SubCategory,
    options: { readonly name: string; readonly inStock: number },
  ) => Promise<Product>;
}

const UNKNOWN_ID = 2_000_000_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The one place this suite reads an error's kind (the failure types are being renamed). */
function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

const ids = (products: readonly Product[]) => products.map((p) => p.id);

let run = 0;
/** A word no other product of the run has, so listings and searches can be asserted exactly. */
const uniqueWord = (stem: string) => `${stem}${String.fromCharCode(97 + (run % 26))}${++run}q`;

export function itBehavesLikeCatalogueGateways(fixture: () => CatalogueFixture): void {
  it("lists categories with their images and each category's sub categories", async () => {
    const { gateways, newCategory } = fixture();
    const made = await newCategory(uniqueWord("Furnishings"));
    const categories = value(await gateways.categories.listCategories());
    expect(categories).toContainEqual(made.category);
    const of = value(await gateways.categories.listSubCategoriesOf(made.category.id));
    expect(of).toEqual([made.subCategory, made.emptySubCategory]);
    expect(of.every((s) => s.categoryId === made.category.id && s.categoryName === made.category.name)).toBe(
      true,
    );
    const all = value(await gateways.categories.listSubCategories());
    expect(all).toEqual(expect.arrayContaining([made.subCategory, made.emptySubCategory]));
    expect(kindOf(await gateways.categories.listSubCategoriesOf(UNKNOWN_ID))).toBe("not-found");
  });

  it("lists a sub category's filters with their values; none for a sub category without", async () => {
    const { gateways, newCategory } = fixture();
    const made = await newCategory(uniqueWord("Phones"));
    const filters = value(await gateways.categories.listFilters(made.subCategory.id));
    expect(filters).toEqual(made.filters);
    expect(filters.map((f) => [f.name, f.values.map((v) => v.name)])).toEqual([
      ["Brand", ["Samsung", "Tecno"]],
      ["Storage", []],
    ]);
    expect(filters[0]!.values.every((v) => v.filterId === filters[0]!.id)).toBe(true);
    expect(value(await gateways.categories.listFilters(made.emptySubCategory.id))).toEqual([]);
    expect(kindOf(await gateways.categories.listFilters(UNKNOWN_ID))).toBe("not-found");
  });

  it("pages a category's products in stock, newest first; past the end 'invalid-page'", async () => {
    const { gateways, newCategory, newProduct } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Lighting"));
    const [a, b, c] = [
      await newProduct(made.subCategory, { name: uniqueWord("Lamp"), inStock: 4 }),
      await newProduct(made.subCategory, { name: uniqueWord("Lamp"), inStock: 1 }),
      await newProduct(made.subCategory, { name: uniqueWord("Lamp"), inStock: 2 }),
    ];
    await newProduct(made.subCategory, { name: uniqueWord("Lamp"), inStock: 0 });
    const first = value(await products.listCategoryProductsPage(made.category.id, 1, 2));
    expect(first).toEqual({ items: [c, b], count: 3, page: 1, hasNext: true, hasPrevious: false });
    const second = value(await products.listCategoryProductsPage(made.category.id, 2, 2));
    expect(second).toEqual({ items: [a], count: 3, page: 2, hasNext: false, hasPrevious: true });
    expect(kindOf(await products.listCategoryProductsPage(made.category.id, 3, 2))).toBe("invalid-page");
    expect(kindOf(await products.listCategoryProductsPage(UNKNOWN_ID, 1, 2))).toBe("not-found");
  });

  it("an empty category or sub category is one empty page; page 2 is 'invalid-page'", async () => {
    const { gateways, newCategory } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Bare"));
    const empty = { items: [], count: 0, page: 1, hasNext: false, hasPrevious: false };
    expect(value(await products.listCategoryProductsPage(made.category.id, 1, 8))).toEqual(empty);
    expect(kindOf(await products.listCategoryProductsPage(made.category.id, 2, 8))).toBe("invalid-page");
    expect(value(await products.listSubCategoryProductsPage(made.emptySubCategory.id, 1, 8))).toEqual(empty);
    expect(kindOf(await products.listSubCategoryProductsPage(made.emptySubCategory.id, 2, 8))).toBe(
      "invalid-page",
    );
  });

  it("pages a sub category's products in stock, newest first; an unknown one is 'not-found'", async () => {
    const { gateways, newCategory, newProduct } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Kitchen"));
    const a = await newProduct(made.subCategory, { name: uniqueWord("Sufuria"), inStock: 3 });
    await newProduct(made.subCategory, { name: uniqueWord("Sufuria"), inStock: 0 });
    const b = await newProduct(made.subCategory, { name: uniqueWord("Sufuria"), inStock: 3 });
    const page = value(await products.listSubCategoryProductsPage(made.subCategory.id, 1, 8));
    expect(page).toEqual({ items: [b, a], count: 2, page: 1, hasNext: false, hasPrevious: false });
    expect(page.items.every((p) => p.categoryId === made.category.id)).toBe(true);
    expect(kindOf(await products.listSubCategoryProductsPage(made.subCategory.id, 2, 8))).toBe(
      "invalid-page",
    );
    expect(kindOf(await products.listSubCategoryProductsPage(UNKNOWN_ID, 1, 8))).toBe("not-found");
  });

  it("pages all products in stock, the newest first; past the end 'invalid-page'", async () => {
    const { gateways, newCategory, newProduct } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Garden"));
    const before = value(await products.listProductsPage(1, 2)).count;
    const a = await newProduct(made.subCategory, { name: uniqueWord("Hoe"), inStock: 5 });
    await newProduct(made.subCategory, { name: uniqueWord("Hoe"), inStock: 0 });
    const b = await newProduct(made.subCategory, { name: uniqueWord("Hoe"), inStock: 5 });
    const first = value(await products.listProductsPage(1, 2));
    expect(first).toEqual({
      items: [b, a],
      count: before + 2,
      page: 1,
      hasNext: before > 0,
      hasPrevious: false,
    });
    const last = Math.ceil(first.count / 2);
    const final = value(await products.listProductsPage(last, 2));
    expect(final).toMatchObject({ page: last, hasNext: false, hasPrevious: last > 1 });
    expect(kindOf(await products.listProductsPage(last + 1, 2))).toBe("invalid-page");
    const everything = value(await products.listProducts());
    expect(ids(everything).slice(0, 2)).toEqual([b.id, a.id]);
    expect(everything.every((p) => p.inStock > 0)).toBe(true);
  });

  it("finds a product by id and by slug, also out of stock; an unknown one is 'not-found'", async () => {
    const { gateways, newCategory, newProduct } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Bicycles"));
    const product = await newProduct(made.subCategory, { name: uniqueWord("Roadster"), inStock: 2 });
    const sold = await newProduct(made.subCategory, { name: uniqueWord("Roadster"), inStock: 0 });
    expect(product).toMatchObject({
      categoryId: made.category.id,
      categoryName: made.category.name,
      subCategoryId: made.subCategory.id,
      subCategoryName: made.subCategory.name,
      inStock: 2,
    });
    expect(value(await products.getProductBySlug(product.slug))).toEqual(product);
    expect(value(await products.getProductBySlug(sold.slug))).toEqual(sold);
    expect(value(await products.getProduct(sold.id))).toEqual(sold);
    expect(kindOf(await products.getProduct(UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await products.getProductBySlug("no-such-product-anywhere"))).toBe("not-found");
  });

  it("searches products in stock by a word of their name; nonsense finds nothing", async () => {
    const { gateways, newCategory, newProduct } = fixture();
    const { products } = gateways;
    const made = await newCategory(uniqueWord("Radios"));
    const word = uniqueWord("Zebrafone");
    const found = await newProduct(made.subCategory, { name: `${word} Classic`, inStock: 2 });
    await newProduct(made.subCategory, { name: `${word} Vintage`, inStock: 0 });
    expect(ids(value(await products.searchProducts(word)))).toEqual([found.id]);
    expect(value(await products.searchProducts(word.toUpperCase()))).toEqual([found]);
    expect(value(await products.searchProducts("qxzvwkjh"))).toEqual([]);
  });
}
