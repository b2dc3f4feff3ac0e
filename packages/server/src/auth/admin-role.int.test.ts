import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser, authGet, authPost, TEST_PASSWORD } from "../testing/auth-helpers.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { DEV_ADMIN_EMAIL, ensureAdmin, ensureDevAdmin } from "./admin-bootstrap.js";

// The admin role (issue 10): the configured admin, the development admin and whoever an admin grants
// it to; `users/me/` says so, and the shop service's admin calls follow the role at once.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("admin role (%s)", (kind) => {
  let server: TestServer;
  const shop = sellerCaller(() => server);
  let admin: Signed;
  let member: Signed;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    [admin, member] = await Promise.all([aSignedInUser(server, { role: "admin" }), aSignedInUser(server)]);
  });
  afterAll(() => server?.close());

  const roleCall = (method: "POST" | "DELETE", email: unknown, token?: string) =>
    server.app
      .inject({
        method,
        url: "/api/auth/users/admin/",
        payload: { email },
        headers: token ? { authorization: `Token ${token}` } : {},
      })
      .then((r) => ({ status: r.statusCode, body: r.json() }));
  const isAdmin = async (token: string) => (await authGet(server, "users/me/", token)).body.is_admin;
  const canAddCategory = async (token: string) =>
    (await shop("POST", "category/", { token, json: { name: `Probe ${Math.random()}` } })).status;

  it("makes the configured admin and the development admin admins", async () => {
    await ensureAdmin(server.db, { email: "owner@katale.example", password: TEST_PASSWORD });
    const login = await authPost(server, "login/", {
      username: "owner@katale.example",
      password: TEST_PASSWORD,
    });
    expect(await isAdmin(login.body.key)).toBe(true);
    const dev = await ensureDevAdmin(server.db);
    expect(dev?.email).toBe(DEV_ADMIN_EMAIL);
    const devLogin = await authPost(server, "login/", { username: DEV_ADMIN_EMAIL, password: dev!.password });
    expect(await isAdmin(devLogin.body.key)).toBe(true);
    expect(await canAddCategory(devLogin.body.key)).toBe(201);
    expect(await isAdmin(member.key)).toBe(false);
  });

  it("answers 401 to a visitor and 403 to a user who is not an admin, changing nothing", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const visitor = await roleCall(method, member.email);
      expect(visitor.status).toBe(401);
      expect(visitor.body.code).toBe("not_authenticated");
      const notAdmin = await roleCall(method, member.email, member.key);
      expect(notAdmin.status).toBe(403);
      expect(notAdmin.body.code).toBe("forbidden");
      expect((await roleCall(method, admin.email, member.key)).status).toBe(403);
    }
    expect(await isAdmin(member.key)).toBe(false);
    expect(await isAdmin(admin.key)).toBe(true);
  });

  it("grants and revokes the role; the shop service follows at once", async () => {
    const helper = await aSignedInUser(server);
    expect(await canAddCategory(helper.key)).toBe(403);

    const granted = await roleCall("POST", helper.email.toUpperCase(), admin.key);
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual({
      detail: "The account is now an admin",
      user: { id: helper.id, email: helper.email, name: helper.name, is_admin: true },
    });
    expect(await isAdmin(helper.key)).toBe(true);
    expect(await canAddCategory(helper.key)).toBe(201);
    // Granting again changes nothing.
    expect((await roleCall("POST", helper.email, admin.key)).status).toBe(200);

    // The new admin may grant and revoke too, but not their own role.
    const own = await roleCall("DELETE", helper.email, helper.key);
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ detail: "You cannot remove your own admin role", code: "own_admin_role" });
    expect(await isAdmin(helper.key)).toBe(true);

    const revoked = await roleCall("DELETE", helper.email, admin.key);
    expect(revoked.status).toBe(200);
    expect(revoked.body.user.is_admin).toBe(false);
    expect(await isAdmin(helper.key)).toBe(false);
    expect(await canAddCategory(helper.key)).toBe(403);
    expect((await roleCall("POST", member.email, helper.key)).status).toBe(403);
  });

  it("refuses a missing or malformed e-mail (400) and an unknown account (404)", async () => {
    for (const method of ["POST", "DELETE"] as const) {
      const missing = await roleCall(method, undefined, admin.key);
      expect(missing.status).toBe(400);
      expect(missing.body.email).toEqual(["Enter the account's email address"]);
      const malformed = await roleCall(method, "not an email", admin.key);
      expect(malformed.status).toBe(400);
      expect(malformed.body.email).toEqual(["Enter a valid email address"]);
      const unknown = await roleCall(method, "nobody@example.ug", admin.key);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: "User not found", code: "user_not_found" });
    }
  });

  it("documents the admin calls at /api/docs", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/docs/json`)).json()) as {
      info: { description: string };
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    expect(Object.keys(doc.paths["/api/auth/users/admin/"] ?? {}).sort()).toEqual(["delete", "post"]);
    for (const [path, method] of [
      ["/api/shop/category/", "post"],
      ["/api/shop/category/{id}/patch/", "patch"],
      ["/api/shop/category/{id}/delete", "delete"],
      ["/api/shop/category/subcategory/{id}/", "put"],
      ["/api/shop/category/filtervalue/{filterId}", "get"],
      ["/api/shop/category/filter/{id}/", "patch"],
      ["/api/shop/category/filtervalue/{id}/", "delete"],
      ["/api/shop/category/{id}/product-count/", "get"],
      ["/api/shop/category/subcategory/{id}/product-count/", "get"],
      ["/api/shop/verification/requests/", "get"],
      ["/api/shop/verification/requests/{id}/documents/{name}", "get"],
      ["/api/shop/verification/requests/{id}/approve/", "post"],
      ["/api/shop/verification/requests/{id}/reject/", "post"],
      ["/api/shop/verification/requests/{id}/revoke/", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toBeTruthy();
    }
    expect(doc.info.description).toContain("## Admins");
  });
});
