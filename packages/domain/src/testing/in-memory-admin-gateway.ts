import type {
  AdminRoleChange,
  AdminRoleGateway,
  CatalogueAdminGateway,
  CategoryChange,
  NewCategory,
  NewSubCategory,
  ProductsHeldScope,
  SubCategoryChange,
  VerificationReview,
  VerificationReviewGateway,
  VerificationReviewQuery,
} from "../admin/admin-gateways.js";
import type { Category } from "../catalogue/category.js";
import type { Filter, FilterValue } from "../catalogue/filter.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import { adminServerMessages } from "../messages/admin-server.js";
import { messages } from "../messages.js";
import type { Page } from "../page.js";
import { type DomainError, err, ok, type Result } from "../result.js";
import { Failures } from "./failures.js";
import { InMemoryCategoryGateway } from "./in-memory-category-gateway.js";
import type { InMemoryUser } from "./in-memory-engagement-gateway.js";
import { paginate } from "./paginate.js";

/** A user the admin fake knows; one without an `email` has `<name>@example.com`. */
export type InMemoryAdminUser = InMemoryUser & { readonly email?: string };

const emailOf = (user: InMemoryAdminUser) => user.email ?? `${user.name}@example.com`;

type AdminMethod = keyof CatalogueAdminGateway | keyof VerificationReviewGateway | keyof AdminRoleGateway;

const notLoggedIn: DomainError = { kind: "unauthorized", message: messages.authServer.credentialsMissing };
const forbidden: DomainError = { kind: "forbidden", message: messages.authServer.adminOnly };
const invalid = (message: string, code?: string): DomainError =>
  code ? { kind: "invalid", message, code } : { kind: "invalid", message };
const notFound = (message: string): DomainError => ({ kind: "not-found", message });
const key = (name: string) => name.trim().toLowerCase();

/** The review's page size (the service's 20 a page). */
export const VERIFICATION_REVIEW_PAGE_SIZE = 20;

/**
 * The admins' calls as the services answer them (issue 10): only an admin's token passes (a visitor
 * is 'unauthorized', anyone else 'forbidden'); names are unique within their parent, case aside; a category
 * or sub category holding products is not deleted (`productsIn` says how many). The catalogue lives in
 * `catalogue`, the public fake the rest of the app reads, so a change shows in every list.
 */
export class InMemoryAdminGateway
  implements CatalogueAdminGateway, VerificationReviewGateway, AdminRoleGateway
{
  readonly failures = new Failures<AdminMethod>();
  /** Every write the fake accepted, for tests that check what was sent. */
  readonly calls: { method: AdminMethod; id?: number; reason?: string }[] = [];
  /** Products per category id and per sub category id ("c1", "s4"), for the refused deletes. */
  readonly productsIn = new Map<string, number>();
  private nextId = 7000;

  constructor(
    public users: InMemoryAdminUser[] = [],
    readonly catalogue: InMemoryCategoryGateway = new InMemoryCategoryGateway(),
    public requests: VerificationReview[] = [],
  ) {}

  // ---- categories ----

  createCategory(token: string, category: NewCategory): Promise<Result<Category>> {
    return this.asAdmin("createCategory", token, () => {
      if (this.catalogue.categories.some((c) => key(c.name) === key(category.name)))
        return err(invalid(adminServerMessages.categoryExists, "category_exists"));
      const created: Category = {
        id: this.nextId++,
        name: category.name,
        imageUrl: category.image ? `/media/categories/${category.image.fileName}` : null,
      };
      this.catalogue.categories = [...this.catalogue.categories, created];
      this.calls.push({ method: "createCategory", id: created.id });
      return ok(created);
    });
  }

  updateCategory(token: string, categoryId: number, change: CategoryChange): Promise<Result<Category>> {
    return this.asAdmin("updateCategory", token, () => {
      const category = this.catalogue.categories.find((c) => c.id === categoryId);
      if (!category) return err(notFound(messages.api.categoryNotFound));
      if (
        change.name !== undefined &&
        this.catalogue.categories.some((c) => c.id !== categoryId && key(c.name) === key(change.name ?? ""))
      )
        return err(invalid(adminServerMessages.categoryExists, "category_exists"));
      const updated: Category = {
        ...category,
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.image ? { imageUrl: `/media/categories/${change.image.fileName}` } : {}),
      };
      this.catalogue.categories = this.catalogue.categories.map((c) => (c.id === categoryId ? updated : c));
      this.calls.push({ method: "updateCategory", id: categoryId });
      return ok(updated);
    });
  }

  deleteCategory(token: string, categoryId: number): Promise<Result<void>> {
    return this.asAdmin("deleteCategory", token, () => {
      if (!this.catalogue.categories.some((c) => c.id === categoryId))
        return err(notFound(messages.api.categoryNotFound));
      const held = this.productsIn.get(`c${categoryId}`) ?? 0;
      if (held > 0) return err(invalid(adminServerMessages.categoryHoldsProducts(held), "category_in_use"));
      this.catalogue.categories = this.catalogue.categories.filter((c) => c.id !== categoryId);
      this.catalogue.subCategories = this.catalogue.subCategories.filter((s) => s.categoryId !== categoryId);
      this.calls.push({ method: "deleteCategory", id: categoryId });
      return ok(undefined);
    });
  }

  // ---- sub categories ----

  createSubCategory(token: string, subCategory: NewSubCategory): Promise<Result<SubCategory>> {
    return this.asAdmin("createSubCategory", token, () => {
      const category = this.catalogue.categories.find((c) => c.id === subCategory.categoryId);
      if (!category) return err(invalid(messages.api.categoryNotFound));
      if (this.siblingNamed(subCategory.categoryId, subCategory.name, null))
        return err(invalid(adminServerMessages.subCategoryExists, "category_exists"));
      const created: SubCategory = {
        id: this.nextId++,
        name: subCategory.name,
        imageUrl: subCategory.image ? `/media/subcategories/${subCategory.image.fileName}` : null,
        categoryId: category.id,
        categoryName: category.name,
      };
      this.catalogue.subCategories = [...this.catalogue.subCategories, created];
      this.calls.push({ method: "createSubCategory", id: created.id });
      return ok(created);
    });
  }

  updateSubCategory(
    token: string,
    subCategoryId: number,
    change: SubCategoryChange,
  ): Promise<Result<SubCategory>> {
    return this.asAdmin("updateSubCategory", token, () => {
      const sub = this.catalogue.subCategories.find((s) => s.id === subCategoryId);
      if (!sub) return err(notFound(messages.api.subCategoryNotFound));
      const categoryId = change.categoryId ?? sub.categoryId;
      if (change.name !== undefined && this.siblingNamed(categoryId, change.name, subCategoryId))
        return err(invalid(adminServerMessages.subCategoryExists, "category_exists"));
      const updated: SubCategory = {
        ...sub,
        categoryId,
        ...(change.name !== undefined ? { name: change.name } : {}),
        ...(change.image ? { imageUrl: `/media/subcategories/${change.image.fileName}` } : {}),
      };
      this.catalogue.subCategories = this.catalogue.subCategories.map((s) =>
        s.id === subCategoryId ? updated : s,
      );
      this.calls.push({ method: "updateSubCategory", id: subCategoryId });
      return ok(updated);
    });
  }

  deleteSubCategory(token: string, subCategoryId: number): Promise<Result<void>> {
    return this.asAdmin("deleteSubCategory", token, () => {
      if (!this.catalogue.subCategories.some((s) => s.id === subCategoryId))
        return err(notFound(messages.api.subCategoryNotFound));
      const held = this.productsIn.get(`s${subCategoryId}`) ?? 0;
      if (held > 0)
        return err(invalid(adminServerMessages.subCategoryHoldsProducts(held), "category_in_use"));
      this.catalogue.subCategories = this.catalogue.subCategories.filter((s) => s.id !== subCategoryId);
      this.calls.push({ method: "deleteSubCategory", id: subCategoryId });
      return ok(undefined);
    });
  }

  productsHeld(token: string, scope: ProductsHeldScope): Promise<Result<number>> {
    return this.asAdmin("productsHeld", token, () => {
      if ("categoryId" in scope) {
        if (!this.catalogue.categories.some((c) => c.id === scope.categoryId))
          return err(notFound(messages.api.categoryNotFound));
        return ok(this.productsIn.get(`c${scope.categoryId}`) ?? 0);
      }
      if (!this.catalogue.subCategories.some((s) => s.id === scope.subCategoryId))
        return err(notFound(messages.api.subCategoryNotFound));
      return ok(this.productsIn.get(`s${scope.subCategoryId}`) ?? 0);
    });
  }

  // ---- filters and values ----

  createFilter(token: string, filter: { subCategoryId: number; name: string }): Promise<Result<Filter>> {
    return this.asAdmin("createFilter", token, () => {
      if (!this.catalogue.subCategories.some((s) => s.id === filter.subCategoryId))
        return err(invalid(messages.api.subCategoryNotFound));
      if (
        this.catalogue.filters.some(
          (f) => f.subCategoryId === filter.subCategoryId && key(f.name) === key(filter.name),
        )
      )
        return err(invalid(adminServerMessages.filterExists, "filter_exists"));
      const created: Filter = {
        id: this.nextId++,
        name: filter.name,
        subCategoryId: filter.subCategoryId,
        values: [],
      };
      this.catalogue.filters = [...this.catalogue.filters, created];
      this.calls.push({ method: "createFilter", id: created.id });
      return ok(created);
    });
  }

  renameFilter(token: string, filterId: number, name: string): Promise<Result<Filter>> {
    return this.asAdmin("renameFilter", token, () => {
      const filter = this.catalogue.filters.find((f) => f.id === filterId);
      if (!filter) return err(notFound(adminServerMessages.filterNotFound));
      const renamed = { ...filter, name };
      this.catalogue.filters = this.catalogue.filters.map((f) => (f.id === filterId ? renamed : f));
      return ok(renamed);
    });
  }

  deleteFilter(token: string, filterId: number): Promise<Result<void>> {
    return this.asAdmin("deleteFilter", token, () => {
      if (!this.catalogue.filters.some((f) => f.id === filterId))
        return err(notFound(adminServerMessages.filterNotFound));
      this.catalogue.filters = this.catalogue.filters.filter((f) => f.id !== filterId);
      return ok(undefined);
    });
  }

  async listFilterValues(filterId: number): Promise<Result<FilterValue[]>> {
    return this.failures.answer("listFilterValues", () => {
      const filter = this.catalogue.filters.find((f) => f.id === filterId);
      return filter ? ok([...filter.values]) : err(notFound(adminServerMessages.filterNotFound));
    });
  }

  createFilterValue(token: string, value: { filterId: number; name: string }): Promise<Result<FilterValue>> {
    return this.asAdmin("createFilterValue", token, () => {
      const filter = this.catalogue.filters.find((f) => f.id === value.filterId);
      if (!filter) return err(invalid(adminServerMessages.filterNotFound));
      if (filter.values.some((v) => key(v.name) === key(value.name)))
        return err(invalid(adminServerMessages.filterValueExists, "filter_exists"));
      const created: FilterValue = { id: this.nextId++, filterId: filter.id, name: value.name };
      this.catalogue.filters = this.catalogue.filters.map((f) =>
        f.id === filter.id ? { ...f, values: [...f.values, created] } : f,
      );
      this.calls.push({ method: "createFilterValue", id: created.id });
      return ok(created);
    });
  }

  renameFilterValue(token: string, valueId: number, name: string): Promise<Result<FilterValue>> {
    return this.asAdmin("renameFilterValue", token, () => {
      const value = this.catalogue.filters.flatMap((f) => f.values).find((v) => v.id === valueId);
      if (!value) return err(notFound(adminServerMessages.filterValueNotFound));
      const renamed = { ...value, name };
      this.catalogue.filters = this.catalogue.filters.map((f) => ({
        ...f,
        values: f.values.map((v) => (v.id === valueId ? renamed : v)),
      }));
      return ok(renamed);
    });
  }

  deleteFilterValue(token: string, valueId: number): Promise<Result<void>> {
    return this.asAdmin("deleteFilterValue", token, () => {
      if (!this.catalogue.filters.some((f) => f.values.some((v) => v.id === valueId)))
        return err(notFound(adminServerMessages.filterValueNotFound));
      this.catalogue.filters = this.catalogue.filters.map((f) => ({
        ...f,
        values: f.values.filter((v) => v.id !== valueId),
      }));
      return ok(undefined);
    });
  }

  // ---- the verification review ----

  listRequests(
    token: string,
    query: VerificationReviewQuery = {},
  ): Promise<Result<Page<VerificationReview>>> {
    return this.asAdmin("listRequests", token, () => {
      const { kind = "all", status = "all", search = "", page = 1 } = query;
      const text = key(search);
      const found = this.requests
        .filter((r) => kind === "all" || r.kind === kind)
        .filter((r) => status === "all" || r.status === status.toUpperCase())
        .filter(
          (r) =>
            text === "" ||
            [r.user.name, r.user.email, r.shop?.name ?? "", r.email ?? ""].some((t) => key(t).includes(text)),
        )
        .sort((a, b) => b.id - a.id);
      return paginate(found, page, VERIFICATION_REVIEW_PAGE_SIZE);
    });
  }

  getRequest(token: string, requestId: number): Promise<Result<VerificationReview>> {
    return this.asAdmin("getRequest", token, () => {
      const request = this.requests.find((r) => r.id === requestId);
      return request ? ok(request) : err(notFound(adminServerMessages.requestNotFound));
    });
  }

  approve(token: string, requestId: number): Promise<Result<VerificationReview>> {
    return this.decide("approve", token, requestId, "PENDING", "VERIFIED", null);
  }

  reject(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>> {
    return this.decide("reject", token, requestId, "PENDING", "REJECTED", reason.trim());
  }

  revoke(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>> {
    return this.decide("revoke", token, requestId, "VERIFIED", "REJECTED", reason.trim());
  }

  // ---- the admin role ----

  grantAdmin(token: string, email: string): Promise<Result<AdminRoleChange>> {
    return this.setRole("grantAdmin", token, email, true);
  }

  revokeAdmin(token: string, email: string): Promise<Result<AdminRoleChange>> {
    return this.setRole("revokeAdmin", token, email, false);
  }

  // ---- helpers ----

  private asAdmin<T>(method: AdminMethod, token: string, act: () => Result<T>): Promise<Result<T>> {
    return Promise.resolve(
      this.failures.answer(method, () => {
        const user = this.users.find((u) => u.token === token);
        if (!user) return err(notLoggedIn);
        return user.isAdmin ? act() : err(forbidden);
      }),
    );
  }

  private siblingNamed(categoryId: number, name: string, except: number | null): boolean {
    return this.catalogue.subCategories.some(
      (s) => s.categoryId === categoryId && s.id !== except && key(s.name) === key(name),
    );
  }

  private decide(
    method: "approve" | "reject" | "revoke",
    token: string,
    requestId: number,
    from: VerificationReview["status"],
    to: VerificationReview["status"],
    reason: string | null,
  ): Promise<Result<VerificationReview>> {
    return this.asAdmin(method, token, () => {
      // Like the service: a blank reason is refused before the request is looked at.
      if (reason === "") return err(invalid(adminServerMessages.reasonRequired));
      const request = this.requests.find((r) => r.id === requestId);
      if (!request) return err(notFound(adminServerMessages.requestNotFound));
      if (request.status !== from)
        return err(
          invalid(from === "PENDING" ? adminServerMessages.notPending : adminServerMessages.notVerified),
        );
      const decided: VerificationReview = {
        ...request,
        status: to,
        reason,
        decidedAt: new Date(0).toISOString(),
      };
      this.requests = this.requests.map((r) => (r.id === requestId ? decided : r));
      this.calls.push({ method, id: requestId, ...(reason !== null ? { reason } : {}) });
      return ok(decided);
    });
  }

  private setRole(
    method: "grantAdmin" | "revokeAdmin",
    token: string,
    email: string,
    isAdmin: boolean,
  ): Promise<Result<AdminRoleChange>> {
    return this.asAdmin(method, token, () => {
      const user = this.users.find((u) => key(emailOf(u)) === key(email));
      if (!user) return err(notFound(messages.api.userNotFound));
      if (!isAdmin && user.token === token) return err(invalid(adminServerMessages.ownAdminRole));
      this.users = this.users.map((u) => (u.id === user.id ? { ...u, isAdmin } : u));
      return ok({ id: user.id, email: emailOf(user), name: user.name, isAdmin });
    });
  }
}
