import { type Kysely, sql } from "kysely";
import { DISTRICT_POINTS, DISTRICT_REACH_DEGREES } from "../../geo/districts.js";

// Finding products (browse, saved searches):
// - product_filter_values: a product's value of each filter of its sub category (at most one per
//   filter: the key), indexed by value for narrowing and counting. A change names its products in the
//   catalogue notice (products:1,2), so the read cache drops their answers and every listing.
// - shops.district, worked out by the database from the shop's location with the gazetteer's points
//   (geo/districts.ts, copied into district_points) whenever the shop is created or moved.
// - indexes for browsing by price within a listing.
// - saved_searches: a user's browse queries, with the newest product id when saved (last_product_id),
//   so new matches are the ones with a larger id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE filter_values ADD CONSTRAINT filter_values_id_filter_key UNIQUE (id, filter_id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE product_filter_values (
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      filter_id integer NOT NULL,
      value_id integer NOT NULL,
      PRIMARY KEY (product_id, filter_id),
      FOREIGN KEY (value_id, filter_id) REFERENCES filter_values (id, filter_id) ON DELETE CASCADE
    )`.execute(db);
  await sql`CREATE INDEX product_filter_values_value_idx ON product_filter_values (value_id, product_id)`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION notify_product_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      ids text;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT string_agg(DISTINCT product_id::text, ',') INTO ids FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT string_agg(DISTINCT product_id::text, ',') INTO ids FROM old_rows;
      ELSE
        SELECT string_agg(DISTINCT product_id::text, ',') INTO ids
        FROM (SELECT product_id FROM old_rows UNION SELECT product_id FROM new_rows) changed;
      END IF;
      IF ids IS NOT NULL THEN
        PERFORM pg_notify('katale_catalogue_changed',
          CASE WHEN length(ids) <= 7000 THEN 'products:' || ids ELSE 'products' END);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  const referencing = {
    insert: "NEW TABLE AS new_rows",
    update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
    delete: "OLD TABLE AS old_rows",
  };
  for (const [op, tables] of Object.entries(referencing)) {
    await sql
      .raw(`CREATE TRIGGER product_filter_values_notify_${op} AFTER ${op.toUpperCase()} ON product_filter_values
        REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION notify_product_values_changed()`)
      .execute(db);
  }

  await sql`CREATE TABLE district_points (district text NOT NULL, lat double precision NOT NULL, lon double precision NOT NULL)`.execute(
    db,
  );
  const points = DISTRICT_POINTS.map(([d, lat, lon]) => sql`(${d}, ${lat}::float8, ${lon}::float8)`);
  await sql`INSERT INTO district_points (district, lat, lon) VALUES ${sql.join(points)}`.execute(db);
  await sql`ALTER TABLE shops ADD COLUMN district text`.execute(db);
  await sql
    .raw(`
    CREATE FUNCTION shops_place_district() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.location_latitude IS NULL OR NEW.location_longitude IS NULL THEN
        NEW.district := NULL;
      ELSE
        SELECT d.district INTO NEW.district FROM district_points d
        WHERE abs(d.lat - NEW.location_latitude) <= ${DISTRICT_REACH_DEGREES}
          AND abs(d.lon - NEW.location_longitude) <= ${DISTRICT_REACH_DEGREES}
        ORDER BY (d.lat - NEW.location_latitude) ^ 2
          + ((d.lon - NEW.location_longitude) * cos(radians(NEW.location_latitude))) ^ 2, d.district
        LIMIT 1;
        IF NOT FOUND THEN NEW.district := NULL; END IF;
      END IF;
      RETURN NEW;
    END $$`)
    .execute(db);
  await sql`
    CREATE TRIGGER shops_place_district BEFORE INSERT OR UPDATE OF location_latitude, location_longitude, district
    ON shops FOR EACH ROW EXECUTE FUNCTION shops_place_district()`.execute(db);
  await sql`UPDATE shops SET district = NULL WHERE location_latitude IS NOT NULL`.execute(db);
  await sql`CREATE INDEX shops_district_idx ON shops (district)`.execute(db);

  await sql`CREATE INDEX products_category_price_idx ON products (category_id, price, id)`.execute(db);
  await sql`CREATE INDEX products_sub_category_price_idx ON products (sub_category_id, price, id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE saved_searches (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      query text NOT NULL CHECK (length(query) <= 2000),
      last_product_id integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX saved_searches_user_idx ON saved_searches (user_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE saved_searches`.execute(db);
  await sql`DROP INDEX products_sub_category_price_idx`.execute(db);
  await sql`DROP INDEX products_category_price_idx`.execute(db);
  await sql`DROP TRIGGER shops_place_district ON shops`.execute(db);
  await sql`DROP FUNCTION shops_place_district()`.execute(db);
  await sql`ALTER TABLE shops DROP COLUMN district`.execute(db);
  await sql`DROP TABLE district_points`.execute(db);
  await sql`DROP TABLE product_filter_values`.execute(db);
  await sql`DROP FUNCTION notify_product_values_changed()`.execute(db);
  await sql`ALTER TABLE filter_values DROP CONSTRAINT filter_values_id_filter_key`.execute(db);
}
