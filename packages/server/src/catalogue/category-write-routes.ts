import { catalogueCalls, routeSchema } from "@katale/adapters-http/contract";
import { adminServerMessages } from "@katale/domain";
import { refusedInput } from "../engagement/input-refusal.js";
import type { FieldWording } from "../http/field-errors.js";
import { catalogueRefusals as refuse } from "./catalogue-refusals.js";
import type { CatalogueApp, CatalogueWriteKit } from "./catalogue-write-kit.js";

// Categories and sub categories (multipart, with an optional image checked and re-encoded like
// every upload). One that still holds products is not deleted (409, saying how many); how many it
// holds can be asked first (a dry run of the admins' bulk tool says which deletes would be refused).

const TAG = "catalogue";
const m = adminServerMessages;
const CATEGORY_WORDING: FieldWording = { name: [m.categoryNameRequired, m.nameTooLong] };
const SUB_CATEGORY_WORDING: FieldWording = {
  name: [m.subCategoryNameRequired, m.nameTooLong],
  category: [m.categoryRequired, m.categoryRequired],
};

export function categoryWriteRoutes(app: CatalogueApp, kit: CatalogueWriteKit): void {
  const { catalogue, admin } = kit;

  app.post(
    `/${catalogueCalls.createCategory.path}`,
    { schema: routeSchema(catalogueCalls.createCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, CATEGORY_WORDING)) return reply;
      const { name, image } = request.body;
      if (await catalogue.categoryNameTaken(name)) return refuse.categoryExists(reply);
      const imagePath = await kit.storeImage(reply, image, "categories");
      if (imagePath === null) return reply;
      const create = () =>
        kit.audited(
          request,
          (r) => r.catalogue.createCategory(name, imagePath ?? null),
          (after) => ({ action: "category.create", target: "category", targetId: after.id, after }),
        );
      const written = await kit.write(reply, create, refuse.categoryExists, imagePath);
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
      const before = await catalogue.category(id);
      if (!before) return refuse.categoryNotFound(reply);
      if (name !== undefined && (await catalogue.categoryNameTaken(name, id)))
        return refuse.categoryExists(reply);
      const imagePath = await kit.storeImage(reply, image, "categories");
      if (imagePath === null) return reply;
      const changes = { ...(name !== undefined && { name }), ...(imagePath && { image_url: imagePath }) };
      const update = () =>
        kit.audited(
          request,
          (r) => r.catalogue.updateCategory(id, changes),
          (after) => ({ action: "category.update", target: "category", targetId: id, before, after }),
        );
      const written = await kit.write(reply, update, refuse.categoryExists, imagePath);
      if (!written.ok) return reply;
      if (imagePath) await kit.release([before.image_url]);
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteCategory.path}`,
    { schema: routeSchema(catalogueCalls.deleteCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const before = await catalogue.category(id);
      const removal = await kit.audited(
        request,
        (r) => r.catalogue.deleteCategory(id),
        (done) =>
          done?.removed ? { action: "category.delete", target: "category", targetId: id, before } : undefined,
      );
      if (!removal) return refuse.categoryNotFound(reply);
      if (!removal.removed) return refuse.categoryInUse(reply, removal.products);
      await kit.removed(removal.images);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `/${catalogueCalls.categoryProductCount.path}`,
    { schema: routeSchema(catalogueCalls.categoryProductCount, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      if (!(await catalogue.categoryExists(id))) return refuse.categoryNotFound(reply);
      return { products: await catalogue.productsIn({ category: id }) };
    },
  );

  app.post(
    `/${catalogueCalls.createSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.createSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, SUB_CATEGORY_WORDING)) return reply;
      const { category, name, image } = request.body;
      if (!(await catalogue.categoryExists(category))) return refuse.categoryNotFound(reply);
      if (await catalogue.subCategoryNameTaken(category, name)) return refuse.subCategoryExists(reply);
      const imagePath = await kit.storeImage(reply, image, "subcategories");
      if (imagePath === null) return reply;
      const create = () =>
        kit.audited(
          request,
          (r) => r.catalogue.createSubCategory(category, name, imagePath ?? null),
          (after) => ({ action: "sub_category.create", target: "sub_category", targetId: after.id, after }),
        );
      const written = await kit.write(reply, create, refuse.subCategoryExists, imagePath);
      if (!written.ok) return reply;
      return reply.code(201).send({ data: written.value });
    },
  );

  app.put(
    `/${catalogueCalls.updateSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.updateSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, SUB_CATEGORY_WORDING)) return reply;
      const { id } = request.params;
      const { category, name, image } = request.body;
      const before = await catalogue.subCategory(id);
      if (!before) return refuse.subCategoryNotFound(reply);
      const categoryId = category ?? before.category;
      const moved = categoryId !== before.category;
      if (moved && !(await catalogue.categoryExists(categoryId))) return refuse.categoryNotFound(reply);
      if (await catalogue.subCategoryNameTaken(categoryId, name ?? before.name, id))
        return refuse.subCategoryExists(reply);
      const imagePath = await kit.storeImage(reply, image, "subcategories");
      if (imagePath === null) return reply;
      const changes = {
        ...(name !== undefined && { name }),
        ...(moved && { category_id: categoryId }),
        ...(imagePath && { image_url: imagePath }),
      };
      const update = () =>
        kit.audited(
          request,
          (r) => r.catalogue.updateSubCategory(id, changes),
          (after) => ({ action: "sub_category.update", target: "sub_category", targetId: id, before, after }),
        );
      const written = await kit.write(reply, update, refuse.subCategoryExists, imagePath);
      if (!written.ok) return reply;
      if (imagePath) await kit.release([before.image_url]);
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteSubCategory.path}`,
    { schema: routeSchema(catalogueCalls.deleteSubCategory, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const before = await catalogue.subCategory(id);
      const removal = await kit.audited(
        request,
        (r) => r.catalogue.deleteSubCategory(id),
        (done) =>
          done?.removed
            ? { action: "sub_category.delete", target: "sub_category", targetId: id, before }
            : undefined,
      );
      if (!removal) return refuse.subCategoryNotFound(reply);
      if (!removal.removed) return refuse.subCategoryInUse(reply, removal.products);
      await kit.removed(removal.images);
      return reply.code(204).send(null);
    },
  );
  app.get(
    `/${catalogueCalls.subCategoryProductCount.path}`,
    { schema: routeSchema(catalogueCalls.subCategoryProductCount, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      if (!(await catalogue.subCategory(id))) return refuse.subCategoryNotFound(reply);
      return { products: await catalogue.productsIn({ subCategory: id }) };
    },
  );
}
