import type { ProductFilterWire } from "@katale/adapters-http/contract";
import { sellerServerMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { sendError } from "../http/error-reply.js";

// A product's filter values: at most one value of each filter of its sub category, in
// product_filter_values (migration 0019). Product pages show them (`filters`), browse narrows and
// counts by them.

type Db = Kysely<Database>;
const m = sellerServerMessages;

/** The values checked against the sub category: their ids, or why they are refused. */
export type FilterValuesCheck = { ok: true; values: number[] } | { ok: false; message: string };

/** Reads the form's `filter_values` (a JSON array of ids), without asking the database. */
export function parseFilterValues(raw: string): number[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw === "" ? "[]" : raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed) || parsed.length > 100) return null;
  const ids = parsed.map((id) => (typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id));
  if (!ids.every((id) => Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)) return null;
  return [...new Set(ids as number[])];
}

/** Checks that every value is of a filter of the sub category, and at most one per filter. */
export async function checkFilterValues(
  db: Db,
  raw: string,
  subCategoryId: number,
): Promise<FilterValuesCheck> {
  const values = parseFilterValues(raw);
  if (values === null) return { ok: false, message: m.filterValuesInvalid };
  if (values.length === 0) return { ok: true, values };
  const rows = await db
    .selectFrom("filter_values as v")
    .innerJoin("filters as f", "f.id", "v.filter_id")
    .select(["v.id", "v.filter_id"])
    .where("v.id", "in", values)
    .where("f.sub_category_id", "=", subCategoryId)
    .execute();
  if (rows.length !== values.length) return { ok: false, message: m.filterValueOfOtherSubCategory };
  if (new Set(rows.map((row) => row.filter_id)).size !== rows.length)
    return { ok: false, message: m.filterValuesSameFilter };
  return { ok: true, values };
}

/**
 * The form's filter values checked against the sub category: their ids, undefined when none were
 * sent, or null once refused (400 invalid_filter_value, sent).
 */
export async function filterValuesOf(
  db: Db,
  reply: FastifyReply,
  raw: string | undefined,
  subCategoryId: number,
): Promise<number[] | undefined | null> {
  if (raw === undefined) return undefined;
  const check = await checkFilterValues(db, raw, subCategoryId);
  if (check.ok) return check.values;
  await sendError(reply, 400, "invalid_filter_value", { filter_values: [check.message] });
  return null;
}

/** Replaces the product's values (checked by checkFilterValues, in the same transaction as the write). */
export async function writeFilterValues(db: Db, productId: number, values: readonly number[]): Promise<void> {
  await db.deleteFrom("product_filter_values").where("product_id", "=", productId).execute();
  if (values.length === 0) return;
  await sql`
    INSERT INTO product_filter_values (product_id, filter_id, value_id)
    SELECT ${productId}::int, v.filter_id, v.id FROM filter_values v WHERE v.id = ANY(${values}::int[])`.execute(
    db,
  );
}

/** Drops the product's values that are not of its sub category's filters (after it moved to another). */
export async function dropForeignFilterValues(db: Db, productId: number): Promise<void> {
  await sql`
    DELETE FROM product_filter_values pfv USING products p
    WHERE pfv.product_id = ${productId}::int AND p.id = pfv.product_id
      AND pfv.filter_id NOT IN (SELECT f.id FROM filters f WHERE f.sub_category_id = p.sub_category_id)`.execute(
    db,
  );
}

/**
 * Product `p`'s filter values as a JSON array of text (the contract's productFilterWire, by filter
 * id): an SQL expression for a select list.
 */
export const filtersJson = (p: string) =>
  sql.raw(`(
  SELECT '[' || coalesce(string_agg(row_to_json(x)::text, ',' ORDER BY x.filter_id), '') || ']'
  FROM (
    SELECT f.id AS filter_id, f.name AS filter_name, v.id AS value_id, v.name AS value_name
    FROM product_filter_values pfv
    JOIN filters f ON f.id = pfv.filter_id JOIN filter_values v ON v.id = pfv.value_id
    WHERE pfv.product_id = ${p}.id
  ) x)`);

/** A kept product text with its filters added as the last field (`{...,"filters":[...]}`). */
export const withFilters = (json: string, filters: string) => `${json.slice(0, -1)},"filters":${filters}}`;

/** The read-cache tags of the filters and values a product shows. */
export function filterTags(filters: readonly ProductFilterWire[]): string[] {
  return filters.flatMap((f) => [`filters:${f.filter_id}`, `filter_values:${f.value_id}`]);
}
