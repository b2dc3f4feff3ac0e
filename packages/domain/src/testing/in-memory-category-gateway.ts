import type { Category } from "../catalogue/category.js";
import type { CategoryGateway } from "../catalogue/category-gateway.js";
import type { Filter } from "../catalogue/filter.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import { err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";

export class InMemoryCategoryGateway implements CategoryGateway {
  readonly failures = new Failures<keyof CategoryGateway>();

  constructor(
    public categories: Category[] = [],
    public subCategories: SubCategory[] = [],
    public filters: Filter[] = [],
  ) {}

  async listCategories(): Promise<Result<Category[]>> {
    return this.failures.answer("listCategories", () => ok([...this.categories]));
  }

  async listSubCategories(): Promise<Result<SubCategory[]>> {
    return this.failures.answer("listSubCategories", () => ok([...this.subCategories]));
  }

  async listSubCategoriesOf(categoryId: number): Promise<Result<SubCategory[]>> {
    return this.failures.answer("listSubCategoriesOf", () =>
      this.categories.some((c) => c.id === categoryId)
        ? ok(this.subCategories.filter((s) => s.categoryId === categoryId))
        : err({ kind: "not-found", message: "Category not found" }),
    );
  }

  async listFilters(subCategoryId: number): Promise<Result<Filter[]>> {
    return this.failures.answer("listFilters", () =>
      this.subCategories.some((s) => s.id === subCategoryId)
        ? ok(this.filters.filter((f) => f.subCategoryId === subCategoryId))
        : err({ kind: "not-found", message: "Sub category not found" }),
    );
  }
}
