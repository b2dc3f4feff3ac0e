import type { Category, Filter, SubCategory } from "@katale/domain";
import type { CategoryWire, FilterWire, SubCategoryListingWire } from "../contract/catalogue.js";

export function toCategory(wire: CategoryWire): Category {
  return { id: wire.id, name: wire.name, imageUrl: wire.image_url };
}

export function toSubCategory(wire: SubCategoryListingWire): SubCategory {
  return {
    id: wire.subcategory_id,
    name: wire.subcategory_name,
    imageUrl: wire.image_url,
    categoryId: wire.category_id,
    categoryName: wire.category_name,
  };
}

export function toFilter(wire: FilterWire): Filter {
  return {
    id: wire.filter_id,
    name: wire.filter_name,
    subCategoryId: wire.sub_category,
    values: wire.values.map((v) => ({ id: v.id, filterId: wire.filter_id, name: v.name })),
  };
}
