import { type Kysely, sql, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { MediaStore } from "../media/media-store.js";
import { seedDemoFilterValues } from "./demo-filter-values.js";
import { type DemoPlan, daysBefore, planDemo } from "./demo-plan.js";
import { type GeneratedImage, generateImages } from "./seed-images.js";

// The demo catalogue of a development or test server (never production: the caller guards that).
// Idempotent: it only fills an empty catalogue, in one transaction, so running it twice (or in two
// processes at once) changes nothing the second time.

/** Demo users cannot log in: "!" is never the hash of any password. */
export const DEMO_PASSWORD_HASH = "!";

const BATCH = 500;

/**
 * A timestamptz value for an insert. The schema types these columns `Generated<Timestamp>`, which
 * hides their Date insert type; a typed SQL parameter works with that and with a fixed schema alike.
 */
function at(date: Date) {
  return sql<never>`${date.toISOString()}::timestamptz`;
}

async function hasCatalogue(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom("categories").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

async function insertInBatches<T>(
  rows: readonly T[],
  insert: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await insert(rows.slice(start, start + BATCH));
  }
}

export async function seedDemo(
  db: Kysely<Database>,
  media: MediaStore,
  log: (msg: string) => void = () => {},
): Promise<{ created: boolean }> {
  if (await hasCatalogue(db)) {
    log("Demo seed: the catalogue is not empty, nothing to do.");
    return { created: false };
  }
  const started = performance.now();
  const plan = planDemo();
  const { images, rendered } = await generateImages(media, plan.images);
  const imagesDone = performance.now();

  const created = await db.transaction().execute(async (trx) => {
    // A second seeder waits here, then finds the catalogue filled.
    await sql`LOCK TABLE categories IN EXCLUSIVE MODE`.execute(trx);
    if (await hasCatalogue(trx)) return false;
    await writePlan(trx, plan, images);
    return true;
  });

  const finished = performance.now();
  log(
    created
      ? `Demo seed: ${plan.categories.length} categories, ${plan.shops.length} shops, ${plan.products.length} products, ` +
          `${plan.users.length} users; ${images.length} images (${rendered} drawn) in ${Math.round(imagesDone - started)} ms, ` +
          `database in ${Math.round(finished - imagesDone)} ms.`
      : "Demo seed: another process seeded the catalogue first, nothing to do.",
  );
  return { created };
}

async function writePlan(
  trx: Transaction<Database>,
  plan: DemoPlan,
  images: GeneratedImage[],
): Promise<void> {
  const now = Date.now();
  const path = (index: number) => images[index]!.path;

  // Explicit ids: category 5 must be "Services" (spec §9). The sequence then continues after them.
  await trx
    .insertInto("categories")
    .values(plan.categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug, image_url: path(c.image) })))
    .execute();
  await sql`SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max(id) FROM categories))`.execute(
    trx,
  );

  const subRows = await trx
    .insertInto("sub_categories")
    .values(
      plan.subCategories.map((s) => ({
        category_id: s.categoryId,
        name: s.name,
        slug: s.slug,
        image_url: path(s.image),
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const subIdBySlug = new Map(subRows.map((r) => [r.slug, r.id]));
  const subIds = plan.subCategories.map((s) => subIdBySlug.get(s.slug)!);

  const filterRows = plan.subCategories.flatMap((s, i) =>
    s.filters.map((f) => ({ sub_category_id: subIds[i]!, name: f.name, values: f.values })),
  );
  if (filterRows.length > 0) {
    const inserted = await trx
      .insertInto("filters")
      .values(filterRows.map(({ sub_category_id, name }) => ({ sub_category_id, name })))
      .returning(["id", "sub_category_id", "name"])
      .execute();
    const filterId = new Map(inserted.map((r) => [`${r.sub_category_id}|${r.name}`, r.id]));
    await trx
      .insertInto("filter_values")
      .values(
        filterRows.flatMap((f) =>
          f.values.map((name) => ({ filter_id: filterId.get(`${f.sub_category_id}|${f.name}`)!, name })),
        ),
      )
      .execute();
  }

  const userRows = await trx
    .insertInto("users")
    .values(
      plan.users.map((u) => ({
        email: u.email,
        phone: u.phone,
        name: u.name,
        password_hash: DEMO_PASSWORD_HASH,
        date_of_birth: u.dateOfBirth,
        country: "Uganda",
        gender: u.gender,
        profile_picture: path(u.image),
        verification_status: u.verified ? ("VERIFIED" as const) : ("UNVERIFIED" as const),
        email_verified: true,
      })),
    )
    .returning(["id", "email"])
    .execute();
  const userIdByEmail = new Map(userRows.map((r) => [r.email, r.id]));
  const userIds = plan.users.map((u) => userIdByEmail.get(u.email)!);

  const shopRows = await trx
    .insertInto("shops")
    .values(
      plan.shops.map((s) => ({
        owner_id: userIds[s.owner]!,
        name: s.name,
        slug: s.slug,
        bio: s.bio,
        email: s.email,
        phone: s.phone,
        display_image: path(s.logo),
        cover_image: path(s.cover),
        verification_status: s.verified ? ("VERIFIED" as const) : ("UNVERIFIED" as const),
        location_name: s.place,
        location_latitude: s.latitude,
        location_longitude: s.longitude,
        created_at: at(daysBefore(now, s.ageDays)),
      })),
    )
    .returning(["id", "slug"])
    .execute();
  const shopIdBySlug = new Map(shopRows.map((r) => [r.slug, r.id]));
  const shopIds = plan.shops.map((s) => shopIdBySlug.get(s.slug)!);
  await trx
    .insertInto("shop_categories")
    .values(
      plan.shops.flatMap((s, i) =>
        s.categories.map((categoryId, position) => ({
          shop_id: shopIds[i]!,
          category_id: categoryId,
          position: position + 1,
        })),
      ),
    )
    .execute();

  const productIds: number[] = [];
  await insertInBatches(
    plan.products.map((p, i) => ({ p, i })),
    async (batch) => {
      const rows = await trx
        .insertInto("products")
        .values(
          batch.map(({ p, i }) => ({
            shop_id: shopIds[p.shop]!,
            category_id: p.categoryId,
            sub_category_id: subIds[p.subCategory]!,
            name: p.name,
            slug: p.slug,
            description: p.description,
            price: p.price,
            in_stock: p.inStock,
            // Older products first, a few minutes apart, so "newest" lists look lived in.
            created_at: at(daysBefore(now, p.ageDays, i)),
            updated_at: at(daysBefore(now, p.ageDays, i)),
          })),
        )
        .returning(["id", "slug"])
        .execute();
      const idBySlug = new Map(rows.map((r) => [r.slug, r.id]));
      for (const { p } of batch) productIds.push(idBySlug.get(p.slug)!);
    },
  );

  await insertInBatches(
    plan.products.flatMap((p, i) =>
      p.images.map((image, position) => ({
        product_id: productIds[i]!,
        position: position + 1,
        path: images[image]!.path,
        width: images[image]!.width,
        height: images[image]!.height,
      })),
    ),
    (batch) => trx.insertInto("product_images").values(batch).execute(),
  );
  await seedDemoFilterValues(trx);

  // Through the ratings table: its trigger keeps the products' rating totals.
  await insertInBatches(plan.ratings, (batch) =>
    trx
      .insertInto("ratings")
      .values(
        batch.map((r) => ({
          user_id: userIds[r.user]!,
          product_id: productIds[r.product]!,
          rating: r.rating,
        })),
      )
      .execute(),
  );

  const commentRows = await trx
    .insertInto("comments")
    .values(
      plan.comments.map((c, i) => ({
        user_id: userIds[c.user]!,
        product_id: productIds[c.product]!,
        comment: c.text,
        created_at: at(daysBefore(now, c.ageDays, i)),
        updated_at: at(daysBefore(now, c.ageDays, i)),
      })),
    )
    .returning(["id", "user_id", "product_id"])
    .execute();
  // One comment per user and product in the plan: that pair identifies it.
  const commentId = new Map(commentRows.map((r) => [`${r.user_id}|${r.product_id}`, r.id]));
  const commentImages = plan.comments.flatMap((c) =>
    c.images.map((image, position) => ({
      comment_id: commentId.get(`${userIds[c.user]}|${productIds[c.product]}`)!,
      position: position + 1,
      path: path(image),
    })),
  );
  if (commentImages.length > 0) await trx.insertInto("comment_images").values(commentImages).execute();

  await trx
    .insertInto("follows")
    .values(plan.follows.map((f) => ({ user_id: userIds[f.user]!, shop_id: shopIds[f.shop]! })))
    .execute();
  await trx
    .insertInto("saved_products")
    .values(plan.saved.map((s) => ({ user_id: userIds[s.user]!, product_id: productIds[s.product]! })))
    .execute();
  await trx
    .insertInto("browse_history")
    .values(
      plan.history.map((h) => ({
        user_id: userIds[h.user]!,
        product_id: productIds[h.product]!,
        viewed_at: at(new Date(now - h.minutesAgo * 60_000)),
      })),
    )
    .execute();

  await trx
    .insertInto("faqs")
    .values(plan.faqs.map((f, i) => ({ question: f.question, answer: f.answer, position: i + 1 })))
    .execute();
  await trx
    .insertInto("feedback")
    .values(
      plan.feedback.map((f, i) => ({
        name: f.name,
        email: f.email,
        message: f.message,
        stars: f.stars,
        created_at: at(daysBefore(now, 3 + i * 4)),
      })),
    )
    .execute();
}
