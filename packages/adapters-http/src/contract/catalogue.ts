import { z } from "zod";
import {
  badRequestError,
  dataOf,
  defineCalls,
  detailError,
  fileField,
  idParams,
  idValue,
  noContent,
} from "./common.js";

// Categories, sub categories, filters and filter values (spec §3, §7), shop service.
// Category images: `image_url` is a host path, a URL with a scheme, or a bare host+path to which
// clients prepend https:// (spec §3); null means the client shows its default image.

export const categoryWire = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
});
export type CategoryWire = z.infer<typeof categoryWire>;

/** A sub category as created/edited (spec §3): `category` is the parent id. */
export const subCategoryWire = z.object({
  id: z.number().int(),
  name: z.string(),
  image_url: z.string().nullable(),
  category: z.number().int(),
});
export type SubCategoryWire = z.infer<typeof subCategoryWire>;

/** A sub category in the listings (spec §3 "listing form"). */
export const subCategoryListingWire = z.object({
  subcategory_id: z.number().int(),
  subcategory_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  image_url: z.string().nullable(),
});
export type SubCategoryListingWire = z.infer<typeof subCategoryListingWire>;

export const filterValueWire = z.object({ id: z.number().int(), name: z.string() });
export type FilterValueWire = z.infer<typeof filterValueWire>;

export const filterWire = z.object({
  filter_id: z.number().int(),
  filter_name: z.string(),
  /** the sub category id */
  sub_category: z.number().int(),
  values: z.array(filterValueWire),
});
export type FilterWire = z.infer<typeof filterWire>;

/** A filter value as created, renamed and listed on its own: `filter` is the filter's id. */
export const filterValueOfWire = z.object({
  id: z.number().int(),
  filter: z.number().int(),
  name: z.string(),
});
export type FilterValueOfWire = z.infer<typeof filterValueOfWire>;

const name = z.string().trim().min(1).max(100);
const subCategoriesBody = z.object({ sub_categories: z.array(subCategoryListingWire) });
const adminErrors = { 400: badRequestError, 401: detailError, 403: detailError } as const;
/** How many products a delete of the category or sub category would meet. */
const productCount = z.object({ products: z.number().int().min(0) });

export const catalogueCalls = defineCalls({
  listCategories: () => ({
    service: "shop",
    method: "GET",
    path: "category/",
    summary: "All categories, by id",
    response: { 200: z.object({ categories: z.array(categoryWire) }) },
  }),
  createCategory: () => ({
    service: "shop",
    method: "POST",
    path: "category/",
    summary: "Create a category (multipart: name, image); 409 'category already exists'",
    auth: "token",
    encoding: "multipart",
    body: z.object({ name, image: fileField.optional() }),
    response: { 201: dataOf(categoryWire), ...adminErrors, 409: detailError, 413: detailError },
  }),
  updateCategory: () => ({
    service: "shop",
    method: "PATCH",
    path: "category/:id/patch/",
    summary: "Rename a category or replace its image (multipart)",
    auth: "token",
    encoding: "multipart",
    params: idParams("id"),
    body: z.object({ name: name.optional(), image: fileField.optional() }),
    response: {
      200: dataOf(categoryWire),
      ...adminErrors,
      404: detailError,
      409: detailError,
      413: detailError,
    },
  }),
  deleteCategory: () => ({
    service: "shop",
    method: "DELETE",
    path: "category/:id/delete",
    summary: "Delete a category",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, ...adminErrors, 404: detailError, 409: detailError },
  }),
  listSubCategories: () => ({
    service: "shop",
    method: "GET",
    path: "category/subcategory/",
    summary: "All sub categories with their category",
    response: { 200: subCategoriesBody },
  }),
  listSubCategoriesOf: () => ({
    service: "shop",
    method: "GET",
    path: "category/subcategory/:categoryId/",
    summary: "Sub categories of one category (category 5: services); 404 'Category not found'",
    params: idParams("categoryId"),
    response: { 200: subCategoriesBody, 400: detailError, 404: detailError },
  }),
  createSubCategory: () => ({
    service: "shop",
    method: "POST",
    path: "category/subcategory/",
    summary: "Create a sub category (multipart: category, name, image)",
    auth: "token",
    encoding: "multipart",
    body: z.object({ category: idValue, name, image: fileField.optional() }),
    response: {
      201: dataOf(subCategoryWire),
      ...adminErrors,
      404: detailError,
      409: detailError,
      413: detailError,
    },
  }),
  updateSubCategory: () => ({
    service: "shop",
    method: "PUT",
    path: "category/subcategory/:id/",
    summary: "Edit a sub category (multipart: category, name, image)",
    auth: "token",
    encoding: "multipart",
    params: idParams("id"),
    body: z.object({ category: idValue.optional(), name: name.optional(), image: fileField.optional() }),
    response: {
      200: dataOf(subCategoryWire),
      ...adminErrors,
      404: detailError,
      409: detailError,
      413: detailError,
    },
  }),
  deleteSubCategory: () => ({
    service: "shop",
    method: "DELETE",
    path: "category/subcategory/:id/",
    summary: "Delete a sub category",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, ...adminErrors, 404: detailError, 409: detailError },
  }),
  createFilter: () => ({
    service: "shop",
    method: "POST",
    path: "category/filter/",
    summary: "Create a filter of a sub category; 409 'filter name already exists'",
    auth: "token",
    body: z.object({ name, subcategory: idValue }),
    response: { 201: dataOf(filterWire), ...adminErrors, 404: detailError, 409: detailError },
  }),
  listFilters: () => ({
    service: "shop",
    method: "GET",
    path: "category/filter/:subcategoryId",
    summary: "Filters of a sub category with their values; 404 'Sub category not found'",
    params: idParams("subcategoryId"),
    response: { 200: z.object({ filters: z.array(filterWire) }), 400: detailError, 404: detailError },
  }),
  createFilterValue: () => ({
    service: "shop",
    method: "POST",
    path: "category/filtervalue/",
    summary: "Add a value to a filter",
    auth: "token",
    body: z.object({ filter: idValue, name }),
    response: {
      201: dataOf(filterValueOfWire),
      ...adminErrors,
      404: detailError,
      409: detailError,
    },
  }),
  // ---- beyond the spec (issue 10): what an admin needs to keep filters and values ----
  listFilterValues: () => ({
    service: "shop",
    method: "GET",
    path: "category/filtervalue/:filterId",
    summary: "Values of a filter, by id; 404 'Filter not found'",
    params: idParams("filterId"),
    response: { 200: z.object({ values: z.array(filterValueOfWire) }), 400: detailError, 404: detailError },
  }),
  updateFilter: () => ({
    service: "shop",
    method: "PATCH",
    path: "category/filter/:id/",
    summary: "Rename a filter; 409 'filter name already exists'",
    auth: "token",
    params: idParams("id"),
    body: z.object({ name }),
    response: { 200: dataOf(filterWire), ...adminErrors, 404: detailError, 409: detailError },
  }),
  deleteFilter: () => ({
    service: "shop",
    method: "DELETE",
    path: "category/filter/:id/",
    summary: "Delete a filter and its values",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, ...adminErrors, 404: detailError },
  }),
  updateFilterValue: () => ({
    service: "shop",
    method: "PATCH",
    path: "category/filtervalue/:id/",
    summary: "Rename a filter value; 409 'filter value already exists'",
    auth: "token",
    params: idParams("id"),
    body: z.object({ name }),
    response: { 200: dataOf(filterValueOfWire), ...adminErrors, 404: detailError, 409: detailError },
  }),
  deleteFilterValue: () => ({
    service: "shop",
    method: "DELETE",
    path: "category/filtervalue/:id/",
    summary: "Delete a filter value",
    auth: "token",
    params: idParams("id"),
    response: { 204: noContent, ...adminErrors, 404: detailError },
  }),
  // ---- defined by us: what a delete would meet, for a dry run of the admins' bulk tool ----
  categoryProductCount: () => ({
    service: "shop",
    method: "GET",
    path: "category/:id/product-count/",
    summary:
      "How many products a category holds, directly or through its sub categories, in and out of stock and hidden ones too: the count a delete is refused with (409 `category_in_use`); 404 'Category not found'",
    auth: "token",
    params: idParams("id"),
    response: { 200: productCount, ...adminErrors, 404: detailError },
  }),
  subCategoryProductCount: () => ({
    service: "shop",
    method: "GET",
    path: "category/subcategory/:id/product-count/",
    summary:
      "How many products a sub category holds, in and out of stock and hidden ones too: the count a delete is refused with (409 `category_in_use`); 404 'Sub category not found'",
    auth: "token",
    params: idParams("id"),
    response: { 200: productCount, ...adminErrors, 404: detailError },
  }),
});
