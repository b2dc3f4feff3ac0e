import {
  type CatalogueAdminGateway,
  type Category,
  type CategoryChange,
  type Filter,
  type FilterValue,
  mapResult,
  type NewCategory,
  type NewSubCategory,
  type ProductsHeldScope,
  type Result,
  type SubCategory,
  type SubCategoryChange,
} from "@katale/domain";
import { toCategory, toFilter } from "../catalogue/catalogue-wire-mapping.js";
import { catalogueCalls, type FilterValueOfWire, type SubCategoryWire } from "../contract/catalogue.js";
import type { HttpClient } from "../http/http-client.js";

// The admins' catalogue calls (spec §7, issue 10): categories and sub categories as multipart forms
// (the image travels with the fields), filters and values as JSON.

const toSubCategory = (wire: SubCategoryWire): SubCategory => ({
  id: wire.id,
  name: wire.name,
  imageUrl: wire.image_url,
  categoryId: wire.category,
});

const toFilterValue = (wire: FilterValueOfWire): FilterValue => ({
  id: wire.id,
  filterId: wire.filter,
  name: wire.name,
});

const done = () => undefined;

export class CatalogueAdminHttpGateway implements CatalogueAdminGateway {
  constructor(private readonly http: HttpClient) {}

  async createCategory(token: string, category: NewCategory): Promise<Result<Category>> {
    const answer = await this.http.call(catalogueCalls.createCategory, {
      token,
      form: { name: category.name, image: category.image },
    });
    return mapResult(answer, (body) => toCategory(body.data));
  }

  async updateCategory(token: string, categoryId: number, change: CategoryChange): Promise<Result<Category>> {
    const answer = await this.http.call(catalogueCalls.updateCategory, {
      token,
      params: { id: categoryId },
      form: { name: change.name, image: change.image },
    });
    return mapResult(answer, (body) => toCategory(body.data));
  }

  async deleteCategory(token: string, categoryId: number): Promise<Result<void>> {
    return mapResult(
      await this.http.call(catalogueCalls.deleteCategory, { token, params: { id: categoryId } }),
      done,
    );
  }

  async createSubCategory(token: string, subCategory: NewSubCategory): Promise<Result<SubCategory>> {
    const answer = await this.http.call(catalogueCalls.createSubCategory, {
      token,
      form: { category: subCategory.categoryId, name: subCategory.name, image: subCategory.image },
    });
    return mapResult(answer, (body) => toSubCategory(body.data));
  }

  async updateSubCategory(
    token: string,
    subCategoryId: number,
    change: SubCategoryChange,
  ): Promise<Result<SubCategory>> {
    const answer = await this.http.call(catalogueCalls.updateSubCategory, {
      token,
      params: { id: subCategoryId },
      form: { category: change.categoryId, name: change.name, image: change.image },
    });
    return mapResult(answer, (body) => toSubCategory(body.data));
  }

  async deleteSubCategory(token: string, subCategoryId: number): Promise<Result<void>> {
    const answer = await this.http.call(catalogueCalls.deleteSubCategory, {
      token,
      params: { id: subCategoryId },
    });
    return mapResult(answer, done);
  }

  async productsHeld(token: string, scope: ProductsHeldScope): Promise<Result<number>> {
    const answer =
      "categoryId" in scope
        ? await this.http.call(catalogueCalls.categoryProductCount, {
            token,
            params: { id: scope.categoryId },
          })
        : await this.http.call(catalogueCalls.subCategoryProductCount, {
            token,
            params: { id: scope.subCategoryId },
          });
    return mapResult(answer, (body) => body.products);
  }

  async createFilter(
    token: string,
    filter: { subCategoryId: number; name: string },
  ): Promise<Result<Filter>> {
    const answer = await this.http.call(catalogueCalls.createFilter, {
      token,
      body: { name: filter.name, subcategory: filter.subCategoryId },
    });
    return mapResult(answer, (body) => toFilter(body.data));
  }

  async renameFilter(token: string, filterId: number, name: string): Promise<Result<Filter>> {
    const answer = await this.http.call(catalogueCalls.updateFilter, {
      token,
      params: { id: filterId },
      body: { name },
    });
    return mapResult(answer, (body) => toFilter(body.data));
  }

  async deleteFilter(token: string, filterId: number): Promise<Result<void>> {
    return mapResult(
      await this.http.call(catalogueCalls.deleteFilter, { token, params: { id: filterId } }),
      done,
    );
  }

  async listFilterValues(filterId: number): Promise<Result<FilterValue[]>> {
    const answer = await this.http.call(catalogueCalls.listFilterValues, { params: { filterId } });
    return mapResult(answer, (body) => body.values.map(toFilterValue));
  }

  async createFilterValue(
    token: string,
    value: { filterId: number; name: string },
  ): Promise<Result<FilterValue>> {
    const answer = await this.http.call(catalogueCalls.createFilterValue, {
      token,
      body: { filter: value.filterId, name: value.name },
    });
    return mapResult(answer, (body) => toFilterValue(body.data));
  }

  async renameFilterValue(token: string, valueId: number, name: string): Promise<Result<FilterValue>> {
    const answer = await this.http.call(catalogueCalls.updateFilterValue, {
      token,
      params: { id: valueId },
      body: { name },
    });
    return mapResult(answer, (body) => toFilterValue(body.data));
  }

  async deleteFilterValue(token: string, valueId: number): Promise<Result<void>> {
    return mapResult(
      await this.http.call(catalogueCalls.deleteFilterValue, { token, params: { id: valueId } }),
      done,
    );
  }
}
