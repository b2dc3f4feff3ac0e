import type { VerificationReview } from "@katale/domain";
import {
  aCategory,
  aSubCategory,
  aUser,
  InMemoryAdminGateway,
  InMemoryAuthGateway,
  InMemoryCategoryGateway,
} from "@katale/domain/testing";
import type { Services } from "../app/services.js";
import { testServices } from "../testing/test-services.js";

// What the admin pages' component tests share: Sarah is an admin, Okello is not; one catalogue fake
// behind the public reads and the admin fake, so a change shows in every list.

export interface AdminSetup {
  readonly services: Services;
  readonly admin: InMemoryAdminGateway;
  readonly catalogue: InMemoryCategoryGateway;
  readonly auth: InMemoryAuthGateway;
}

export function aReview(overrides: Partial<VerificationReview> = {}): VerificationReview {
  return {
    id: 1,
    kind: "user",
    status: "PENDING",
    reason: null,
    submittedAt: "2026-11-20T09:00:00.000Z",
    decidedAt: null,
    user: { id: 21, name: "Nakato Grace", email: "nakato@example.ug", phone: "0772000111" },
    shop: null,
    email: "nakato@example.ug",
    phone: "0772000111",
    nin: "CM90012345ABCD",
    locationLatitude: 0.3476,
    locationLongitude: 32.5825,
    documents: [],
    ...overrides,
  };
}

/** Services signed in as an admin (or `admin: false`: a user who is not one). */
export async function adminSetup({
  isAdmin = true,
  requests = [],
}: {
  isAdmin?: boolean;
  requests?: VerificationReview[];
} = {}): Promise<AdminSetup> {
  const auth = new InMemoryAuthGateway();
  const user = aUser({ id: 3, name: "Sarah", email: "sarah@example.ug" });
  auth.addAccount(user, "secret-123", { isAdmin });
  const session = await auth.login({ username: user.email, password: "secret-123" });
  if (!session.ok) throw new Error("no session");
  const catalogue = new InMemoryCategoryGateway(
    [aCategory({ id: 1, name: "Electronics" }), aCategory({ id: 2, name: "Fashion" })],
    [aSubCategory({ id: 11, categoryId: 1, name: "Phones", categoryName: "Electronics" })],
  );
  const admin = new InMemoryAdminGateway(
    [{ id: user.id, token: session.value.token, name: user.name, isAdmin }],
    catalogue,
    requests,
  );
  const services = testServices({
    auth,
    categories: catalogue,
    admin: async () => ({ catalogueAdmin: admin, verificationReview: admin, adminRole: admin }),
  });
  services.local.set("token", session.value.token);
  services.local.set("userdid", user.id);
  services.local.set("loggedInUserName", user.name);
  return { services, admin, catalogue, auth };
}
