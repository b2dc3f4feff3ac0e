import { authFailure, type Done, done } from "../auth/auth-failure.js";
import type { Category } from "../catalogue/category.js";
import type { Filter, FilterValue } from "../catalogue/filter.js";
import type { SubCategory } from "../catalogue/sub-category.js";
import { signedInToken } from "../engagement/signed-in.js";
import { adminServerMessages } from "../messages/admin-server.js";
import { messages } from "../messages.js";
import type { Page } from "../page.js";
import { type DomainError, err, ok, type Result, type WordedError } from "../result.js";
import type { KeyValueStorage } from "../session/key-value-storage.js";
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
} from "./admin-gateways.js";

// The admins' steps (issue 10) for the web's catalogue manager and review pages and the CLI: the
// stored token, a first check of the input (nothing is sent without a name or a reason), the port,
// and the failure in words. Creations answer the lines of spec §8 ('Category successfully created',
// ...); a refused name shows the service's words ('category already exists'); someone who is not an
// admin (`forbidden`) hears the service's 'You do not have permission to perform this action.'.

export interface AdminPorts {
  readonly catalogueAdmin: CatalogueAdminGateway;
  readonly verificationReview: VerificationReviewGateway;
  readonly adminRole: AdminRoleGateway;
  readonly storage: KeyValueStorage;
}

type Outcome<T> = Result<T, WordedError>;

/**
 * An admin step's failure: someone who is not an admin (`forbidden`) hears the service's 'You do not
 * have permission to perform this action.', an unknown thing and refused input the service's words,
 * no connection or a service fault `otherwise`.
 */
export function adminFailure(error: DomainError, otherwise: string): WordedError {
  if (error.kind === "forbidden") return { kind: error.kind, message: messages.authServer.adminOnly };
  if (error.kind === "network" || error.kind === "server") return { ...error, message: otherwise };
  if (error.kind === "not-found" && error.message !== undefined) return { ...error, message: error.message };
  return authFailure(error, { otherwise });
}

const refused = (message: string): Outcome<never> => err({ kind: "invalid-form", message });
const blank = (text: string | undefined) => text !== undefined && text.trim() === "";

/** Runs a port call with the stored token; the failure in words. */
async function withToken<T>(
  storage: KeyValueStorage,
  call: (token: string) => Promise<Result<T>>,
  otherwise: string,
): Promise<Outcome<T>> {
  const token = signedInToken(storage);
  if (!token.ok) return token;
  const answer = await call(token.value);
  return answer.ok ? answer : err(adminFailure(answer.error, otherwise));
}

export async function addCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  category: NewCategory,
): Promise<Outcome<Done<{ category: Category }>>> {
  if (category.name.trim() === "") return refused(adminServerMessages.categoryNameRequired);
  const made = await withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.createCategory(token, { ...category, name: category.name.trim() }),
    messages.catalogue.categoryNotCreated,
  );
  return made.ok ? ok(done(messages.catalogue.categoryCreated, { category: made.value })) : made;
}

export async function editCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  categoryId: number,
  change: CategoryChange,
): Promise<Outcome<Category>> {
  if (blank(change.name)) return refused(adminServerMessages.categoryNameRequired);
  const name = change.name?.trim();
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.updateCategory(token, categoryId, { ...change, ...(name && { name }) }),
    messages.common.checkConnection,
  );
}

export function deleteCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  categoryId: number,
): Promise<Outcome<void>> {
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.deleteCategory(token, categoryId),
    messages.common.checkConnection,
  );
}

export async function addSubCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  subCategory: NewSubCategory,
): Promise<Outcome<Done<{ subCategory: SubCategory }>>> {
  if (subCategory.name.trim() === "") return refused(adminServerMessages.subCategoryNameRequired);
  const made = await withToken(
    ports.storage,
    (token) =>
      ports.catalogueAdmin.createSubCategory(token, { ...subCategory, name: subCategory.name.trim() }),
    messages.catalogue.categoryNotCreated.replace("Category", "Sub category"),
  );
  return made.ok ? ok(done(messages.catalogue.subCategoryCreated, { subCategory: made.value })) : made;
}

/** The 'Edit sub category' modal: 'Sub category successfully edited' or the spec's failure line. */
export async function editSubCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  subCategoryId: number,
  change: SubCategoryChange,
): Promise<Outcome<Done<{ subCategory: SubCategory }>>> {
  if (blank(change.name)) return refused(adminServerMessages.subCategoryNameRequired);
  const name = change.name?.trim();
  const edited = await withToken(
    ports.storage,
    (token) =>
      ports.catalogueAdmin.updateSubCategory(token, subCategoryId, { ...change, ...(name && { name }) }),
    messages.catalogue.subCategoryEditFailed,
  );
  return edited.ok ? ok(done(messages.catalogue.subCategoryEdited, { subCategory: edited.value })) : edited;
}

export function deleteSubCategory(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  subCategoryId: number,
): Promise<Outcome<void>> {
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.deleteSubCategory(token, subCategoryId),
    messages.common.checkConnection,
  );
}

/** How many products a category or sub category holds (all of them: what its delete would meet). */
export function productsHeld(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  scope: ProductsHeldScope,
): Promise<Outcome<number>> {
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.productsHeld(token, scope),
    messages.common.checkConnection,
  );
}

export async function addFilter(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  filter: { subCategoryId: number; name: string },
): Promise<Outcome<Done<{ filter: Filter }>>> {
  if (filter.name.trim() === "") return refused(adminServerMessages.filterNameRequired);
  const made = await withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.createFilter(token, { ...filter, name: filter.name.trim() }),
    messages.catalogue.categoryNotCreated.replace("Category", "Filter"),
  );
  return made.ok ? ok(done(messages.catalogue.filterCreated, { filter: made.value })) : made;
}

/** 'Filter value needs a chosen numeric filter id' (spec §5): nothing is sent without one. */
export async function addFilterValue(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  value: { filterId: number | null | undefined; name: string },
): Promise<Outcome<Done<{ value: FilterValue }>>> {
  const filterId = value.filterId;
  if (typeof filterId !== "number" || !Number.isInteger(filterId) || filterId < 1)
    return refused(adminServerMessages.filterRequired);
  if (value.name.trim() === "") return refused(adminServerMessages.filterValueRequired);
  const made = await withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.createFilterValue(token, { filterId, name: value.name.trim() }),
    messages.catalogue.categoryNotCreated.replace("Category", "Filter value"),
  );
  return made.ok ? ok(done(messages.catalogue.filterValueCreated, { value: made.value })) : made;
}

export async function renameFilter(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  filterId: number,
  name: string,
): Promise<Outcome<Filter>> {
  if (name.trim() === "") return refused(adminServerMessages.filterNameRequired);
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.renameFilter(token, filterId, name.trim()),
    messages.common.checkConnection,
  );
}

export function deleteFilter(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  filterId: number,
): Promise<Outcome<void>> {
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.deleteFilter(token, filterId),
    messages.common.checkConnection,
  );
}

export async function renameFilterValue(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  valueId: number,
  name: string,
): Promise<Outcome<FilterValue>> {
  if (name.trim() === "") return refused(adminServerMessages.filterValueRequired);
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.renameFilterValue(token, valueId, name.trim()),
    messages.common.checkConnection,
  );
}

export function deleteFilterValue(
  ports: Pick<AdminPorts, "catalogueAdmin" | "storage">,
  valueId: number,
): Promise<Outcome<void>> {
  return withToken(
    ports.storage,
    (token) => ports.catalogueAdmin.deleteFilterValue(token, valueId),
    messages.common.checkConnection,
  );
}

// ---- the verification review ----

export function listVerificationRequests(
  ports: Pick<AdminPorts, "verificationReview" | "storage">,
  query: VerificationReviewQuery = {},
): Promise<Outcome<Page<VerificationReview>>> {
  return withToken(
    ports.storage,
    (token) => ports.verificationReview.listRequests(token, query),
    messages.common.checkConnection,
  );
}

export function approveVerification(
  ports: Pick<AdminPorts, "verificationReview" | "storage">,
  requestId: number,
): Promise<Outcome<VerificationReview>> {
  return withToken(
    ports.storage,
    (token) => ports.verificationReview.approve(token, requestId),
    messages.common.checkConnection,
  );
}

/** Reject ('Reason for Rejection') or Remove Verification: the reason is required. */
export async function decideWithReason(
  ports: Pick<AdminPorts, "verificationReview" | "storage">,
  requestId: number,
  decision: "reject" | "revoke",
  reason: string,
): Promise<Outcome<VerificationReview>> {
  if (reason.trim() === "") return refused(adminServerMessages.reasonRequired);
  return withToken(
    ports.storage,
    (token) => ports.verificationReview[decision](token, requestId, reason.trim()),
    messages.common.checkConnection,
  );
}

// ---- the admin role ----

export async function setAdminRole(
  ports: Pick<AdminPorts, "adminRole" | "storage">,
  email: string,
  admin: boolean,
): Promise<Outcome<Done<{ account: AdminRoleChange }>>> {
  if (email.trim() === "") return refused(adminServerMessages.emailRequired);
  const changed = await withToken(
    ports.storage,
    (token) => ports.adminRole[admin ? "grantAdmin" : "revokeAdmin"](token, email.trim()),
    messages.common.checkConnection,
  );
  return changed.ok
    ? ok(
        done(admin ? adminServerMessages.adminGranted : adminServerMessages.adminRevoked, {
          account: changed.value,
        }),
      )
    : changed;
}
