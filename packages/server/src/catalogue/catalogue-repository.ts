import type {
  CategoryWire,
  FilterValueOfWire,
  FilterWire,
  SubCategoryListingWire,
} from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

// Categories, sub categories and filters in their wire shapes (spec §3).
export class CatalogueRepository {
  constructor(private readonly db: Kysely<Database>) {}

  categories(): Promise<CategoryWire[]> {
    return this.db.selectFrom("categories").select(["id", "name", "image_url"]).orderBy("id").execute();
  }

  async categoryExists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom("categories").select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }

  async subCategoryExists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("sub_categories")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Sub categories in the listing form, all or of one category, by id. */
  subCategories(categoryId?: number): Promise<SubCategoryListingWire[]> {
    return this.db
      .selectFrom("sub_categories as sc")
      .innerJoin("categories as c", "c.id", "sc.category_id")
      .select([
        "sc.id as subcategory_id",
        "sc.name as subcategory_name",
        "c.id as category_id",
        "c.name as category_name",
        "sc.image_url",
      ])
      .$if(categoryId !== undefined, (qb) => qb.where("sc.category_id", "=", categoryId!))
      .orderBy("sc.id")
      .execute();
  }

  /** Filters of a sub category with their values, by id. */
  filters(subCategoryId: number): Promise<FilterWire[]> {
    return this.db
      .selectFrom("filters as f")
      .select([
        "f.id as filter_id",
        "f.name as filter_name",
        "f.sub_category_id as sub_category",
        sql<FilterWire["values"]>`coalesce((
          SELECT json_agg(json_build_object('id', fv.id, 'name', fv.name) ORDER BY fv.id)
          FROM filter_values fv WHERE fv.filter_id = f.id
        ), '[]'::json)`.as("values"),
      ])
      .where("f.sub_category_id", "=", subCategoryId)
      .orderBy("f.id")
      .execute();
  }

  /** Values of a filter, by id; null when there is no such filter. */
  async filterValues(filterId: number): Promise<FilterValueOfWire[] | null> {
    const filter = await this.db
      .selectFrom("filters")
      .select("id")
      .where("id", "=", filterId)
      .executeTakeFirst();
    if (!filter) return null;
    return this.db
      .selectFrom("filter_values")
      .select(["id", "filter_id as filter", "name"])
      .where("filter_id", "=", filterId)
      .orderBy("id")
      .execute();
  }
}
