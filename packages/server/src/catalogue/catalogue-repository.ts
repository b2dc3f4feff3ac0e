import type { CategoryWire, SubCategoryListingWire, SubCategoryWire } from "@katale/adapters-http/contract";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { slugify } from "../seed/slugify.js";
import { nameTaken } from "./name-taken.js";

// Categories and sub categories in their wire shapes (spec §3), and the admins' changes to them
// (issue 10). Filters and their values: filter-repository.ts.

/**
 * What deleting a category or sub category did: removed (with the image paths it no longer uses),
 * or refused because it still holds products (how many).
 */
export type CatalogueRemoval =
  | { removed: true; images: (string | null)[] }
  | { removed: false; products: number };

/** PostgreSQL's foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = "23503";

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

  /** Whether another category has this name, whatever its case. */
  categoryNameTaken(name: string, exceptId?: number): Promise<boolean> {
    return nameTaken(this.db, "categories", undefined, name, exceptId);
  }

  /** Whether another sub category of the category has this name, whatever its case. */
  subCategoryNameTaken(categoryId: number, name: string, exceptId?: number): Promise<boolean> {
    return nameTaken(this.db, "sub_categories", { column: "category_id", id: categoryId }, name, exceptId);
  }

  category(id: number): Promise<CategoryWire | undefined> {
    return this.db
      .selectFrom("categories")
      .select(["id", "name", "image_url"])
      .where("id", "=", id)
      .executeTakeFirst();
  }

  async createCategory(name: string, imageUrl: string | null): Promise<CategoryWire> {
    const slug = await this.freeSlug("categories", name);
    return this.db
      .insertInto("categories")
      .values({ name, slug, image_url: imageUrl })
      .returning(["id", "name", "image_url"])
      .executeTakeFirstOrThrow();
  }

  async updateCategory(id: number, changes: { name?: string; image_url?: string }): Promise<CategoryWire> {
    if (Object.keys(changes).length > 0)
      await this.db.updateTable("categories").set(changes).where("id", "=", id).execute();
    return this.db
      .selectFrom("categories")
      .select(["id", "name", "image_url"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  /**
   * Deletes a category that holds no products, with its sub categories, their filters and values,
   * and shops' choices of it (cascade). Undefined for an unknown category.
   */
  async deleteCategory(id: number): Promise<CatalogueRemoval | undefined> {
    const category = await this.category(id);
    if (!category) return undefined;
    const held = await this.productsIn({ category: id });
    if (held > 0) return { removed: false, products: held };
    const subs = await this.db
      .selectFrom("sub_categories")
      .select("image_url")
      .where("category_id", "=", id)
      .execute();
    const refused = await this.deleteUnlessHeld(this.db.deleteFrom("categories").where("id", "=", id), {
      category: id,
    });
    return refused ?? { removed: true, images: [category.image_url, ...subs.map((s) => s.image_url)] };
  }

  async subCategory(id: number): Promise<SubCategoryWire | undefined> {
    const row = await this.db
      .selectFrom("sub_categories")
      .select(["id", "name", "image_url", "category_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    return row && subCategoryWireOf(row);
  }

  async createSubCategory(
    categoryId: number,
    name: string,
    imageUrl: string | null,
  ): Promise<SubCategoryWire> {
    const slug = await this.freeSlug("sub_categories", name);
    const row = await this.db
      .insertInto("sub_categories")
      .values({ category_id: categoryId, name, slug, image_url: imageUrl })
      .returning(["id", "name", "image_url", "category_id"])
      .executeTakeFirstOrThrow();
    return subCategoryWireOf(row);
  }

  /** Changes a sub category; moved to another category (`category_id`), its products follow it. */
  updateSubCategory(
    id: number,
    changes: { name?: string; image_url?: string; category_id?: number },
  ): Promise<SubCategoryWire> {
    // In the caller's transaction when it has one (an audited admin write), else in its own.
    const run = async (trx: Kysely<Database>) => {
      if (Object.keys(changes).length > 0)
        await trx.updateTable("sub_categories").set(changes).where("id", "=", id).execute();
      if (changes.category_id !== undefined)
        await trx
          .updateTable("products")
          .set({ category_id: changes.category_id })
          .where("sub_category_id", "=", id)
          .execute();
      const row = await trx
        .selectFrom("sub_categories")
        .select(["id", "name", "image_url", "category_id"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return subCategoryWireOf(row);
    };
    return this.db.isTransaction ? run(this.db) : this.db.transaction().execute(run);
  }

  /** Deletes a sub category that holds no products. Undefined for an unknown sub category. */
  async deleteSubCategory(id: number): Promise<CatalogueRemoval | undefined> {
    const sub = await this.subCategory(id);
    if (!sub) return undefined;
    const held = await this.productsIn({ subCategory: id });
    if (held > 0) return { removed: false, products: held };
    const refused = await this.deleteUnlessHeld(this.db.deleteFrom("sub_categories").where("id", "=", id), {
      subCategory: id,
    });
    return refused ?? { removed: true, images: [sub.image_url] };
  }

  /** A slug no other row of the table has (names are unique, slugs of different names may meet). */
  private async freeSlug(table: "categories" | "sub_categories", name: string): Promise<string> {
    const base = slugify(name, 70);
    const taken = await this.db.selectFrom(table).select("id").where("slug", "=", base).executeTakeFirst();
    return taken ? `${base}-${Math.random().toString(36).slice(2, 8)}` : base;
  }

  /**
   * How many products a category (directly or through its sub categories) or a sub category holds:
   * in and out of stock, hidden by moderation too, as a delete meets them.
   */
  async productsIn(scope: { category: number } | { subCategory: number }): Promise<number> {
    const row =
      "category" in scope
        ? await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM products
          WHERE category_id = ${scope.category}
             OR sub_category_id IN (SELECT id FROM sub_categories WHERE category_id = ${scope.category})`.execute(
            this.db,
          )
        : await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM products WHERE sub_category_id = ${scope.subCategory}`.execute(
            this.db,
          );
    return row.rows[0]?.n ?? 0;
  }

  /**
   * Runs a delete; undefined once done. A product added at the same moment makes the products'
   * reference refuse it: then the refusal, with how many products the scope holds now.
   */
  private async deleteUnlessHeld(
    remove: { execute(): Promise<unknown> },
    scope: { category: number } | { subCategory: number },
  ): Promise<CatalogueRemoval | undefined> {
    // In a transaction (an audited admin write) a refused statement would end it: a savepoint keeps it.
    const nested = this.db.isTransaction;
    if (nested) await sql`SAVEPOINT delete_unless_held`.execute(this.db);
    try {
      await remove.execute();
      if (nested) await sql`RELEASE SAVEPOINT delete_unless_held`.execute(this.db);
      return undefined;
    } catch (error) {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      if (nested) await sql`ROLLBACK TO SAVEPOINT delete_unless_held`.execute(this.db);
      return { removed: false, products: await this.productsIn(scope) };
    }
  }
}

function subCategoryWireOf(row: {
  id: number;
  name: string;
  image_url: string | null;
  category_id: number;
}): SubCategoryWire {
  return { id: row.id, name: row.name, image_url: row.image_url, category: row.category_id };
}
