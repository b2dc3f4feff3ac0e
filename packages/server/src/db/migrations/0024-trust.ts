import { type Kysely, sql } from "kysely";

// Trust and safety: reports, moderation holds, the admins' audit log.
//
// Moderation hides, never deletes. A hidden product, shop, review or chat message keeps its row and
// carries `hidden = true`; a suspended user carries `suspended = true`. Why it is hidden (and by
// whom, or by the reports' threshold) lives in moderation_holds, one row per target; a product is
// hidden when it or its shop holds one (moderation/moderation-repository.ts writes both).
//
// One rule for the public read paths: a product is listed when `in_stock > 0 AND NOT hidden`. The
// kept listing counts (listing_counts, migration 0001; listing_buckets and listing_fine_buckets,
// migrations 0006 and 0012) count by that rule now, so a hidden product leaves the counts and the
// pages together. Hiding is an UPDATE of products, so the catalogue change notices (migration 0013)
// drop the read caches of every instance as any other change does. No product is hidden when this
// runs, so the counts already kept are right.
//
// The audit log is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE on it, whoever asks.

/** The listed rule, for a row alias (or a transition table). */
const LISTED = (row: string) => `${row}.in_stock > 0 AND NOT ${row}.hidden`;

const LISTING_BUCKETS = [
  { table: "listing_buckets", bits: 10 },
  { table: "listing_fine_buckets", bits: 7 },
] as const;

/** Migration 0006's and 0012's bucket trigger functions, counting by `listed`. */
async function bucketFunctions(db: Kysely<unknown>, listed: (row: string) => string): Promise<void> {
  for (const { table, bits } of LISTING_BUCKETS) {
    const deltas = {
      insert: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, 1 AS n FROM new_rows r WHERE ${listed("r")}`,
      delete: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, -1 AS n FROM old_rows r WHERE ${listed("r")}`,
      update: `SELECT id >> ${bits} AS bucket, category_id, sub_category_id, 1 AS n FROM new_rows r WHERE ${listed("r")}
               UNION ALL SELECT id >> ${bits}, category_id, sub_category_id, -1 FROM old_rows r WHERE ${listed("r")}`,
    };
    for (const op of ["insert", "delete", "update"] as const) {
      await sql
        .raw(`
        CREATE OR REPLACE FUNCTION ${table}_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO ${table} AS lb (scope, scope_id, bucket, in_stock)
          SELECT scope, scope_id, bucket, sum(n) FROM (
            SELECT 'all' AS scope, 0 AS scope_id, bucket, n FROM (${deltas[op]}) d
            UNION ALL SELECT 'category', category_id, bucket, n FROM (${deltas[op]}) d
            UNION ALL SELECT 'sub_category', sub_category_id, bucket, n FROM (${deltas[op]}) d
          ) x GROUP BY scope, scope_id, bucket HAVING sum(n) <> 0
          ON CONFLICT (scope, scope_id, bucket) DO UPDATE SET in_stock = lb.in_stock + excluded.in_stock;
          RETURN NULL;
        END $$`)
        .execute(db);
    }
  }
}

/** Migration 0001's listing_counts trigger functions, counting by `listed`. */
async function countFunctions(db: Kysely<unknown>, listed: (row: string) => string): Promise<void> {
  const deltas = {
    insert: `SELECT category_id, sub_category_id, 1 AS n FROM new_rows r WHERE ${listed("r")}`,
    delete: `SELECT category_id, sub_category_id, -1 AS n FROM old_rows r WHERE ${listed("r")}`,
    update: `SELECT category_id, sub_category_id, 1 AS n FROM new_rows r WHERE ${listed("r")}
             UNION ALL SELECT category_id, sub_category_id, -1 FROM old_rows r WHERE ${listed("r")}`,
  };
  for (const op of ["insert", "delete", "update"] as const) {
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION listing_counts_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        WITH delta AS (${deltas[op]})
        INSERT INTO listing_counts AS lc (scope, scope_id, in_stock)
        SELECT scope, scope_id, sum(n) FROM (
          SELECT 'all' AS scope, 0 AS scope_id, n FROM delta
          UNION ALL SELECT 'category', category_id, n FROM delta
          UNION ALL SELECT 'sub_category', sub_category_id, n FROM delta
        ) x GROUP BY scope, scope_id HAVING sum(n) <> 0
        ON CONFLICT (scope, scope_id) DO UPDATE SET in_stock = lc.in_stock + excluded.in_stock;
        RETURN NULL;
      END $$`)
      .execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["products", "shops", "comments", "chat_messages"]) {
    await sql.raw(`ALTER TABLE ${table} ADD COLUMN hidden boolean NOT NULL DEFAULT false`).execute(db);
  }
  await sql`ALTER TABLE users ADD COLUMN suspended boolean NOT NULL DEFAULT false`.execute(db);

  await sql`
    CREATE TABLE reports (
      id serial PRIMARY KEY,
      reporter_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      target text NOT NULL CHECK (target IN ('product', 'shop', 'user', 'review', 'message')),
      target_id integer NOT NULL,
      reason text NOT NULL
        CHECK (reason IN ('scam', 'prohibited', 'counterfeit', 'wrong_category', 'offensive', 'spam', 'other')),
      details text NOT NULL DEFAULT '' CHECK (length(details) <= 1000),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
      action text CHECK (action IN ('dismiss', 'hide', 'suspend')),
      note text,
      resolved_by integer,
      resolved_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One open report per reporter and target: the database refuses a second (409 already_reported).
  await sql`
    CREATE UNIQUE INDEX reports_one_open_idx ON reports (reporter_id, target, target_id) WHERE status = 'open'`.execute(
    db,
  );
  await sql`CREATE INDEX reports_target_idx ON reports (target, target_id, status)`.execute(db);
  await sql`CREATE INDEX reports_reporter_time_idx ON reports (reporter_id, created_at)`.execute(db);
  await sql`CREATE INDEX reports_status_time_idx ON reports (status, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE moderation_holds (
      target text NOT NULL CHECK (target IN ('product', 'shop', 'user', 'review', 'message')),
      target_id integer NOT NULL,
      kind text NOT NULL CHECK (kind IN ('hide', 'suspend')),
      note text NOT NULL DEFAULT '',
      automatic boolean NOT NULL DEFAULT false,
      created_by integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (target, target_id)
    )`.execute(db);

  // A product added to a hidden shop is hidden with it.
  await sql`
    CREATE FUNCTION products_hidden_with_shop() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM moderation_holds WHERE target = 'shop' AND target_id = NEW.shop_id) THEN
        NEW.hidden := true;
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_hidden_with_shop BEFORE INSERT ON products
    FOR EACH ROW EXECUTE FUNCTION products_hidden_with_shop()`.execute(db);

  await countFunctions(db, LISTED);
  await bucketFunctions(db, LISTED);

  await sql`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      actor_id integer NOT NULL,
      actor_name text NOT NULL,
      action text NOT NULL,
      target text NOT NULL,
      target_id text NOT NULL,
      before jsonb,
      after jsonb,
      address text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target, target_id, id DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const inStock = (row: string) => `${row}.in_stock > 0`;
  await countFunctions(db, inStock);
  await bucketFunctions(db, inStock);
  await sql`DROP TRIGGER IF EXISTS products_hidden_with_shop ON products`.execute(db);
  await sql`DROP FUNCTION IF EXISTS products_hidden_with_shop()`.execute(db);
  await sql`DROP TABLE IF EXISTS audit_log`.execute(db);
  await sql`DROP FUNCTION IF EXISTS audit_log_append_only()`.execute(db);
  await sql`DROP TABLE IF EXISTS moderation_holds`.execute(db);
  await sql`DROP TABLE IF EXISTS reports`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN IF EXISTS suspended`.execute(db);
  for (const table of ["products", "shops", "comments", "chat_messages"]) {
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN IF EXISTS hidden`).execute(db);
  }
}
