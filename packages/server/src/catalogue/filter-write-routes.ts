import { catalogueCalls, routeSchema } from "@katale/adapters-http/contract";
import { adminServerMessages } from "@katale/domain";
import { refusedInput } from "../engagement/input-refusal.js";
import type { FieldWording } from "../http/field-errors.js";
import { catalogueRefusals as refuse } from "./catalogue-refusals.js";
import type { CatalogueApp, CatalogueWriteKit } from "./catalogue-write-kit.js";

// Filters and their values (JSON), with what an admin needs beyond the spec: rename and delete them.

const TAG = "catalogue";
const m = adminServerMessages;
const FILTER_WORDING: FieldWording = {
  name: [m.filterNameRequired, m.nameTooLong],
  subcategory: [m.subCategoryRequired, m.subCategoryRequired],
};
const VALUE_WORDING: FieldWording = {
  name: [m.filterValueRequired, m.nameTooLong],
  filter: [m.filterRequired, m.filterRequired],
};

export function filterWriteRoutes(app: CatalogueApp, kit: CatalogueWriteKit): void {
  const { catalogue, filters, admin } = kit;

  app.post(
    `/${catalogueCalls.createFilter.path}`,
    { schema: routeSchema(catalogueCalls.createFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, FILTER_WORDING)) return reply;
      const { name, subcategory } = request.body;
      if (!(await catalogue.subCategoryExists(subcategory))) return refuse.subCategoryNotFound(reply);
      if (await filters.filterNameTaken(subcategory, name)) return refuse.filterExists(reply);
      const written = await kit.write(
        reply,
        () =>
          kit.audited(
            request,
            (r) => r.filters.createFilter(subcategory, name),
            (after) => ({ action: "filter.create", target: "filter", targetId: after.filter_id, after }),
          ),
        refuse.filterExists,
      );
      if (!written.ok) return reply;
      return reply.code(201).send({ data: written.value });
    },
  );

  app.patch(
    `/${catalogueCalls.updateFilter.path}`,
    { schema: routeSchema(catalogueCalls.updateFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, FILTER_WORDING)) return reply;
      const { id } = request.params;
      const { name } = request.body;
      const filter = await filters.filter(id);
      if (!filter) return refuse.filterNotFound(reply);
      if (await filters.filterNameTaken(filter.sub_category_id, name, id)) return refuse.filterExists(reply);
      const rename = () =>
        kit.audited(
          request,
          (r) => r.filters.renameFilter(id, name),
          (after) => ({ action: "filter.update", target: "filter", targetId: id, before: filter, after }),
        );
      const written = await kit.write(reply, rename, refuse.filterExists);
      if (!written.ok) return reply;
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteFilter.path}`,
    { schema: routeSchema(catalogueCalls.deleteFilter, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const before = await filters.filter(id);
      const deleted = await kit.audited(
        request,
        (r) => r.filters.deleteFilter(id),
        (done) => (done ? { action: "filter.delete", target: "filter", targetId: id, before } : undefined),
      );
      if (!deleted) return refuse.filterNotFound(reply);
      await kit.removed();
      return reply.code(204).send(null);
    },
  );

  app.post(
    `/${catalogueCalls.createFilterValue.path}`,
    { schema: routeSchema(catalogueCalls.createFilterValue, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply, VALUE_WORDING)) return reply;
      const { filter, name } = request.body;
      if (!(await filters.filter(filter))) return refuse.filterNotFound(reply);
      if (await filters.filterValueNameTaken(filter, name)) return refuse.valueExists(reply);
      const written = await kit.write(
        reply,
        () =>
          kit.audited(
            request,
            (r) => r.filters.createFilterValue(filter, name),
            (after) => ({ action: "filter_value.create", target: "filter_value", targetId: after.id, after }),
          ),
        refuse.valueExists,
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
      const value = await filters.filterValue(id);
      if (!value) return refuse.valueNotFound(reply);
      if (await filters.filterValueNameTaken(value.filter, name, id)) return refuse.valueExists(reply);
      const rename = () =>
        kit.audited(
          request,
          (r) => r.filters.renameFilterValue(id, name),
          (after) => ({
            action: "filter_value.update",
            target: "filter_value",
            targetId: id,
            before: value,
            after,
          }),
        );
      const written = await kit.write(reply, rename, refuse.valueExists);
      if (!written.ok) return reply;
      return { data: written.value };
    },
  );

  app.delete(
    `/${catalogueCalls.deleteFilterValue.path}`,
    { schema: routeSchema(catalogueCalls.deleteFilterValue, TAG), ...admin },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const { id } = request.params;
      const before = await filters.filterValue(id);
      const deleted = await kit.audited(
        request,
        (r) => r.filters.deleteFilterValue(id),
        (done) =>
          done ? { action: "filter_value.delete", target: "filter_value", targetId: id, before } : undefined,
      );
      if (!deleted) return refuse.valueNotFound(reply);
      await kit.removed();
      return reply.code(204).send(null);
    },
  );
}
