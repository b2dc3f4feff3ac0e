import type {
  AdminRoleGateway,
  CatalogueAdminGateway,
  CategoryGateway,
  Result,
  VerificationReviewGateway,
} from "@katale/domain";
import { expect, it } from "vitest";
import { samplePng } from "./seller-behaviour.js";

// What the admins' gateways must do (issue 10: catalogue admin, verification review, admin role),
// run against the domain's in-memory fake (admin-behaviour.test.ts) and against the HTTP gateways on
// the real server (tests/adapters/admin-behaviour.int.test.ts), so the fake cannot drift.

export interface AdminGateways {
  readonly catalogueAdmin: CatalogueAdminGateway;
  readonly verificationReview: VerificationReviewGateway;
  readonly adminRole: AdminRoleGateway;
  /** The public catalogue, where the admins' changes show. */
  readonly categories: CategoryGateway;
}

export interface AdminUser {
  readonly token: string;
  readonly id: number;
  readonly email: string;
  readonly name: string;
}

export interface AdminFixture {
  readonly gateways: AdminGateways;
  /** A new signed-in user, an admin if asked. */
  readonly newUser: (options?: { readonly admin?: boolean }) => Promise<AdminUser>;
  /** Puts one product in stock into the sub category (of the category). */
  readonly addProduct: (categoryId: number, subCategoryId: number) => Promise<void>;
  /** A pending verification request for a new shop named `shopName` of `owner`: its id. */
  readonly newShopRequest: (owner: AdminUser, shopName: string) => Promise<number>;
}

const UNKNOWN_ID = 2_000_000_000;

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The one place this suite reads an error's kind (the failure types are being renamed). */
function kindOf<T>(result: Result<T>): string {
  return result.ok ? "ok" : result.error.kind;
}

/** A signed-in user who is not an admin: refused as 'forbidden', not as a session problem. */
function expectForbidden<T>(result: Result<T>): void {
  expect(kindOf(result)).toBe("forbidden");
}

let run = 0;
const unique = (stem: string) => `${stem} ${process.pid % 1000}-${++run}`;

export function itBehavesLikeAdminGateways(fixture: () => AdminFixture): void {
  it("creates, renames and deletes categories and sub categories; the public lists show it", async () => {
    const { gateways, newUser } = fixture();
    const { catalogueAdmin: admin, categories } = gateways;
    const { token } = await newUser({ admin: true });
    const name = unique("Garden");
    const made = value(await admin.createCategory(token, { name, image: samplePng(0) }));
    expect(made).toMatchObject({ name });
    expect(made.imageUrl).toMatch(/^\/media\//);
    const renamed = value(await admin.updateCategory(token, made.id, { name: `${name} tools` }));
    expect(renamed).toEqual({ ...made, name: `${name} tools` });
    expect(value(await categories.listCategories())).toContainEqual(renamed);

    const sub = value(await admin.createSubCategory(token, { categoryId: made.id, name: "Hoes" }));
    expect(sub).toMatchObject({ name: "Hoes", categoryId: made.id, imageUrl: null });
    const handHoes = value(await admin.updateSubCategory(token, sub.id, { name: "Hand hoes" }));
    expect(handHoes).toMatchObject({ id: sub.id, name: "Hand hoes", categoryId: made.id });
    expect(value(await categories.listSubCategoriesOf(made.id)).map((s) => [s.id, s.name])).toEqual([
      [sub.id, "Hand hoes"],
    ]);

    value(await admin.deleteSubCategory(token, sub.id));
    expect(value(await categories.listSubCategoriesOf(made.id))).toEqual([]);
    value(await admin.deleteCategory(token, made.id));
    expect(value(await categories.listCategories()).map((c) => c.id)).not.toContain(made.id);
    expect(kindOf(await categories.listSubCategoriesOf(made.id))).toBe("not-found");
  });

  it("keeps filters and their values", async () => {
    const { gateways, newUser } = fixture();
    const { catalogueAdmin: admin, categories } = gateways;
    const { token } = await newUser({ admin: true });
    const category = value(await admin.createCategory(token, { name: unique("Tools") }));
    const sub = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Hoes" }));
    const filter = value(await admin.createFilter(token, { subCategoryId: sub.id, name: "Handle" }));
    expect(filter).toMatchObject({ name: "Handle", subCategoryId: sub.id, values: [] });
    const wood = value(await admin.createFilterValue(token, { filterId: filter.id, name: "Wood" }));
    expect(wood).toMatchObject({ filterId: filter.id, name: "Wood" });
    const hardwood = value(await admin.renameFilterValue(token, wood.id, "Hardwood"));
    expect(hardwood).toEqual({ ...wood, name: "Hardwood" });
    expect(value(await admin.listFilterValues(filter.id))).toEqual([hardwood]);
    const renamed = value(await admin.renameFilter(token, filter.id, "Handle material"));
    expect(renamed).toEqual({ ...filter, name: "Handle material", values: [hardwood] });
    expect(value(await categories.listFilters(sub.id))).toEqual([renamed]);

    value(await admin.deleteFilterValue(token, wood.id));
    expect(value(await admin.listFilterValues(filter.id))).toEqual([]);
    value(await admin.deleteFilter(token, filter.id));
    expect(kindOf(await admin.listFilterValues(filter.id))).toBe("not-found");
    expect(value(await categories.listFilters(sub.id))).toEqual([]);
  });

  it("refuses a name taken (case aside) as 'invalid', with the service's words", async () => {
    const { gateways, newUser } = fixture();
    const { catalogueAdmin: admin } = gateways;
    const { token } = await newUser({ admin: true });
    const name = unique("Kitchen");
    const category = value(await admin.createCategory(token, { name }));
    expect(await admin.createCategory(token, { name: name.toUpperCase() })).toEqual({
      ok: false,
      error: { kind: "invalid", message: "category already exists", code: "category_exists" },
    });
    const sub = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Pans" }));
    const other = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Pots" }));
    expect(kindOf(await admin.createSubCategory(token, { categoryId: category.id, name: "PANS" }))).toBe(
      "invalid",
    );
    expect(kindOf(await admin.updateSubCategory(token, other.id, { name: "pans" }))).toBe("invalid");
    const filter = value(await admin.createFilter(token, { subCategoryId: sub.id, name: "Size" }));
    expect(await admin.createFilter(token, { subCategoryId: sub.id, name: "size" })).toEqual({
      ok: false,
      error: { kind: "invalid", message: "filter name already exists", code: "filter_exists" },
    });
    value(await admin.createFilterValue(token, { filterId: filter.id, name: "Large" }));
    expect(kindOf(await admin.createFilterValue(token, { filterId: filter.id, name: "large" }))).toBe(
      "invalid",
    );
  });

  it("answers 'not-found' for unknown categories, sub categories, filters and values", async () => {
    const { gateways, newUser } = fixture();
    const { catalogueAdmin: admin } = gateways;
    const { token } = await newUser({ admin: true });
    expect(kindOf(await admin.updateCategory(token, UNKNOWN_ID, { name: "Nothing" }))).toBe("not-found");
    expect(kindOf(await admin.deleteCategory(token, UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await admin.updateSubCategory(token, UNKNOWN_ID, { name: "Nothing" }))).toBe("not-found");
    expect(kindOf(await admin.deleteSubCategory(token, UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await admin.renameFilter(token, UNKNOWN_ID, "Nothing"))).toBe("not-found");
    expect(kindOf(await admin.deleteFilter(token, UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await admin.listFilterValues(UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await admin.renameFilterValue(token, UNKNOWN_ID, "Nothing"))).toBe("not-found");
    expect(kindOf(await admin.deleteFilterValue(token, UNKNOWN_ID))).toBe("not-found");
  });

  it("refuses a category or sub category delete while it holds products, with how many", async () => {
    const { gateways, newUser, addProduct } = fixture();
    const { catalogueAdmin: admin } = gateways;
    const { token } = await newUser({ admin: true });
    const category = value(await admin.createCategory(token, { name: unique("Held") }));
    const sub = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Stuff" }));
    await addProduct(category.id, sub.id);
    expect(await admin.deleteCategory(token, category.id)).toEqual({
      ok: false,
      error: {
        kind: "invalid",
        message: "This category still holds 1 product; move or delete them first",
        code: "category_in_use",
      },
    });
    expect(kindOf(await admin.deleteSubCategory(token, sub.id))).toBe("invalid");
    expect(value(await gateways.categories.listCategories()).map((c) => c.id)).toContain(category.id);
  });

  it("says how many products a delete would meet, to admins only", async () => {
    const { gateways, newUser, addProduct } = fixture();
    const { catalogueAdmin: admin } = gateways;
    const { token } = await newUser({ admin: true });
    const category = value(await admin.createCategory(token, { name: unique("Counted") }));
    const held = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Held" }));
    const empty = value(await admin.createSubCategory(token, { categoryId: category.id, name: "Empty" }));
    await addProduct(category.id, held.id);
    await addProduct(category.id, held.id);
    expect(await admin.productsHeld(token, { categoryId: category.id })).toEqual({ ok: true, value: 2 });
    expect(await admin.productsHeld(token, { subCategoryId: held.id })).toEqual({ ok: true, value: 2 });
    expect(await admin.productsHeld(token, { subCategoryId: empty.id })).toEqual({ ok: true, value: 0 });
    expect(kindOf(await admin.productsHeld(token, { categoryId: UNKNOWN_ID }))).toBe("not-found");
    expect(kindOf(await admin.productsHeld(token, { subCategoryId: UNKNOWN_ID }))).toBe("not-found");
    expectForbidden(await admin.productsHeld((await newUser()).token, { categoryId: category.id }));
  });

  it("refuses a visitor as 'unauthorized' and a user who is not an admin", async () => {
    const { gateways, newUser } = fixture();
    const { catalogueAdmin: admin, verificationReview: review, adminRole: roles } = gateways;
    const member = await newUser();
    expect(kindOf(await admin.createCategory("not-a-token", { name: unique("Nope") }))).toBe("unauthorized");
    expect(kindOf(await review.listRequests("not-a-token"))).toBe("unauthorized");
    expect(kindOf(await roles.grantAdmin("not-a-token", member.email))).toBe("unauthorized");
    expectForbidden(await admin.createCategory(member.token, { name: unique("Nope") }));
    expectForbidden(await admin.createFilter(member.token, { subCategoryId: UNKNOWN_ID, name: "Nope" }));
    expectForbidden(await review.listRequests(member.token));
    expectForbidden(await review.approve(member.token, UNKNOWN_ID));
    expectForbidden(await roles.grantAdmin(member.token, member.email));
  });

  it("pages the review, rejects with a reason once, answers decided and unknown requests", async () => {
    const { gateways, newUser, newShopRequest } = fixture();
    const { verificationReview: review } = gateways;
    const admin = await newUser({ admin: true });
    const owner = await newUser();
    const shopName = unique("Gateway Goods");
    const id = await newShopRequest(owner, shopName);
    const query = { kind: "shop", status: "pending", search: shopName } as const;
    const page = value(await review.listRequests(admin.token, query));
    expect(page).toMatchObject({ count: 1, page: 1, hasNext: false, hasPrevious: false });
    expect(page.items[0]).toMatchObject({
      id,
      kind: "shop",
      status: "PENDING",
      reason: null,
      decidedAt: null,
      user: { id: owner.id, name: owner.name, email: owner.email },
      shop: { name: shopName },
    });
    expect(kindOf(await review.listRequests(admin.token, { ...query, page: 2 }))).toBe("invalid-page");
    expect(value(await review.getRequest(admin.token, id))).toEqual(page.items[0]);

    expect(kindOf(await review.reject(admin.token, id, " "))).toBe("invalid");
    const rejected = value(await review.reject(admin.token, id, "Blurred photo"));
    expect(rejected).toMatchObject({ id, status: "REJECTED", reason: "Blurred photo" });
    expect(rejected.decidedAt).not.toBeNull();
    expect(await review.approve(admin.token, id)).toMatchObject({
      ok: false,
      error: { kind: "invalid", message: "This request has already been decided" },
    });
    expect(kindOf(await review.revoke(admin.token, id, "Closed"))).toBe("invalid");
    expect(value(await review.listRequests(admin.token, query)).count).toBe(0);
    expect(value(await review.getRequest(admin.token, id)).status).toBe("REJECTED");
    expect(kindOf(await review.approve(admin.token, UNKNOWN_ID))).toBe("not-found");
    expect(kindOf(await review.getRequest(admin.token, UNKNOWN_ID))).toBe("not-found");
  });

  it("approves a pending request and revokes it with a reason", async () => {
    const { gateways, newUser, newShopRequest } = fixture();
    const { verificationReview: review } = gateways;
    const admin = await newUser({ admin: true });
    const id = await newShopRequest(await newUser(), unique("Approved Goods"));
    expect(value(await review.approve(admin.token, id))).toMatchObject({ id, status: "VERIFIED" });
    const revoked = value(await review.revoke(admin.token, id, "Sold fakes"));
    expect(revoked).toMatchObject({ id, status: "REJECTED", reason: "Sold fakes" });
  });

  it("grants and revokes the admin role by email; not one's own; an unknown email is 'not-found'", async () => {
    const { gateways, newUser } = fixture();
    const { adminRole: roles, verificationReview: review } = gateways;
    const admin = await newUser({ admin: true });
    const member = await newUser();
    expect(value(await roles.grantAdmin(admin.token, member.email))).toEqual({
      id: member.id,
      email: member.email,
      name: member.name,
      isAdmin: true,
    });
    expect(kindOf(await review.listRequests(member.token))).toBe("ok");
    expect(kindOf(await roles.revokeAdmin(member.token, member.email))).toBe("invalid");
    expect(value(await roles.revokeAdmin(admin.token, member.email)).isAdmin).toBe(false);
    expectForbidden(await review.listRequests(member.token));
    expect(kindOf(await roles.grantAdmin(admin.token, "nobody.at.all@example.ug"))).toBe("not-found");
  });
}
