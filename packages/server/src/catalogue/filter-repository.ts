import type { FilterValueOfWire, FilterWire } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { nameTaken } from "./name-taken.js";

// A sub category's filters and their values in their wire shapes (spec §3), and the admins' changes
// to them (issue 10).

export class FilterRepository {
  constructor(private readonly db: Kysely<Database>) {}

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
    if (!(await this.filter(filterId))) return null;
    return this.db
      .selectFrom("filter_values")
      .select(["id", "filter_id as filter", "name"])
      .where("filter_id", "=", filterId)
      .orderBy("id")
      .execute();
  }

  /** Whether another filter of the sub category has this name, whatever its case. */
  filterNameTaken(subCategoryId: number, name: string, exceptId?: number): Promise<boolean> {
    return nameTaken(this.db, "filters", { column: "sub_category_id", id: subCategoryId }, name, exceptId);
  }

  /** Whether another value of the filter has this name, whatever its case. */
  filterValueNameTaken(filterId: number, name: string, exceptId?: number): Promise<boolean> {
    return nameTaken(this.db, "filter_values", { column: "filter_id", id: filterId }, name, exceptId);
  }

  filter(id: number): Promise<{ id: number; sub_category_id: number; name: string } | undefined> {
    return this.db
      .selectFrom("filters")
      .select(["id", "sub_category_id", "name"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async createFilter(subCategoryId: number, name: string): Promise<FilterWire> {
    const row = await this.db
      .insertInto("filters")
      .values({ sub_category_id: subCategoryId, name })
      .returning("id")
      .executeTakeFirstOrThrow();
    return this.filterWire(row.id);
  }

  async renameFilter(id: number, name: string): Promise<FilterWire> {
    await this.db.updateTable("filters").set({ name }).where("id", "=", id).execute();
    return this.filterWire(id);
  }

  /** Deletes a filter and its values; false for an unknown filter. */
  async deleteFilter(id: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom("filters").where("id", "=", id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  filterValue(id: number): Promise<FilterValueOfWire | undefined> {
    return this.db
      .selectFrom("filter_values")
      .select(["id", "filter_id as filter", "name"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  createFilterValue(filterId: number, name: string): Promise<FilterValueOfWire> {
    return this.db
      .insertInto("filter_values")
      .values({ filter_id: filterId, name })
      .returning(["id", "filter_id as filter", "name"])
      .executeTakeFirstOrThrow();
  }

  renameFilterValue(id: number, name: string): Promise<FilterValueOfWire> {
    return this.db
      .updateTable("filter_values")
      .set({ name })
      .where("id", "=", id)
      .returning(["id", "filter_id as filter", "name"])
      .executeTakeFirstOrThrow();
  }

  /** False for an unknown value. */
  async deleteFilterValue(id: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom("filter_values").where("id", "=", id).executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  }

  /** A filter in its wire shape (with its values). */
  private async filterWire(id: number): Promise<FilterWire> {
    const filter = await this.filter(id);
    const all = filter ? await this.filters(filter.sub_category_id) : [];
    return all.find((f) => f.filter_id === id)!;
  }
}
