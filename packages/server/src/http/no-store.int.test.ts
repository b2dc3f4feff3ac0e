import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser, authPost, TEST_PASSWORD } from "../testing/auth-helpers.js";
import { startTestServer, type TestServer } from "../testing/test-server.js";

// A login token or a profile must not stay in a browser's or a proxy's cache (a shared phone, an
// office proxy): those answers carry Cache-Control: no-store; public reads stay cacheable.

describe("answers with tokens or personal data", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("are never stored by a cache", async () => {
    const user = await aSignedInUser(server);
    const login = await authPost(server, "login/", { username: user.email, password: TEST_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers["cache-control"]).toMatch(/no-store/);

    const failed = await authPost(server, "login/", { username: user.email, password: "wrong password" });
    expect(failed.headers["cache-control"]).toMatch(/no-store/);

    const updated = await authPost(
      server,
      "users/update_user/",
      { name: "Nakato" },
      {
        token: user.key,
        method: "PATCH",
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.headers["cache-control"]).toMatch(/no-store/);

    for (const url of ["/api/auth/users/me/", `/api/shop/shop/getshopsunderauser/${user.key}/`]) {
      const res = await server.app.inject({ url, headers: { authorization: `Token ${user.key}` } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers["cache-control"], url).toMatch(/no-store/);
    }
  });

  it("leave public reads cacheable", async () => {
    const res = await server.app.inject({ url: "/api/shop/product/" });
    expect(res.headers["cache-control"]).toBe("public, max-age=30");
  });
});
