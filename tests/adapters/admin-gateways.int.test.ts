import {
  AdminRoleHttpGateway,
  CatalogueAdminHttpGateway,
  CategoryHttpGateway,
  HttpClient,
  VerificationReviewHttpGateway,
} from "@katale/adapters-http";
import { samplePng } from "@katale/adapters-http/testing";
import type { Result } from "@katale/domain";
import {
  aCategory,
  aProduct,
  aShop,
  aSignedInUser,
  aSubCategory,
  databaseKinds,
  startTestServer,
  type TestServer,
} from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The admins' gateways (issue 10) over HTTP on the real server: what the web's catalogue manager and
// review pages and the CLI's `categories` and `admin` commands go through.

function value<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe.each(databaseKinds())("the admin gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let catalogue: CatalogueAdminHttpGateway;
  let categories: CategoryHttpGateway;
  let review: VerificationReviewHttpGateway;
  let roles: AdminRoleHttpGateway;
  let admin: Awaited<ReturnType<typeof aSignedInUser>>;
  let member: Awaited<ReturnType<typeof aSignedInUser>>;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    const http = new HttpClient({ authUrl: server.authUrl, shopUrl: server.shopUrl }, undiciFetch);
    catalogue = new CatalogueAdminHttpGateway(http);
    categories = new CategoryHttpGateway(http);
    review = new VerificationReviewHttpGateway(http);
    roles = new AdminRoleHttpGateway(http);
    [admin, member] = await Promise.all([aSignedInUser(server, { role: "admin" }), aSignedInUser(server)]);
  });
  afterAll(() => server?.close());

  it("keeps the catalogue: categories with images, sub categories, filters and values", async () => {
    const made = value(await catalogue.createCategory(admin.key, { name: "Garden", image: samplePng(0) }));
    expect(made.imageUrl).toMatch(/^\/media\/categories\/[a-z0-9]+\.webp$/);
    const renamed = value(await catalogue.updateCategory(admin.key, made.id, { name: "Garden tools" }));
    expect(renamed).toEqual({ ...made, name: "Garden tools" });
    expect(value(await categories.listCategories()).map((c) => c.name)).toContain("Garden tools");

    const sub = value(
      await catalogue.createSubCategory(admin.key, {
        categoryId: made.id,
        name: "Hoes",
        image: samplePng(1),
      }),
    );
    expect(sub).toMatchObject({ name: "Hoes", categoryId: made.id });
    expect(value(await catalogue.updateSubCategory(admin.key, sub.id, { name: "Hand hoes" })).name).toBe(
      "Hand hoes",
    );
    const filter = value(await catalogue.createFilter(admin.key, { subCategoryId: sub.id, name: "Handle" }));
    expect(filter).toMatchObject({ name: "Handle", subCategoryId: sub.id, values: [] });
    const wood = value(await catalogue.createFilterValue(admin.key, { filterId: filter.id, name: "Wood" }));
    expect(wood).toMatchObject({ filterId: filter.id, name: "Wood" });
    expect(value(await catalogue.renameFilterValue(admin.key, wood.id, "Hardwood")).name).toBe("Hardwood");
    expect(value(await catalogue.listFilterValues(filter.id)).map((v) => v.name)).toEqual(["Hardwood"]);
    expect(value(await catalogue.renameFilter(admin.key, filter.id, "Handle material")).values).toHaveLength(
      1,
    );

    const twice = await catalogue.createFilter(admin.key, { subCategoryId: sub.id, name: "handle MATERIAL" });
    expect(twice).toEqual({
      ok: false,
      error: { kind: "invalid", message: "filter name already exists", code: "filter_exists" },
    });
    expect(await catalogue.createCategory(admin.key, { name: "GARDEN TOOLS" })).toEqual({
      ok: false,
      error: { kind: "invalid", message: "category already exists", code: "category_exists" },
    });

    value(await catalogue.deleteFilterValue(admin.key, wood.id));
    value(await catalogue.deleteFilter(admin.key, filter.id));
    expect(await catalogue.listFilterValues(filter.id)).toMatchObject({
      ok: false,
      error: { kind: "not-found" },
    });
    value(await catalogue.deleteSubCategory(admin.key, sub.id));
    value(await catalogue.deleteCategory(admin.key, made.id));
    expect(value(await categories.listCategories()).map((c) => c.name)).not.toContain("Garden tools");
  });

  it("refuses a user who is not an admin (403 forbidden), and a delete while products remain", async () => {
    expect(await catalogue.createCategory(member.key, { name: "Nope" })).toMatchObject({
      ok: false,
      error: { kind: "forbidden" },
    });
    expect(await catalogue.createCategory("not-a-token", { name: "Nope" })).toMatchObject({
      ok: false,
      error: { kind: "unauthorized" },
    });
    const category = await aCategory(server.db);
    const sub = await aSubCategory(server.db, { category_id: category.id });
    await aProduct(server.db, { category_id: category.id, sub_category_id: sub.id });
    expect(await catalogue.deleteCategory(admin.key, category.id)).toEqual({
      ok: false,
      error: {
        kind: "invalid",
        message: "This category still holds 1 product; move or delete them first",
        code: "category_in_use",
      },
    });
  });

  it("reviews requests and grants the admin role", async () => {
    const shop = await aShop(server.db, { owner_id: member.id, name: "Gateway Goods" });
    const request = await server.db
      .insertInto("shop_verification_requests")
      .values({ shop_id: shop.id, requested_by: member.id, contact: "goods@example.ug", reason: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = value(await review.listRequests(admin.key, { kind: "shop", status: "pending" }));
    expect(page).toMatchObject({ count: 1, page: 1, hasNext: false, hasPrevious: false });
    expect(page.items[0]).toMatchObject({
      id: request.id,
      kind: "shop",
      shop: { id: shop.id, name: "Gateway Goods" },
    });
    expect(await review.listRequests(member.key)).toMatchObject({
      ok: false,
      error: { kind: "forbidden" },
    });
    expect(await review.listRequests(admin.key, { page: 2 })).toEqual({
      ok: false,
      error: { kind: "invalid-page", code: "invalid_page" },
    });

    expect(await review.reject(admin.key, request.id, " ")).toMatchObject({
      ok: false,
      error: { kind: "invalid" },
    });
    expect(value(await review.reject(admin.key, request.id, "Blurred photo"))).toMatchObject({
      status: "REJECTED",
      reason: "Blurred photo",
    });
    expect(await review.approve(admin.key, request.id)).toMatchObject({
      ok: false,
      error: { kind: "invalid", message: "This request has already been decided" },
    });
    expect(await review.approve(admin.key, 2_000_000_000)).toMatchObject({
      ok: false,
      error: { kind: "not-found" },
    });
    expect(value(await review.getRequest(admin.key, request.id)).status).toBe("REJECTED");

    expect(value(await roles.grantAdmin(admin.key, member.email))).toEqual({
      id: member.id,
      email: member.email,
      name: member.name,
      isAdmin: true,
    });
    expect(value(await review.listRequests(member.key)).count).toBe(1);
    expect(await roles.revokeAdmin(member.key, member.email)).toMatchObject({
      ok: false,
      error: { kind: "invalid" },
    });
    expect(value(await roles.revokeAdmin(admin.key, member.email)).isAdmin).toBe(false);
    expect(await roles.grantAdmin(admin.key, "nobody@example.ug")).toMatchObject({
      ok: false,
      error: { kind: "not-found" },
    });
  });
});
