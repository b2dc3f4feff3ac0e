import {
  type Category,
  type CategoryGateway,
  type Filter,
  mapResult,
  type Result,
  type SubCategory,
} from "@katale/domain";
import { catalogueCalls } from "../contract/catalogue.js";
import type { HttpClient } from "../http/http-client.js";
import { toCategory, toFilter, toSubCategory } from "./catalogue-wire-mapping.js";

export class CategoryHttpGateway implements CategoryGateway {
  constructor(private readonly http: HttpClient) {}

  async listCategories(): Promise<Result<Category[]>> {
    const answer = await this.http.call(catalogueCalls.listCategories);
    return mapResult(answer, (body) => body.categories.map(toCategory));
  }

  async listSubCategories(): Promise<Result<SubCategory[]>> {
    const answer = await this.http.call(catalogueCalls.listSubCategories);
    return mapResult(answer, (body) => body.sub_categories.map(toSubCategory));
  }

  async listSubCategoriesOf(categoryId: number): Promise<Result<SubCategory[]>> {
    const answer = await this.http.call(catalogueCalls.listSubCategoriesOf, { params: { categoryId } });
    return mapResult(answer, (body) => body.sub_categories.map(toSubCategory));
  }

  async listFilters(subCategoryId: number): Promise<Result<Filter[]>> {
    const answer = await this.http.call(catalogueCalls.listFilters, {
      params: { subcategoryId: subCategoryId },
    });
    return mapResult(answer, (body) => body.filters.map(toFilter));
  }
}
