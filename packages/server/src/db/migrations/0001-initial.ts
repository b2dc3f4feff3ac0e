import { type Kysely, sql } from "kysely";

// The whole data model of spec §3 in one step. Raw SQL because the constraints, generated columns,
// triggers and index methods are the point here, and they read best as SQL.
/** Tables whose rows appear in public answers of the shop service. */
export const CATALOGUE_TABLES = [
  "users",
  "categories",
  "sub_categories",
  "filters",
  "filter_values",
  "shops",
  "shop_categories",
  "products",
  "product_images",
  "ratings",
  "comments",
  "comment_images",
  "follows",
  "faqs",
  "feedback",
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      phone text NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      password_hash text NOT NULL,
      date_of_birth date,
      country text,
      gender text CHECK (gender IN ('male', 'female')),
      profile_picture text,
      verification_status text NOT NULL DEFAULT 'UNVERIFIED'
        CHECK (verification_status IN ('UNVERIFIED', 'PENDING', 'VERIFIED', 'REJECTED')),
      email_verified boolean NOT NULL DEFAULT false,
      role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_phone_key ON users (phone)`.execute(db);

  await sql`
    CREATE TABLE auth_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id)`.execute(db);

  await sql`
    CREATE TABLE one_time_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('signup', 'reset', 'email_change')),
      code_hash text NOT NULL,
      new_email text,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX one_time_codes_user_purpose_idx ON one_time_codes (user_id, purpose, created_at DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE reset_keys (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      key_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE categories (
      id serial PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      slug text NOT NULL UNIQUE,
      image_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX categories_name_key ON categories (lower(name))`.execute(db);

  await sql`
    CREATE TABLE sub_categories (
      id serial PRIMARY KEY,
      category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      slug text NOT NULL UNIQUE,
      image_url text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX sub_categories_name_key ON sub_categories (category_id, lower(name))`.execute(
    db,
  );
  await sql`CREATE INDEX sub_categories_lower_name_idx ON sub_categories (lower(name))`.execute(db);

  await sql`
    CREATE TABLE filters (
      id serial PRIMARY KEY,
      sub_category_id integer NOT NULL REFERENCES sub_categories (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX filters_name_key ON filters (sub_category_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE filter_values (
      id serial PRIMARY KEY,
      filter_id integer NOT NULL REFERENCES filters (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100)
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX filter_values_name_key ON filter_values (filter_id, lower(name))`.execute(db);

  await sql`
    CREATE TABLE shops (
      id serial PRIMARY KEY,
      owner_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
      slug text NOT NULL UNIQUE,
      bio text NOT NULL DEFAULT '',
      email text,
      phone text CHECK (phone IS NULL OR length(phone) <= 14),
      display_image text,
      cover_image text,
      verification_status text NOT NULL DEFAULT 'UNVERIFIED'
        CHECK (verification_status IN ('UNVERIFIED', 'PENDING', 'VERIFIED', 'REJECTED')),
      location_name text,
      location_latitude double precision CHECK (location_latitude BETWEEN -90 AND 90),
      location_longitude double precision CHECK (location_longitude BETWEEN -180 AND 180),
      rating_total integer NOT NULL DEFAULT 0,
      rating_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX shops_owner_idx ON shops (owner_id)`.execute(db);
  await sql`CREATE INDEX shops_name_trgm_idx ON shops USING gin (name gin_trgm_ops) WITH (fastupdate = off)`.execute(
    db,
  );

  await sql`
    CREATE TABLE shop_categories (
      shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
      position smallint NOT NULL CHECK (position BETWEEN 1 AND 3),
      PRIMARY KEY (shop_id, category_id),
      UNIQUE (shop_id, position)
    )`.execute(db);
  await sql`CREATE INDEX shop_categories_category_idx ON shop_categories (category_id)`.execute(db);

  await sql`
    CREATE TABLE products (
      id serial PRIMARY KEY,
      shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
      category_id integer NOT NULL REFERENCES categories (id),
      sub_category_id integer NOT NULL REFERENCES sub_categories (id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      slug text NOT NULL UNIQUE,
      description text NOT NULL DEFAULT '',
      price bigint NOT NULL CHECK (price >= 0),
      in_stock integer NOT NULL CHECK (in_stock >= 0),
      rating_total integer NOT NULL DEFAULT 0,
      rating_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
      ) STORED
    )`.execute(db);
  // Public lists show only what is in stock, newest first: partial indexes keep those pages cheap.
  await sql`CREATE INDEX products_listed_idx ON products (id DESC) WHERE in_stock > 0`.execute(db);
  await sql`CREATE INDEX products_category_idx ON products (category_id, id DESC) WHERE in_stock > 0`.execute(
    db,
  );
  await sql`CREATE INDEX products_sub_category_idx ON products (sub_category_id, id DESC) WHERE in_stock > 0`.execute(
    db,
  );
  await sql`CREATE INDEX products_shop_idx ON products (shop_id, id DESC)`.execute(db);
  await sql`CREATE INDEX products_search_idx ON products USING gin (search_vector) WITH (fastupdate = off)`.execute(
    db,
  );
  await sql`CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops) WITH (fastupdate = off)`.execute(
    db,
  );

  await sql`
    CREATE TABLE product_images (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      position smallint NOT NULL,
      path text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      UNIQUE (product_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE saved_products (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, product_id)
    )`.execute(db);

  await sql`
    CREATE TABLE browse_history (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      viewed_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, product_id)
    )`.execute(db);
  await sql`CREATE INDEX browse_history_recent_idx ON browse_history (user_id, viewed_at DESC)`.execute(db);

  await sql`
    CREATE TABLE ratings (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      rating smallint NOT NULL CHECK (rating BETWEEN 0 AND 10),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, product_id)
    )`.execute(db);
  // Product cards and shop pages show averages on every list: ratings keep sum and count on the
  // product row and on its shop's row (a shop's rating is over all ratings of its products).
  await sql`
    CREATE FUNCTION ratings_keep_totals() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE products SET rating_total = rating_total - OLD.rating, rating_count = rating_count - 1
        WHERE id = OLD.product_id;
        UPDATE shops SET rating_total = rating_total - OLD.rating, rating_count = rating_count - 1
        WHERE id = (SELECT shop_id FROM products WHERE id = OLD.product_id);
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE products SET rating_total = rating_total + NEW.rating, rating_count = rating_count + 1
        WHERE id = NEW.product_id;
        UPDATE shops SET rating_total = rating_total + NEW.rating, rating_count = rating_count + 1
        WHERE id = (SELECT shop_id FROM products WHERE id = NEW.product_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER ratings_keep_totals AFTER INSERT OR UPDATE OR DELETE ON ratings
    FOR EACH ROW EXECUTE FUNCTION ratings_keep_totals()`.execute(db);
  // A deleted product takes its ratings out of its shop's totals. (The cascade that then deletes
  // the ratings runs when the product row is gone, so the ratings trigger no longer finds its shop.)
  await sql`
    CREATE FUNCTION products_release_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.rating_count > 0 THEN
        UPDATE shops SET rating_total = rating_total - OLD.rating_total, rating_count = rating_count - OLD.rating_count
        WHERE id = OLD.shop_id;
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER products_release_ratings BEFORE DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION products_release_ratings()`.execute(db);

  // Paginated listings need their size on every page; counting ~100,000 in-stock rows each time is
  // the slowest part of a page. Statement triggers keep the counts (all, per category, per sub
  // category) in step with every insert, update and delete, bulk ones included.
  await sql`
    CREATE TABLE listing_counts (
      scope text NOT NULL CHECK (scope IN ('all', 'category', 'sub_category')),
      scope_id integer NOT NULL,
      in_stock bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (scope, scope_id)
    )`.execute(db);
  const deltas = {
    insert: "SELECT category_id, sub_category_id, 1 AS n FROM new_rows WHERE in_stock > 0",
    delete: "SELECT category_id, sub_category_id, -1 AS n FROM old_rows WHERE in_stock > 0",
    update: `SELECT category_id, sub_category_id, 1 AS n FROM new_rows WHERE in_stock > 0
             UNION ALL SELECT category_id, sub_category_id, -1 FROM old_rows WHERE in_stock > 0`,
  };
  const transitionTables = {
    insert: "NEW TABLE AS new_rows",
    delete: "OLD TABLE AS old_rows",
    update: "OLD TABLE AS old_rows NEW TABLE AS new_rows",
  };
  for (const op of ["insert", "delete", "update"] as const) {
    await sql
      .raw(`
      CREATE FUNCTION listing_counts_on_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
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
    await sql
      .raw(`CREATE TRIGGER listing_counts_on_${op} AFTER ${op.toUpperCase()} ON products
        REFERENCING ${transitionTables[op]} FOR EACH STATEMENT EXECUTE FUNCTION listing_counts_on_${op}()`)
      .execute(db);
  }

  await sql`
    CREATE TABLE comments (
      id serial PRIMARY KEY,
      product_id integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      comment text NOT NULL CHECK (length(btrim(comment)) BETWEEN 1 AND 2000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX comments_product_idx ON comments (product_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX comments_user_idx ON comments (user_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE comment_images (
      id serial PRIMARY KEY,
      comment_id integer NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
      position smallint NOT NULL,
      path text NOT NULL,
      UNIQUE (comment_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE follows (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, shop_id)
    )`.execute(db);
  await sql`CREATE INDEX follows_shop_idx ON follows (shop_id)`.execute(db);

  await sql`
    CREATE TABLE shop_verification_requests (
      id serial PRIMARY KEY,
      shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
      requested_by integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      contact text NOT NULL,
      shop_image text,
      location_latitude double precision,
      location_longitude double precision,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VERIFIED', 'REJECTED')),
      reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz
    )`.execute(db);
  // 'Shop already has a verification request': one open request per shop.
  await sql`CREATE UNIQUE INDEX shop_verification_open_key ON shop_verification_requests (shop_id) WHERE status = 'PENDING'`.execute(
    db,
  );

  await sql`
    CREATE TABLE user_verification_requests (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      phone text NOT NULL,
      nin text NOT NULL,
      national_id_image text NOT NULL,
      user_image text NOT NULL,
      location_latitude double precision,
      location_longitude double precision,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'VERIFIED', 'REJECTED')),
      reason text,
      created_at timestamptz NOT NULL DEFAULT now(),
      reviewed_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX user_verification_open_key ON user_verification_requests (user_id) WHERE status = 'PENDING'`.execute(
    db,
  );

  await sql`
    CREATE TABLE faqs (
      id serial PRIMARY KEY,
      question text NOT NULL,
      answer text NOT NULL,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE feedback (
      id serial PRIMARY KEY,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 4000),
      stars smallint NOT NULL CHECK (stars BETWEEN 0 AND 10),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE chat_rooms (
      id serial PRIMARY KEY,
      slug text NOT NULL UNIQUE,
      customer_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      shop_id integer NOT NULL REFERENCES shops (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_message_at timestamptz,
      UNIQUE (customer_id, shop_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_rooms_shop_idx ON chat_rooms (shop_id)`.execute(db);

  await sql`
    CREATE TABLE chat_messages (
      id serial PRIMARY KEY,
      room_id integer NOT NULL REFERENCES chat_rooms (id) ON DELETE CASCADE,
      sender_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      message text NOT NULL CHECK (length(message) <= 4000),
      product_id integer REFERENCES products (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_room_idx ON chat_messages (room_id, created_at)`.execute(db);

  // Every server instance keeps public answers in memory (http/read-cache.ts); any change to what
  // those answers show tells them all to drop it, whoever made the change (a route, the seed, psql).
  await sql`
    CREATE FUNCTION notify_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('katale_catalogue_changed', TG_TABLE_NAME);
      RETURN NULL;
    END $$`.execute(db);
  for (const table of CATALOGUE_TABLES) {
    await sql
      .raw(`CREATE TRIGGER ${table}_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_changed()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "chat_messages",
    "chat_rooms",
    "feedback",
    "faqs",
    "user_verification_requests",
    "shop_verification_requests",
    "follows",
    "comment_images",
    "comments",
    "ratings",
    "browse_history",
    "saved_products",
    "product_images",
    "listing_counts",
    "products",
    "shop_categories",
    "shops",
    "filter_values",
    "filters",
    "sub_categories",
    "categories",
    "reset_keys",
    "one_time_codes",
    "auth_tokens",
    "users",
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  for (const fn of [
    "ratings_keep_totals",
    "products_release_ratings",
    "listing_counts_on_insert",
    "listing_counts_on_delete",
    "listing_counts_on_update",
    "notify_catalogue_changed",
  ]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.raw(fn)}()`.execute(db);
  }
}
