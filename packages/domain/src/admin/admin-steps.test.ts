import { describe, expect, it } from "vitest";
import type { Category } from "../catalogue/category.js";
import { err, ok, type Result } from "../result.js";
import { InMemoryStorage } from "../testing/in-memory-storage.js";
import { failureOf, successOf } from "../testing/results.js";
import type {
  AdminRoleGateway,
  CatalogueAdminGateway,
  VerificationReview,
  VerificationReviewGateway,
} from "./admin-gateways.js";
import {
  addCategory,
  addFilterValue,
  decideWithReason,
  deleteCategory,
  editSubCategory,
  setAdminRole,
} from "./admin-steps.js";

// The admins' steps over a small in-memory catalogue: what is sent, and the words each outcome shows.

const ADMIN = "t-admin";
const FORBIDDEN = {
  kind: "forbidden",
  message: "You do not have permission to perform this action.",
} as const;
const EXPIRED = "t-expired";
/** A refused token, in words other than the service's usual ones: only the kind counts. */
const SESSION_ENDED = { kind: "unauthorized", message: "Token expired" } as const;

function setUp(token: string | null = ADMIN) {
  const categories: Category[] = [];
  const sent: string[] = [];
  let offline = false;
  const guard = <T>(t: string, then: () => Result<T>): Promise<Result<T>> => {
    sent.push(t);
    if (offline) return Promise.resolve(err({ kind: "network" }));
    return Promise.resolve(t === ADMIN ? then() : err(t === EXPIRED ? SESSION_ENDED : FORBIDDEN));
  };
  const catalogueAdmin = {
    createCategory: (t, { name }) =>
      guard(t, () => {
        if (categories.some((c) => c.name.toLowerCase() === name.toLowerCase()))
          return err({ kind: "invalid", message: "category already exists" });
        const category = { id: categories.length + 1, name, imageUrl: null };
        categories.push(category);
        return ok(category);
      }),
    deleteCategory: (t) =>
      guard(t, () =>
        err({ kind: "invalid", message: "This category still holds 2 products; move or delete them first" }),
      ),
    updateSubCategory: (t, id, change) =>
      guard(t, () => ok({ id, name: change.name ?? "Old", imageUrl: null, categoryId: 1 })),
    createFilterValue: (t, value) => guard(t, () => ok({ id: 1, ...value })),
  } as Pick<
    CatalogueAdminGateway,
    "createCategory" | "deleteCategory" | "updateSubCategory" | "createFilterValue"
  > as CatalogueAdminGateway;
  const verificationReview = {
    reject: (t, id, reason) => guard(t, () => ok({ id, status: "REJECTED", reason } as VerificationReview)),
  } as Pick<VerificationReviewGateway, "reject"> as VerificationReviewGateway;
  const adminRole: AdminRoleGateway = {
    grantAdmin: (t, email) => guard(t, () => ok({ id: 3, email, name: "Amina", isAdmin: true })),
    revokeAdmin: (t, email) => guard(t, () => ok({ id: 3, email, name: "Amina", isAdmin: false })),
  };
  const storage = new InMemoryStorage();
  if (token) storage.set("token", token);
  return {
    ports: { catalogueAdmin, verificationReview, adminRole, storage },
    categories,
    sent,
    goOffline: () => {
      offline = true;
    },
  };
}

describe("the admins' catalogue steps", () => {
  it("adds a category with the spec's line; a taken name shows the service's words", async () => {
    const { ports, categories } = setUp();
    const made = successOf(await addCategory(ports, { name: "  Garden " }));
    expect(made.message).toBe("Category successfully created");
    expect(categories.map((c) => c.name)).toEqual(["Garden"]);
    expect(failureOf(await addCategory(ports, { name: "GARDEN" }))).toEqual({
      kind: "invalid",
      message: "category already exists",
    });
  });

  it("sends nothing without a name, a token or a numeric filter id", async () => {
    const { ports, sent } = setUp();
    expect(failureOf(await addCategory(ports, { name: "  " })).message).toBe("Enter the category's name");
    for (const filterId of [null, undefined, 0, 1.5])
      expect(failureOf(await addFilterValue(ports, { filterId, name: "Red" })).message).toBe(
        "Choose a filter (its numeric id)",
      );
    expect(sent).toEqual([]);
    expect(successOf(await addFilterValue(ports, { filterId: 4, name: " Red " })).message).toBe(
      "filter value successfully created",
    );
    const signedOut = setUp(null);
    expect(failureOf(await addCategory(signedOut.ports, { name: "Garden" })).kind).toBe("not-logged-in");
  });

  it("words a user who is not an admin, an ended session, a delete refused for its products, and no connection", async () => {
    const stranger = setUp("t-user");
    expect(failureOf(await addCategory(stranger.ports, { name: "Garden" }))).toEqual({
      kind: "forbidden",
      message: "You do not have permission to perform this action.",
    });
    expect(failureOf(await addCategory(setUp(EXPIRED).ports, { name: "Garden" }))).toEqual({
      kind: "unauthorized",
      message: "Your session has ended, please log in again",
    });
    const { ports, goOffline } = setUp();
    expect(failureOf(await deleteCategory(ports, 1)).message).toBe(
      "This category still holds 2 products; move or delete them first",
    );
    expect(successOf(await editSubCategory(ports, 4, { name: "Gowns" })).message).toBe(
      "Sub category successfully edited",
    );
    goOffline();
    expect(failureOf(await addCategory(ports, { name: "Books" })).message).toBe(
      "Category not created, check internet connection",
    );
    expect(failureOf(await editSubCategory(ports, 4, { name: "Gowns" })).message).toBe(
      "Sub category not edited, check internet connection",
    );
  });
});

describe("the review and the admin role", () => {
  it("needs a reason to reject or remove a verification", async () => {
    const { ports, sent } = setUp();
    expect(failureOf(await decideWithReason(ports, 9, "reject", " ")).message).toBe("Give the reason");
    expect(sent).toEqual([]);
    expect(successOf(await decideWithReason(ports, 9, "reject", " Blurred ")).reason).toBe("Blurred");
  });

  it("grants and takes the admin role with a line to show", async () => {
    const { ports } = setUp();
    expect(successOf(await setAdminRole(ports, "amina@example.ug", true)).message).toBe(
      "The account is now an admin",
    );
    const revoked = successOf(await setAdminRole(ports, "amina@example.ug", false));
    expect(revoked).toMatchObject({
      message: "The account is no longer an admin",
      account: { isAdmin: false },
    });
    expect(failureOf(await setAdminRole(ports, "", true)).message).toBe("Enter the account's email address");
  });
});
