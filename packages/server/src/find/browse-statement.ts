import type { BrowseSort } from "@katale/adapters-http/contract";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../db/schema.js";

// The browse statement (GET product/browse/): one statement answers a page, its count and every
// facet. The products that the scope narrowings leave (category, sub category, search words,
// distance: each served by its index) are read once into `m`, each with one flag per facet
// narrowing (price, district, verified, stock, filter values). The page and the count take every
// flag; each facet takes every flag but its own, so choosing "Papyrus" still counts "Raffia".
// Filter values: `sat` holds the chosen filters a product has a chosen value of; values of one filter
// are OR'ed, different filters AND'ed, so a product passes when it satisfies every chosen filter.

/** A browse request, checked and read (browse-routes.ts). */
export interface BrowseAsk {
  categoryId?: number | undefined;
  subCategoryId?: number | undefined;
  /** Search words (letters and digits only: searchWords). */
  words: readonly string[];
  /** Chosen value ids and the filter each belongs to. */
  values: readonly { valueId: number; filterId: number }[];
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  districts: readonly string[];
  near?: { lat: number; lng: number; radiusKm: number } | undefined;
  verified: boolean;
  inStock: boolean;
  sort: BrowseSort;
  skip: number;
  size: number;
}

/** The statement's one row: texts the route puts together. */
export interface BrowseRow {
  total: number | string;
  results: string;
  price_min: number | string | null;
  price_max: number | string | null;
  districts: string;
  verified: number | string;
  in_stock: number | string;
  value_counts: string;
}

const TRUE = sql`true`;
const all = (...parts: RawBuilder<unknown>[]) => sql.join(parts, sql` AND `);

/** Kilometres from the shop (s) to a point: the haversine formula. */
const kmTo = (lat: number, lng: number) => sql`(12742 * asin(sqrt(
  power(sin(radians(s.location_latitude - ${lat}::float8) / 2), 2)
  + cos(radians(${lat}::float8)) * cos(radians(s.location_latitude))
    * power(sin(radians(s.location_longitude - ${lng}::float8) / 2), 2))))`;

function orderOf(sort: BrowseSort): RawBuilder<unknown> {
  switch (sort) {
    case "price_asc":
      return sql`price ASC, id DESC`;
    case "price_desc":
      return sql`price DESC, id DESC`;
    case "rating":
      return sql`rating DESC, id DESC`;
    case "nearest":
      return sql`dist ASC, id DESC`;
    case "relevance":
      return sql`rank DESC, id DESC`;
    default:
      return sql`id DESC`;
  }
}

export async function browseRow(db: Kysely<Database>, ask: BrowseAsk): Promise<BrowseRow> {
  const scope: RawBuilder<unknown>[] = [TRUE];
  if (ask.categoryId !== undefined) scope.push(sql`p.category_id = ${ask.categoryId}::int`);
  if (ask.subCategoryId !== undefined) scope.push(sql`p.sub_category_id = ${ask.subCategoryId}::int`);
  const query =
    ask.words.length > 0
      ? sql`to_tsquery('english', ${ask.words.map((w) => `${w}:*`).join(" & ")}::text)`
      : undefined;
  if (query) scope.push(sql`p.search_vector @@ ${query}`);
  const dist = ask.near ? kmTo(ask.near.lat, ask.near.lng) : sql`NULL::float8`;
  if (ask.near) {
    // The box around the point first (cheap), then the distance itself.
    const dLat = ask.near.radiusKm / 111;
    scope.push(
      sql`s.location_latitude BETWEEN ${ask.near.lat - dLat}::float8 AND ${ask.near.lat + dLat}::float8`,
    );
    scope.push(sql`${dist} <= ${ask.near.radiusKm}::float8`);
  }

  const valueIds = ask.values.map((v) => v.valueId);
  const chosenFilters = [...new Set(ask.values.map((v) => v.filterId))];
  const sat =
    valueIds.length > 0
      ? sql`ARRAY(SELECT pfv.filter_id FROM product_filter_values pfv
          WHERE pfv.product_id = p.id AND pfv.value_id = ANY(${valueIds}::int[]))`
      : sql`'{}'::int[]`;
  const okPrice = all(
    ask.priceMin !== undefined ? sql`p.price >= ${ask.priceMin}::bigint` : TRUE,
    ask.priceMax !== undefined ? sql`p.price <= ${ask.priceMax}::bigint` : TRUE,
  );
  const okDistrict = ask.districts.length > 0 ? sql`s.district = ANY(${[...ask.districts]}::text[])` : TRUE;
  const okVerified = ask.verified ? sql`s.verification_status = 'VERIFIED'` : TRUE;
  const okStock = ask.inStock ? sql`p.in_stock > 0` : TRUE;
  const okValues = sql`cardinality(sat) = ${chosenFilters.length}::int`;
  const flags = {
    price: sql`ok_price`,
    district: sql`ok_district`,
    verified: sql`ok_verified`,
    stock: sql`ok_stock`,
    values: okValues,
  };
  const allBut = (left: keyof typeof flags | "") =>
    all(...Object.entries(flags).flatMap(([name, flag]) => (name === left ? [] : [flag])));
  const every = allBut("");

  const { rows } = await sql<BrowseRow>`
    WITH m AS MATERIALIZED (
      SELECT p.id, p.price, p.in_stock > 0 AS stocked, s.district,
        s.verification_status = 'VERIFIED' AS verified,
        CASE WHEN p.rating_count > 0 THEN p.rating_total::float8 / p.rating_count ELSE 0 END AS rating,
        ${dist} AS dist, ${query ? sql`ts_rank(p.search_vector, ${query})` : sql`0::real`} AS rank,
        ${okPrice} AS ok_price, ${okDistrict} AS ok_district, ${okVerified} AS ok_verified,
        ${okStock} AS ok_stock, ${sat} AS sat
      FROM products p JOIN shops s ON s.id = p.shop_id
      WHERE ${all(...scope)} AND NOT p.hidden
    )
    SELECT
      (SELECT count(*) FROM m WHERE ${every}) AS total,
      (SELECT '[' || coalesce(string_agg(p.wire, ',' ORDER BY pg.ord), '') || ']'
        FROM (SELECT id, row_number() OVER (ORDER BY ${orderOf(ask.sort)}) AS ord FROM m WHERE ${every}
              ORDER BY ${orderOf(ask.sort)} LIMIT ${ask.size}::int OFFSET ${ask.skip}::bigint) pg
        JOIN products p ON p.id = pg.id) AS results,
      (SELECT min(price) FROM m WHERE ${allBut("price")}) AS price_min,
      (SELECT max(price) FROM m WHERE ${allBut("price")}) AS price_max,
      (SELECT coalesce(json_agg(json_build_object('district', d.district, 'count', d.n)
                ORDER BY d.n DESC, d.district), '[]')::text
        FROM (SELECT district, count(*) AS n FROM m WHERE ${allBut("district")} AND district IS NOT NULL
              GROUP BY district) d) AS districts,
      (SELECT count(*) FROM m WHERE ${allBut("verified")} AND verified) AS verified,
      (SELECT count(*) FROM m WHERE ${allBut("stock")} AND stocked) AS in_stock,
      (SELECT coalesce(json_agg(json_build_array(c.filter_id, c.value_id, c.n)), '[]')::text
        FROM (SELECT pfv.filter_id, pfv.value_id, count(*) AS n
              FROM m JOIN product_filter_values pfv ON pfv.product_id = m.id
              WHERE ${allBut("values")}
                AND cardinality(m.sat) - (CASE WHEN pfv.filter_id = ANY(m.sat) THEN 1 ELSE 0 END)
                  = ${chosenFilters.length}::int
                    - (CASE WHEN pfv.filter_id = ANY(${chosenFilters}::int[]) THEN 1 ELSE 0 END)
              GROUP BY pfv.filter_id, pfv.value_id) c) AS value_counts`.execute(db);
  return rows[0]!;
}
