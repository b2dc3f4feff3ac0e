import type { Result } from "../result.js";
import type { Category } from "./category.js";
import type { Filter } from "./filter.js";
import type { SubCategory } from "./sub-category.js";

/** Reading the catalogue (spec §7 category/…). */
export interface CategoryGateway {
  listCategories(): Promise<Result<Category[]>>;
  listSubCategories(): Promise<Result<SubCategory[]>>;
  /** 'not-found' when the category does not exist. */
  listSubCategoriesOf(categoryId: number): Promise<Result<SubCategory[]>>;
  listFilters(subCategoryId: number): Promise<Result<Filter[]>>;
}
