import { type Kysely, sql } from "kysely";
import { uniqueViolation } from "../auth/user-repository.js";
import type { Database } from "../db/schema.js";
import { stopIfAborted } from "../http/request-work.js";
import { slugify } from "../seed/slugify.js";
import { dropForeignFilterValues, writeFilterValues } from "./product-filter-values.js";

// Writes of products by their shop's owner (issue 9): create, edit, delete, each in one transaction.
// Image files are stored before and released after by the routes; the rows here only name them.

type Db = Kysely<Database>;

/** A stored public image as a product_images row needs it. */
export interface ImageRow {
  path: string;
  width: number;
  height: number;
  /** SHA-256 of the file uploaded and of the file served (null when not known). */
  uploaded_sha256?: string | null;
  served_sha256?: string | null;
}

export interface ProductFields {
  name: string;
  description: string;
  price: number;
  inStock: number;
  categoryId: number;
  subCategoryId: number;
  sku: string | null;
  /** Filter value ids (checked by checkFilterValues); undefined leaves an edited product's as they are. */
  filterValues?: readonly number[];
}

export type WriteResult = { ok: true; id: number } | { ok: false; reason: "sku-taken" };

/** The product's shop and owner, or undefined for an unknown product. */
export async function productOwner(
  db: Db,
  productId: number,
): Promise<{ shopId: number; ownerId: number } | undefined> {
  const row = await db
    .selectFrom("products as p")
    .innerJoin("shops as s", "s.id", "p.shop_id")
    .select(["p.shop_id", "s.owner_id"])
    .where("p.id", "=", productId)
    .executeTakeFirst();
  return row && { shopId: row.shop_id, ownerId: row.owner_id };
}

/** Whether the sub category belongs to the category: `unknown-category`, `unknown-sub`, `other-category` or ok. */
export async function checkCategories(
  db: Db,
  categoryId: number,
  subCategoryId: number,
): Promise<"ok" | "unknown-category" | "unknown-sub" | "other-category"> {
  const category = await db
    .selectFrom("categories")
    .select("id")
    .where("id", "=", categoryId)
    .executeTakeFirst();
  if (!category) return "unknown-category";
  const sub = await db
    .selectFrom("sub_categories")
    .select("category_id")
    .where("id", "=", subCategoryId)
    .executeTakeFirst();
  if (!sub) return "unknown-sub";
  return sub.category_id === categoryId ? "ok" : "other-category";
}

async function skuTaken(db: Db, shopId: number, sku: string | null, exceptId?: number): Promise<boolean> {
  if (sku === null) return false;
  let query = db.selectFrom("products").select("id").where("shop_id", "=", shopId).where("sku", "=", sku);
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** A slug no product has: the name's, or with a short random tail when that is taken. */
async function freeSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name, 70);
  let candidate = base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const taken = await db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
    candidate = `${base}-${Math.random().toString(36).slice(2, 8)}`;
  }
  return `${base}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The product's images, replacing its old ones (`fresh`: a product just created has none to remove). */
async function writeImages(
  db: Db,
  productId: number,
  images: readonly ImageRow[],
  fresh = false,
): Promise<void> {
  if (!fresh) await db.deleteFrom("product_images").where("product_id", "=", productId).execute();
  await db
    .insertInto("product_images")
    .values(images.map((image, index) => ({ product_id: productId, position: index + 1, ...image })))
    .execute();
}

/** Retries once when a concurrent write took the same slug; answers sku-taken for the SKU's index. */
async function withUniqueRetry(run: () => Promise<WriteResult>): Promise<WriteResult> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === null) throw error;
      if (index.includes("sku")) return { ok: false, reason: "sku-taken" };
      if (attempt >= 2) throw error;
    }
  }
}

export async function createProduct(
  db: Db,
  shopId: number,
  fields: ProductFields,
  images: readonly ImageRow[],
  signal?: AbortSignal,
  /** Runs in the transaction once the product is kept (the notification's event). */
  onCreated?: (trx: Db, productId: number) => Promise<void>,
): Promise<WriteResult> {
  return withUniqueRetry(() =>
    db.transaction().execute(async (trx) => {
      if (await skuTaken(trx, shopId, fields.sku)) return { ok: false, reason: "sku-taken" } as const;
      const row = await trx
        .insertInto("products")
        .values({
          shop_id: shopId,
          category_id: fields.categoryId,
          sub_category_id: fields.subCategoryId,
          name: fields.name,
          slug: await freeSlug(trx, fields.name),
          description: fields.description,
          price: fields.price,
          in_stock: fields.inStock,
          sku: fields.sku,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await writeImages(trx, row.id, images, true);
      if (fields.filterValues) await writeFilterValues(trx, row.id, fields.filterValues);
      if (onCreated) await onCreated(trx, row.id);
      // The request's client went away or its deadline passed: roll back rather than commit.
      stopIfAborted(signal);
      return { ok: true, id: row.id } as const;
    }),
  );
}

export interface StockAndPrice {
  readonly price: number;
  readonly inStock: number;
}

async function stockAndPrice(db: Db, productId: number): Promise<StockAndPrice | undefined> {
  const row = await db
    .selectFrom("products")
    .select(["price", "in_stock"])
    .where("id", "=", productId)
    .executeTakeFirst();
  return row && { price: Number(row.price), inStock: Number(row.in_stock) };
}

/** The product's images in display order (rows as stored). */
export async function productImages(db: Db, productId: number): Promise<ImageRow[]> {
  return db
    .selectFrom("product_images")
    .select(["path", "width", "height", "uploaded_sha256", "served_sha256"])
    .where("product_id", "=", productId)
    .orderBy("position")
    .execute();
}

/** Edits the fields given and replaces the image list when `images` is given. */
export async function updateProduct(
  db: Db,
  productId: number,
  shopId: number,
  fields: Partial<ProductFields>,
  images: readonly ImageRow[] | undefined,
  signal?: AbortSignal,
  /** Runs in the transaction with the price and stock before and after (the notifications' events). */
  onChanged?: (trx: Db, before: StockAndPrice, after: StockAndPrice) => Promise<void>,
): Promise<WriteResult> {
  return withUniqueRetry(() =>
    db.transaction().execute(async (trx) => {
      if (fields.sku !== undefined && (await skuTaken(trx, shopId, fields.sku, productId)))
        return { ok: false, reason: "sku-taken" } as const;
      // Read only when the edit can change them: a rename or new pictures notify no one.
      const touchesStock = fields.price !== undefined || fields.inStock !== undefined;
      const before = onChanged && touchesStock ? await stockAndPrice(trx, productId) : undefined;
      await trx
        .updateTable("products")
        .set({
          ...(fields.name !== undefined && { name: fields.name }),
          ...(fields.description !== undefined && { description: fields.description }),
          ...(fields.price !== undefined && { price: fields.price }),
          ...(fields.inStock !== undefined && { in_stock: fields.inStock }),
          ...(fields.categoryId !== undefined && { category_id: fields.categoryId }),
          ...(fields.subCategoryId !== undefined && { sub_category_id: fields.subCategoryId }),
          ...(fields.sku !== undefined && { sku: fields.sku }),
          updated_at: sql`now()`,
        })
        .where("id", "=", productId)
        .execute();
      if (images) await writeImages(trx, productId, images);
      if (fields.filterValues) await writeFilterValues(trx, productId, fields.filterValues);
      else if (fields.subCategoryId !== undefined) await dropForeignFilterValues(trx, productId);
      if (onChanged && before) {
        const after = { price: fields.price ?? before.price, inStock: fields.inStock ?? before.inStock };
        await onChanged(trx, before, after);
      }
      stopIfAborted(signal);
      return { ok: true, id: productId } as const;
    }),
  );
}

/**
 * Deletes the product; its saves, history, ratings and reviews go with it (foreign keys cascade, the
 * ratings trigger takes its ratings off the shop's totals). Answers the image paths it showed,
 * its own and its reviews', for the caller to release.
 */
export async function deleteProduct(
  db: Db,
  productId: number,
  /** Runs in the transaction once deleted (an admin's audit entry). */
  onDeleted?: (trx: Db) => Promise<void>,
): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const own = await trx
      .selectFrom("product_images")
      .select("path")
      .where("product_id", "=", productId)
      .execute();
    const reviews = await trx
      .selectFrom("comment_images as ci")
      .innerJoin("comments as c", "c.id", "ci.comment_id")
      .select("ci.path")
      .where("c.product_id", "=", productId)
      .execute();
    await trx.deleteFrom("products").where("id", "=", productId).execute();
    await onDeleted?.(trx);
    return [...own, ...reviews].map((row) => row.path);
  });
}

/** pg_advisory_xact_lock key of batch creates (any number, used for nothing else). */
const BATCH_LOCK = 7_310_001;
/** PostgreSQL's deadlock_detected. */
const DEADLOCK = "40P01";

/** One product of a batch create: its fields and its images (pictures already stored). */
export interface NewProductRow {
  readonly fields: ProductFields;
  readonly images: readonly ImageRow[];
}

/**
 * Creates many products of one shop in one transaction, a statement per step for all of them
 * (product/batch/): answers each one's outcome in order, sku-taken for a SKU the shop has or an
 * earlier item of the batch took. The rows' triggers (listing counts, search words, the browse
 * index's changes) run for each product as they do for one.
 */
export async function createProducts(
  db: Db,
  shopId: number,
  items: readonly NewProductRow[],
  signal?: AbortSignal,
  /** Runs in the transaction once the products are kept (the notifications' events). */
  onCreated?: (trx: Db, productIds: readonly number[]) => Promise<void>,
): Promise<WriteResult[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        // One batch at a time: two inserting many rows at once deadlocked on PostgreSQL (the
        // listing counters their triggers update, taken in different orders).
        await sql`SELECT pg_advisory_xact_lock(${BATCH_LOCK})`.execute(trx);
        const results: WriteResult[] = new Array(items.length);
        const skus = items.flatMap((item) => (item.fields.sku === null ? [] : [item.fields.sku]));
        const takenSkus = new Set<string | null>(
          skus.length === 0
            ? []
            : (
                await trx
                  .selectFrom("products")
                  .select("sku")
                  .where("shop_id", "=", shopId)
                  .where("sku", "in", skus)
                  .execute()
              ).map((row) => row.sku),
        );
        const kept: number[] = [];
        items.forEach((item, index) => {
          const sku = item.fields.sku;
          if (sku !== null && takenSkus.has(sku)) results[index] = { ok: false, reason: "sku-taken" };
          else {
            takenSkus.add(sku);
            kept.push(index);
          }
        });
        if (kept.length === 0) return results;

        const bases = kept.map((index) => slugify(items[index]!.fields.name, 70));
        const takenSlugs = new Set(
          (
            await trx
              .selectFrom("products")
              .select("slug")
              .where("slug", "in", [...new Set(bases)])
              .execute()
          ).map((row) => row.slug),
        );
        const slugs = bases.map((base) => {
          let slug = base;
          while (takenSlugs.has(slug)) slug = `${base}-${Math.random().toString(36).slice(2, 8)}`;
          takenSlugs.add(slug);
          return slug;
        });
        const rows = await trx
          .insertInto("products")
          .values(
            kept.map((index, k) => {
              const { fields } = items[index]!;
              return {
                shop_id: shopId,
                category_id: fields.categoryId,
                sub_category_id: fields.subCategoryId,
                name: fields.name,
                slug: slugs[k]!,
                description: fields.description,
                price: fields.price,
                in_stock: fields.inStock,
                sku: fields.sku,
              };
            }),
          )
          .returning(["id", "slug"])
          .execute();
        const idOf = new Map(rows.map((row) => [row.slug, row.id]));
        const ids = slugs.map((slug) => idOf.get(slug)!);
        await trx
          .insertInto("product_images")
          .values(
            kept.flatMap((index, k) =>
              items[index]!.images.map((image, position) => ({
                product_id: ids[k]!,
                position: position + 1,
                ...image,
              })),
            ),
          )
          .execute();
        for (const [k, index] of kept.entries()) {
          const values = items[index]!.fields.filterValues;
          if (values && values.length > 0) await writeFilterValues(trx, ids[k]!, values);
        }
        if (onCreated) await onCreated(trx, ids);
        stopIfAborted(signal);
        kept.forEach((index, k) => {
          results[index] = { ok: true, id: ids[k]! };
        });
        return results;
      });
    } catch (error) {
      // A concurrent write took a slug or SKU between the reads and the insert, or deadlocked
      // with this one: try again.
      const again = uniqueViolation(error) !== null || (error as { code?: unknown }).code === DEADLOCK;
      if (!again || attempt >= 2) throw error;
    }
  }
}
