import { type Insertable, type Kysely, type Selectable, sql } from "kysely";
import type {
  CategoriesTable,
  CommentsTable,
  Database,
  FaqsTable,
  FeedbackTable,
  FollowsTable,
  RatingsTable,
  ShopsTable,
  SubCategoriesTable,
  UsersTable,
  VerificationStatus,
} from "../db/schema.js";

// Test-data builders ("object mothers"): each inserts one row with sensible defaults and returns it.
// Missing parents are created on the way (a product without a shop gets a new shop, and so on), so a
// test names only what it asserts on. Names and slugs are unique within a process.

type Db = Kysely<Database>;

let sequence = 0;
const next = () => ++sequence;

/** When fixture accounts were made: two days ago, so the new accounts' limits do not hold for them. */
const ESTABLISHED = () => new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);

export async function aUser(
  db: Db,
  overrides: Partial<Omit<Selectable<UsersTable>, "id" | "created_at">> & { created_at?: Date } = {},
): Promise<Selectable<UsersTable>> {
  const n = next();
  const { created_at: createdAt = ESTABLISHED(), ...fields } = overrides;
  return db
    .insertInto("users")
    .values({
      email: `user${n}@example.ug`,
      phone: `07${String(n).padStart(8, "0")}`,
      name: `User ${n}`,
      // Not a usable password: fixtures that log in set their own hash.
      password_hash: "x",
      date_of_birth: null,
      country: "Uganda",
      gender: null,
      profile_picture: null,
      email_verified: true,
      deleted_at: null,
      created_at: sql<never>`${createdAt.toISOString()}::timestamptz`,
      ...fields,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function aCategory(
  db: Db,
  overrides: { name?: string; image_url?: string | null } = {},
): Promise<Selectable<CategoriesTable>> {
  const n = next();
  const name = overrides.name ?? `Category ${n}`;
  return db
    .insertInto("categories")
    .values({ name, slug: `${slugify(name)}-${n}`, image_url: overrides.image_url ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function aSubCategory(
  db: Db,
  overrides: { category_id?: number; name?: string; image_url?: string | null } = {},
): Promise<Selectable<SubCategoriesTable>> {
  const n = next();
  const categoryId = overrides.category_id ?? (await aCategory(db)).id;
  const name = overrides.name ?? `Sub category ${n}`;
  return db
    .insertInto("sub_categories")
    .values({
      category_id: categoryId,
      name,
      slug: `${slugify(name)}-${n}`,
      image_url: overrides.image_url ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function aShop(
  db: Db,
  overrides: {
    owner_id?: number;
    name?: string;
    bio?: string;
    email?: string | null;
    phone?: string | null;
    verification_status?: VerificationStatus;
    display_image?: string | null;
    cover_image?: string | null;
    location_latitude?: number | null;
    location_longitude?: number | null;
    /** category ids, at most 3, in order */
    categories?: number[];
  } = {},
): Promise<Selectable<ShopsTable>> {
  const n = next();
  const { categories = [], owner_id, name = `Shop ${n}`, ...rest } = overrides;
  const ownerId = owner_id ?? (await aUser(db)).id;
  const shop = await db
    .insertInto("shops")
    .values({
      owner_id: ownerId,
      name,
      slug: `${slugify(name)}-${n}`,
      bio: "",
      email: null,
      phone: null,
      display_image: null,
      cover_image: null,
      location_name: "Kampala",
      location_latitude: 0.3476,
      location_longitude: 32.5825,
      ...rest,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (categories.length > 0) {
    await db
      .insertInto("shop_categories")
      .values(categories.map((category_id, i) => ({ shop_id: shop.id, category_id, position: i + 1 })))
      .execute();
  }
  return shop;
}

export interface ProductFixture {
  id: number;
  name: string;
  slug: string;
  shop_id: number;
  category_id: number;
  sub_category_id: number;
  price: number;
  in_stock: number;
  images: string[];
}

export async function aProduct(
  db: Db,
  overrides: {
    shop_id?: number;
    category_id?: number;
    sub_category_id?: number;
    name?: string;
    slug?: string;
    description?: string;
    price?: number;
    in_stock?: number;
    /** host paths in display order; default one image */
    images?: string[];
  } = {},
): Promise<ProductFixture> {
  const n = next();
  const shopId = overrides.shop_id ?? (await aShop(db)).id;
  let { category_id: categoryId, sub_category_id: subCategoryId } = overrides;
  if (subCategoryId === undefined) {
    subCategoryId = (await aSubCategory(db, categoryId === undefined ? {} : { category_id: categoryId })).id;
  }
  if (categoryId === undefined) {
    const sub = await db
      .selectFrom("sub_categories")
      .select("category_id")
      .where("id", "=", subCategoryId)
      .executeTakeFirstOrThrow();
    categoryId = sub.category_id;
  }
  const name = overrides.name ?? `Product ${n}`;
  const row = await db
    .insertInto("products")
    .values({
      shop_id: shopId,
      category_id: categoryId,
      sub_category_id: subCategoryId,
      name,
      slug: overrides.slug ?? `${slugify(name)}-${n}`,
      description: overrides.description ?? `A fine ${name.toLowerCase()}.`,
      price: overrides.price ?? 25_000,
      in_stock: overrides.in_stock ?? 5,
    })
    .returning(["id", "name", "slug", "shop_id", "category_id", "sub_category_id", "price", "in_stock"])
    .executeTakeFirstOrThrow();
  const images = overrides.images ?? [`/media/products/fixture-${n}.webp`];
  if (images.length > 0) {
    await db
      .insertInto("product_images")
      .values(
        images.map((path, i) => ({ product_id: row.id, position: i + 1, path, width: 1200, height: 900 })),
      )
      .execute();
  }
  return { ...row, price: Number(row.price), images };
}

/** `rating` is the stored 0–10 value. */
export async function aRating(
  db: Db,
  overrides: { product_id: number; rating: number; user_id?: number },
): Promise<Selectable<RatingsTable>> {
  const userId = overrides.user_id ?? (await aUser(db)).id;
  return db
    .insertInto("ratings")
    .values({ product_id: overrides.product_id, user_id: userId, rating: overrides.rating })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function aComment(
  db: Db,
  overrides: { product_id: number; user_id?: number; comment?: string; images?: string[] },
): Promise<Selectable<CommentsTable>> {
  const userId = overrides.user_id ?? (await aUser(db)).id;
  const comment = await db
    .insertInto("comments")
    .values({
      product_id: overrides.product_id,
      user_id: userId,
      comment: overrides.comment ?? "Good value.",
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const images = overrides.images ?? [];
  if (images.length > 0) {
    await db
      .insertInto("comment_images")
      .values(images.map((path, i) => ({ comment_id: comment.id, position: i + 1, path })))
      .execute();
  }
  return comment;
}

export async function aFollow(
  db: Db,
  overrides: { shop_id: number; user_id?: number },
): Promise<Selectable<FollowsTable>> {
  const userId = overrides.user_id ?? (await aUser(db)).id;
  return db
    .insertInto("follows")
    .values({ shop_id: overrides.shop_id, user_id: userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function aFaq(
  db: Db,
  overrides: { question?: string; answer?: string; position?: number } = {},
): Promise<Selectable<FaqsTable>> {
  const n = next();
  return db
    .insertInto("faqs")
    .values({
      question: overrides.question ?? `Question ${n}?`,
      answer: overrides.answer ?? `Answer ${n}.`,
      position: overrides.position ?? n,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `stars` is the stored 0–10 value. */
export async function aFeedback(
  db: Db,
  overrides: { name?: string; email?: string; message?: string; stars?: number; created_at?: Date } = {},
): Promise<Selectable<FeedbackTable>> {
  const n = next();
  const values = {
    name: overrides.name ?? `Customer ${n}`,
    email: overrides.email ?? `customer${n}@example.ug`,
    message: overrides.message ?? "Easy to use.",
    stars: overrides.stars ?? 8,
    ...(overrides.created_at ? { created_at: overrides.created_at } : {}),
  };
  // created_at is Generated<ColumnType<…>> in the schema, which Kysely's insert type does not unwrap.
  return db
    .insertInto("feedback")
    .values(values as Insertable<FeedbackTable>)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "item"
  );
}
