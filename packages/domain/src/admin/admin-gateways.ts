import type { Category } from "../catalogue/category.js";
import type { Filter, FilterValue } from "../catalogue/filter.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import type { ImageUpload } from "../media/image-upload.js";
import type { Page } from "../page.js";
import type { Result } from "../result.js";

// The admins' ports (issue 10): the catalogue (spec §7 category/...), the verification review and
// the admin role. Every call takes an admin's token; the services refuse a visitor ('unauthorized') and
// anyone who is not an admin ('forbidden'). A name another category, sub category (within its category), filter
// or value (within its parent) has, case aside, is 'invalid' with the service's words ('category
// already exists', 'filter name already exists'); so is deleting a category or sub category that
// still holds products (the words say how many).

export interface NewCategory {
  readonly name: string;
  readonly image?: ImageUpload;
}

export interface CategoryChange {
  readonly name?: string;
  readonly image?: ImageUpload;
}

export interface NewSubCategory {
  readonly categoryId: number;
  readonly name: string;
  readonly image?: ImageUpload;
}

/** What is given changes; a new `categoryId` moves the sub category (its products follow). */
export interface SubCategoryChange {
  readonly categoryId?: number;
  readonly name?: string;
  readonly image?: ImageUpload;
}

/** A category, or one sub category. */
export type ProductsHeldScope = { readonly categoryId: number } | { readonly subCategoryId: number };

export interface CatalogueAdminGateway {
  createCategory(token: string, category: NewCategory): Promise<Result<Category>>;
  updateCategory(token: string, categoryId: number, change: CategoryChange): Promise<Result<Category>>;
  deleteCategory(token: string, categoryId: number): Promise<Result<void>>;
  createSubCategory(token: string, subCategory: NewSubCategory): Promise<Result<SubCategory>>;
  updateSubCategory(
    token: string,
    subCategoryId: number,
    change: SubCategoryChange,
  ): Promise<Result<SubCategory>>;
  deleteSubCategory(token: string, subCategoryId: number): Promise<Result<void>>;
  /**
   * How many products a category (with its sub categories') or a sub category holds, in and out of
   * stock and hidden ones too: what its delete would be refused for. 'not-found' for an unknown id.
   */
  productsHeld(token: string, scope: ProductsHeldScope): Promise<Result<number>>;
  createFilter(token: string, filter: { subCategoryId: number; name: string }): Promise<Result<Filter>>;
  renameFilter(token: string, filterId: number, name: string): Promise<Result<Filter>>;
  deleteFilter(token: string, filterId: number): Promise<Result<void>>;
  /** A filter's values (public); 'not-found' for an unknown filter. */
  listFilterValues(filterId: number): Promise<Result<FilterValue[]>>;
  createFilterValue(token: string, value: { filterId: number; name: string }): Promise<Result<FilterValue>>;
  renameFilterValue(token: string, valueId: number, name: string): Promise<Result<FilterValue>>;
  deleteFilterValue(token: string, valueId: number): Promise<Result<void>>;
}

export type VerificationRequestKind = "user" | "shop";
export type VerificationRequestStatus = "PENDING" | "VERIFIED" | "REJECTED";

/** A user's or shop's verification request as the review shows it. */
export interface VerificationReview {
  readonly id: number;
  readonly kind: VerificationRequestKind;
  readonly status: VerificationRequestStatus;
  /** Why it was rejected or its verification removed. */
  readonly reason: string | null;
  readonly submittedAt: string;
  readonly decidedAt: string | null;
  /** The applicant: the user, or the owner who asked for the shop. */
  readonly user: {
    readonly id: number;
    readonly name: string;
    readonly email: string;
    readonly phone: string;
  };
  readonly shop: { readonly id: number; readonly name: string } | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly nin: string | null;
  readonly locationLatitude: number | null;
  readonly locationLongitude: number | null;
  /** Private documents: host paths readable with an admin's token. */
  readonly documents: readonly { readonly name: string; readonly url: string }[];
}

export interface VerificationReviewQuery {
  readonly kind?: VerificationRequestKind | "all";
  readonly status?: "pending" | "verified" | "rejected" | "all";
  readonly search?: string;
  readonly page?: number;
}

/** The verification review: approve a pending request, reject it with a reason, or revoke a verified one. */
export interface VerificationReviewGateway {
  listRequests(token: string, query?: VerificationReviewQuery): Promise<Result<Page<VerificationReview>>>;
  getRequest(token: string, requestId: number): Promise<Result<VerificationReview>>;
  approve(token: string, requestId: number): Promise<Result<VerificationReview>>;
  reject(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>>;
  revoke(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>>;
}

/** An account and its role after a grant or revocation. */
export interface AdminRoleChange {
  readonly id: number;
  readonly email: string;
  readonly name: string;
  readonly isAdmin: boolean;
}

/** Granting and taking the admin role by e-mail ('not-found' for no such account). */
export interface AdminRoleGateway {
  grantAdmin(token: string, email: string): Promise<Result<AdminRoleChange>>;
  revokeAdmin(token: string, email: string): Promise<Result<AdminRoleChange>>;
}
