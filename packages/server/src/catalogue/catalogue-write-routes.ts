import { catalogueCalls, routeSchema } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type Kysely, sql } from "kysely";
import { requireAdmin } from "../auth/authenticate.js";
import { uniqueViolation } from "../auth/user-repository.js";
import type { Database } from "../db/schema.js";
import { refusedInput } from "../engagement/input-refusal.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { CATEGORY_NOT_FOUND, SUB_CATEGORY_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal } from "../http/uploads.js";
import type { ImageKind } from "../media/image-limits.js";
import { stillShown } from "../media/media-references.js";
import { slugify } from "../seed/slugify.js";
import { CatalogueRepository } from "./catalogue-repository.js";

// The admins' catalogue calls of the shop service (spec §7, issue 10): categories and sub categories
// (multipart, with an optional image checked and re-encoded like every upload), filters and their
// values (JSON), and what an admin needs beyond the spec: list a filter's values, rename and delete
// filters and values. Admins only: 401 for a visitor, 403 for anyone else. Names are unique within
// their parent whatever their case (409). A category or sub category that still holds products is
// not deleted (409, saying how many). Every change clears the read cache (the database's NOTIFY
// tells the other instances), so it shows at once in every list.

const TAG = "catalogue";
const m = messages.adminServer;
type Db = Kysely<Database>;

const CATEGORY_WORDING: FieldWording = { name: [m.categoryNameRequired, m.nameTooLong] };
const SUB_CATEGORY_WORDING: FieldWording = {
  name: [m.subCategoryNameRequired, m.nameTooLong],
  category: [m.categoryRequired, m.categoryRequired],
};
const FILTER_WORDING: FieldWording = {
  name: [m.filterNameRequired, m.nameTooLong],
  subcategory: [m.subCategoryRequired, m.subCategoryRequired],
};
const VALUE_WORDING: FieldWording = {
  name: [m.filterValueRequired, m.nameTooLong],
  filter: [m.filterRequired, m.filterRequired],
};

const lower = (name: string) => name.toLowerCase();

/** A slug no other row of the table has (names are unique, slugs of different names may meet). */
async function freeSlug(db: Db, table: "categories" | "sub_categories", name: string): Promise<string> {
  const base = slugify(name, 70);
  const taken = await db.selectFrom(table).select("id").where("slug", "=", base).executeTakeFirst();
  return taken ? `${base}-${Math.random().toString(36).slice(2, 8)}` : base;
}

/** How many products a category (directly or through its sub categories) or a sub category holds. */
async function productsIn(db: Db, scope: { category: number } | { subCategory: number }): Promise<number> {
  const row =
    "category" in scope
      ? await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM products
          WHERE category_id = ${scope.category}
             OR sub_category_id IN (SELECT id FROM sub_categories WHERE category_id = ${scope.category})`.execute(
          db,
        )
      : await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM products WHERE sub_category_id = ${scope.subCategory}`.execute(db);
  return row.rows[0]?.n ?? 0;
}

export const catalogueWriteRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, media, readCache, config },
) => {
  const catalogue = new CatalogueRepository(db);
  await registerSpooledUploads(app, db, { maxFiles: 1, fieldSize: 4096, spoolDir: spoolDir(config) });
  const admin = { preHandler: requireAdmin(db), attachValidation: true };
  const release = async (paths: readonly (string | null | undefined)[]) => {
    for (const path of paths) if (path && !(await stillShown(db, path))) await media.deleteImage(path);
  };

  /**
   * Stores the optional image: undefined when none was sent, null after answering a refusal,
   * otherwise the new host path.
   */
  async function storeImage(reply: FastifyReply, value: unknown, kind: ImageKind) {
    if (value === undefined || value === "") return undefined;
    const upload = spooledFileOf(value);
    const result = upload.ok ? await media.processImage(await upload.read(), { kind }) : upload;
    if (result.ok) return result.path;
    const refused = "code" in result ? result : imageRefusal(result);
    await (refused.status === 413
      ? sendError(reply, 413, "too_large", { detail: refused.message })
      : sendError(reply, 400, "invalid_input", { image: [refused.message] }));
    return null;
  }

  const categoryExists = (reply: FastifyReply) =>
    sendError(reply, 409, "category_exists", { detail: m.categoryExists });
  const subCategoryExists = (reply: FastifyReply) =>
    sendError(reply, 409, "category_exists", { detail: m.subCategoryExists });
  const filterExists = (reply: FastifyReply) =>
    sendError(reply, 409, "filter_exists", { detail: m.filterExists });
  const valueExists = (reply: FastifyReply) =>
    sendError(reply, 409, "filter_exists", { detail: m.filterValueExists });
  const categoryNotFound = (reply: FastifyReply) =>
    sendError(reply, 404, "category_not_found", { detail: CATEGORY_NOT_FOUND });
  const subCategoryNotFound = (reply: FastifyReply) =>
    sendError(reply, 404, "sub_category_not_found", { detail: SUB_CATEGORY_NOT_FOUND });
  const filterNotFound = (reply: FastifyReply) =>
    sendError(reply, 404, "filter_not_found", { detail: m.filterNotFound });
  const valueNotFound = (reply: FastifyReply) =>
    sendError(reply, 404, "filter_value_not_found", { detail: m.filterValueNotFound });

  /** Runs a write; a unique violation on a name answers `conflict` (and drops the new image). */
  async function write<T>(
    reply: FastifyReply,
    work: () => Promise<T>,
    conflict: (reply: FastifyReply) => unknown,
    newImage?: string,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      const value = await work();
      readCache.clear();
      return { ok: true, value };
    } catch (error) {
      await release([newImage]);
      if (uniqueViolation(error)?.includes("name")) {
        await conflict(reply);
        return { ok: false };
      }
      throw error;
    }
  }

  const categoryNameTaken = async (name: string, exceptId?: number) =>
    (await db
      .selectFrom("categories")
      .select("id")
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", lower(name)))
      .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId!))
      .executeTakeFirst()) !== undefined;

  const subCategoryNameTaken = async (categoryId: number, name: string, exceptId?: number) =>
    (await db
      .selectFrom("sub_categories")
      .select("id")
      .where("category_id", "=", categoryId)
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", lower(name)))
      .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId!))
      .executeTakeFirst()) !== undefined;

  const filterNameTaken = async (subCategoryId: number, name: string, exceptId?: number) =>
    (await db
      .selectFrom("filters")
      .select("id")
      .where("sub_category_id", "=", subCategoryId)
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", lower(name)))
      .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId!))
      .executeTakeFirst()) !== undefined;

  const valueNameTaken = async (filterId: number, name: string, exceptId?: number) =>
    (await db
      .selectFrom("filter_values")
      .select("id")
      .where("filter_id", "=", filterId)
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", lower(name)))
      .$if(exceptId !== undefined, (qb) => qb.where("id", "<>", exceptId!))
      .executeTakeFirst()) !== undefined;

  const subCategoryWire = (row: {
    id: number;
    name: string;
    image_url: string | null;
    category_id: number;
  }) => ({
    id: row.id,
    name: row.name,
    image_url: row.image_url,
    category: row.category_id,
  });

  // ---- categories ----

  app.post(
    `/${catalogueCalls.createCategory.path}`,
    { schema: routeSchema(catalogueCalls.createCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, CATEGORY_WORDING)) return reply;
      const { name, image } = request.body;
      if (await categoryNameTaken(name)) return categoryExists(reply);
      const imagePath = await storeImage(reply, image, "categories");
      if (imagePath === null) return reply;
      const written = await write(
        reply,
        async () =>
          db
            .insertInto("categories")
            .values({ name, slug: await freeSlug(db, "categories", name), image_url: imagePath ?? null })
            .returning(["id", "name", "image_url"])
            .executeTakeFirstOrThrow(),
        categoryExists,
        imagePath,
      );
      if (!written.ok) return reply;
      return reply.code(201).send({ data: written.value });
    },
  );

  app.patch(
    `/${catalogueCalls.updateCategory.path}`,
    { schema: routeSchema(catalogueCalls.updateCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, CATEGORY_WORDING)) return reply;
      const { id } = request.params;
      const { name, image } = request.body;
      const before = await db
        .selectFrom("categories")
        .select(["id", "image_url"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return categoryNotFound(reply);
      if (name !== undefined && (await categoryNameTaken(name, id))) return categoryExists(reply);
      const imagePath = await storeImage(reply, image, "categories");
      if (imagePath === null) return reply;
      const changes = { ...(name !== undefined && { name }), ...(imagePath && { image_url: imagePath }) };
      const written = await write(
        reply,
        async () => {
          if (Object.keys(changes).length > 0)
            await db.updateTable("categories").set(changes).where("id", "=", id).execute();
          return db
            .selectFrom("categories")
            .select(["id", "name", "image_url"])
            .where("id", "=", id)
            .executeTakeFirstOrThrow();
        },
        categoryExists,
        imagePath,
      );
      if (!written.ok) return reply;
      if (imagePath) await release([before.image_url]);
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteCategory.path}`,
    { schema: routeSchema(catalogueCalls.deleteCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const category = await db
        .selectFrom("categories")
        .select("image_url")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!category) return categoryNotFound(reply);
      const held = await productsIn(db, { category: id });
      if (held > 0)
        return sendError(reply, 409, "category_in_use", { detail: m.categoryHoldsProducts(held) });
      const images = await db
        .selectFrom("sub_categories")
        .select("image_url")
        .where("category_id", "=", id)
        .execute();
      try {
        // Sub categories, their filters and values, and shops' choices of it go with it (cascade).
        await db.deleteFrom("categories").where("id", "=", id).execute();
      } catch (error) {
        // A product added to it at the same moment: the products' reference refuses the delete.
        if ((error as { code?: string }).code === "23503") {
          const now = await productsIn(db, { category: id });
          return sendError(reply, 409, "category_in_use", { detail: m.categoryHoldsProducts(now) });
        }
        throw error;
      }
      readCache.clear();
      await release([category.image_url, ...images.map((s) => s.image_url)]);
      return reply.code(204).send(null);
    },
  );

  // ---- sub categories ----

  app.post(
    `/${catalogueCalls.createSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.createSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, SUB_CATEGORY_WORDING)) return reply;
      const { category, name, image } = request.body;
      if (!(await catalogue.categoryExists(category))) return categoryNotFound(reply);
      if (await subCategoryNameTaken(category, name)) return subCategoryExists(reply);
      const imagePath = await storeImage(reply, image, "subcategories");
      if (imagePath === null) return reply;
      const written = await write(
        reply,
        async () =>
          db
            .insertInto("sub_categories")
            .values({
              category_id: category,
              name,
              slug: await freeSlug(db, "sub_categories", name),
              image_url: imagePath ?? null,
            })
            .returning(["id", "name", "image_url", "category_id"])
            .executeTakeFirstOrThrow(),
        subCategoryExists,
        imagePath,
      );
      if (!written.ok) return reply;
      return reply.code(201).send({ data: subCategoryWire(written.value) });
    },
  );

  app.put(
    `/${catalogueCalls.updateSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.updateSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, SUB_CATEGORY_WORDING)) return reply;
      const { id } = request.params;
      const { category, name, image } = request.body;
      const before = await db
        .selectFrom("sub_categories")
        .select(["id", "name", "category_id", "image_url"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!before) return subCategoryNotFound(reply);
      const categoryId = category ?? before.category_id;
      if (categoryId !== before.category_id && !(await catalogue.categoryExists(categoryId)))
        return categoryNotFound(reply);
      if (await subCategoryNameTaken(categoryId, name ?? before.name, id)) return subCategoryExists(reply);
      const imagePath = await storeImage(reply, image, "subcategories");
      if (imagePath === null) return reply;
      const changes = {
        ...(name !== undefined && { name }),
        ...(categoryId !== before.category_id && { category_id: categoryId }),
        ...(imagePath && { image_url: imagePath }),
      };
      const written = await write(
        reply,
        () =>
          db.transaction().execute(async (trx) => {
            if (Object.keys(changes).length > 0)
              await trx.updateTable("sub_categories").set(changes).where("id", "=", id).execute();
            // Moved to another category: its products follow it.
            if (categoryId !== before.category_id)
              await trx
                .updateTable("products")
                .set({ category_id: categoryId })
                .where("sub_category_id", "=", id)
                .execute();
            return trx
              .selectFrom("sub_categories")
              .select(["id", "name", "image_url", "category_id"])
              .where("id", "=", id)
              .executeTakeFirstOrThrow();
          }),
        subCategoryExists,
        imagePath,
      );
      if (!written.ok) return reply;
      if (imagePath) await release([before.image_url]);
      return { data: subCategoryWire(written.value) };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.deleteSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const sub = await db
        .selectFrom("sub_categories")
        .select("image_url")
        .where("id", "=", id)
        .executeTakeFirst();
      if (!sub) return subCategoryNotFound(reply);
      const held = await productsIn(db, { subCategory: id });
      if (held > 0)
        return sendError(reply, 409, "category_in_use", { detail: m.subCategoryHoldsProducts(held) });
      try {
        await db.deleteFrom("sub_categories").where("id", "=", id).execute();
      } catch (error) {
        if ((error as { code?: string }).code === "23503") {
          const now = await productsIn(db, { subCategory: id });
          return sendError(reply, 409, "category_in_use", { detail: m.subCategoryHoldsProducts(now) });
        }
        throw error;
      }
      readCache.clear();
      await release([sub.image_url]);
      return reply.code(204).send(null);
    },
  );

  // ---- filters and their values ----

  const filterById = (id: number) =>
    db
      .selectFrom("filters")
      .select(["id", "sub_category_id", "name"])
      .where("id", "=", id)
      .executeTakeFirst();
  const filterWire = async (id: number) => {
    const filter = await filterById(id);
    const all = filter ? await catalogue.filters(filter.sub_category_id) : [];
    return all.find((f) => f.filter_id === id)!;
  };

  app.post(
    `/${catalogueCalls.createFilter.path}`,
    { schema: routeSchema(catalogueCalls.createFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, FILTER_WORDING)) return reply;
      const { name, subcategory } = request.body;
      if (!(await catalogue.subCategoryExists(subcategory))) return subCategoryNotFound(reply);
      if (await filterNameTaken(subcategory, name)) return filterExists(reply);
      const written = await write(
        reply,
        () =>
          db
            .insertInto("filters")
            .values({ sub_category_id: subcategory, name })
            .returning("id")
            .executeTakeFirstOrThrow(),
        filterExists,
      );
      if (!written.ok) return reply;
      return reply.code(201).send({ data: await filterWire(written.value.id) });
    },
  );

  app.patch(
    `/${catalogueCalls.updateFilter.path}`,
    { schema: routeSchema(catalogueCalls.updateFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, FILTER_WORDING)) return reply;
      const { id } = request.params;
      const { name } = request.body;
      const filter = await filterById(id);
      if (!filter) return filterNotFound(reply);
      if (await filterNameTaken(filter.sub_category_id, name, id)) return filterExists(reply);
      const written = await write(
        reply,
        () => db.updateTable("filters").set({ name }).where("id", "=", id).execute(),
        filterExists,
      );
      if (!written.ok) return reply;
      return { data: await filterWire(id) };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteFilter.path}`,
    { schema: routeSchema(catalogueCalls.deleteFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const deleted = await db.deleteFrom("filters").where("id", "=", request.params.id).executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return filterNotFound(reply);
      readCache.clear();
      return reply.code(204).send(null);
    },
  );

  app.post(
    `/${catalogueCalls.createFilterValue.path}`,
    { schema: routeSchema(catalogueCalls.createFilterValue, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, VALUE_WORDING)) return reply;
      const { filter, name } = request.body;
      if (!(await filterById(filter))) return filterNotFound(reply);
      if (await valueNameTaken(filter, name)) return valueExists(reply);
      const written = await write(
        reply,
        () =>
          db
            .insertInto("filter_values")
            .values({ filter_id: filter, name })
            .returning(["id", "filter_id as filter", "name"])
            .executeTakeFirstOrThrow(),
        valueExists,
      );
      if (!written.ok) return reply;
      return reply.code(201).send({ data: written.value });
    },
  );

  app.patch(
    `/${catalogueCalls.updateFilterValue.path}`,
    { schema: routeSchema(catalogueCalls.updateFilterValue, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, VALUE_WORDING)) return reply;
      const { id } = request.params;
      const { name } = request.body;
      const value = await db
        .selectFrom("filter_values")
        .select(["id", "filter_id"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (!value) return valueNotFound(reply);
      if (await valueNameTaken(value.filter_id, name, id)) return valueExists(reply);
      const written = await write(
        reply,
        () =>
          db
            .updateTable("filter_values")
            .set({ name })
            .where("id", "=", id)
            .returning(["id", "filter_id as filter", "name"])
            .executeTakeFirstOrThrow(),
        valueExists,
      );
      if (!written.ok) return reply;
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteFilterValue.path}`,
    { schema: routeSchema(catalogueCalls.deleteFilterValue, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const deleted = await db
        .deleteFrom("filter_values")
        .where("id", "=", request.params.id)
        .executeTakeFirst();
      if (deleted.numDeletedRows === 0n) return valueNotFound(reply);
      readCache.clear();
      return reply.code(204).send(null);
    },
  );
};
