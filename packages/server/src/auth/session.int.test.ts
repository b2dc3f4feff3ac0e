import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser, authGet, authPost, newIdentity } from "../testing/auth-helpers.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { DEV_ADMIN_EMAIL, ensureAdmin, ensureDevAdmin } from "./admin-bootstrap.js";
import { SLOW_DOWN_MS } from "./attempts.js";
import { AUTH_LIMITS } from "./auth-rate-limits.js";
import { currentUser, requireAdmin, requireUser } from "./authenticate.js";
import { sha256 } from "./secrets.js";

// Sessions (tokens, me, logout), the guards the shop service reuses, the admin account and the rate
// limits of login, code checks and code sends.

describe.each(databaseKinds())("sessions, admin and rate limits (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("me answers the user of a Token or Bearer header, and is_admin", async () => {
    const me = await aSignedInUser(server);
    const byToken = await authGet(server, "users/me/", me.key);
    expect(byToken).toMatchObject({
      status: 200,
      body: { user: { id: me.id, email: me.email, phone: me.phone }, is_admin: false },
    });
    const bearer = await server.app.inject({
      method: "GET",
      url: "/api/auth/users/me/",
      headers: { authorization: `Bearer ${me.key}` },
    });
    expect(bearer.json().user.id).toBe(me.id);
  });

  it("refuses a missing, unknown or malformed token with 401", async () => {
    expect(await authGet(server, "users/me/")).toMatchObject({
      status: 401,
      body: { detail: "Authentication credentials were not provided.", code: "not_authenticated" },
    });
    expect(await authGet(server, "users/me/", "not-a-real-token")).toMatchObject({
      status: 401,
      body: { detail: "Invalid token.", code: "invalid_token" },
    });
    const odd = await server.app.inject({
      method: "GET",
      url: "/api/auth/users/me/",
      headers: { authorization: "Basic dXNlcjpwYXNz" },
    });
    expect(odd.statusCode).toBe(401);
  });

  it("stores tokens only as SHA-256 hashes", async () => {
    const me = await aSignedInUser(server);
    const rows = await server.db
      .selectFrom("auth_tokens")
      .select("token_hash")
      .where("user_id", "=", me.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(me.key)]);
  });

  it("logout revokes the token it carries (header or body), and only that one", async () => {
    const me = await aSignedInUser(server);
    const second = await authPost(server, "login/", { username: me.email, password: me.password });
    expect(second.status).toBe(200);

    expect(await authPost(server, "logout/", {}, { token: me.key })).toMatchObject({
      status: 200,
      body: { detail: "You are logged out" },
    });
    expect((await authGet(server, "users/me/", me.key)).status).toBe(401);
    expect((await authPost(server, "logout/", {}, { token: me.key })).status).toBe(401);
    // A logout without any body (the token in the header only).
    const third = await authPost(server, "login/", { username: me.email, password: me.password });
    const bare = await server.app.inject({
      method: "POST",
      url: "/api/auth/logout/",
      headers: { authorization: `Bearer ${third.body.key}` },
    });
    expect(bare.statusCode).toBe(200);
    expect((await authGet(server, "users/me/", third.body.key)).status).toBe(401);
    // The other session goes on; its logout through the body's token field works too.
    expect((await authGet(server, "users/me/", second.body.key)).status).toBe(200);
    expect((await authPost(server, "logout/", { token: second.body.key })).status).toBe(200);
    expect((await authGet(server, "users/me/", second.body.key)).status).toBe(401);
  });

  it("requireUser and requireAdmin guard another service's routes with the same tokens", async () => {
    const shop = Fastify();
    shop.get("/mine", { preHandler: requireUser(server.db) }, async (request) => ({
      id: currentUser(request).id,
    }));
    shop.post("/admin-only", { preHandler: requireAdmin(server.db) }, async (request) => ({
      admin: currentUser(request).isAdmin,
    }));
    await shop.ready();
    const user = await aSignedInUser(server);
    const admin = await aSignedInUser(server, { role: "admin" });
    const call = (method: "GET" | "POST", url: string, key?: string, body?: object) =>
      shop.inject({
        method,
        url,
        ...(key ? { headers: { authorization: `Token ${key}` } } : {}),
        ...(body ? { payload: body } : {}),
      });

    expect((await call("GET", "/mine", user.key)).json()).toEqual({ id: user.id });
    expect((await call("GET", "/mine")).statusCode).toBe(401);
    expect((await call("POST", "/admin-only", user.key)).statusCode).toBe(403);
    expect((await call("POST", "/admin-only", user.key)).json()).toEqual({
      detail: "You do not have permission to perform this action.",
      code: "forbidden",
    });
    expect((await call("POST", "/admin-only", admin.key)).json()).toEqual({ admin: true });
    // The body's token field works where the spec puts the token in bodies.
    expect((await call("POST", "/admin-only", undefined, { token: admin.key })).json()).toEqual({
      admin: true,
    });
    await shop.close();
  });

  it("creates the configured admin once; an existing account is promoted and keeps its password", async () => {
    const email = `boss${Date.now()}@example.ug`;
    const first = await ensureAdmin(server.db, { email, password: "admin password 1" });
    const again = await ensureAdmin(server.db, { email: email.toUpperCase(), password: "another password" });
    expect(first.created).toBe(true);
    expect(again).toEqual({ created: false, userId: first.userId });
    const login = await authPost(server, "login/", { username: email, password: "admin password 1" });
    expect(login.status).toBe(200);
    expect((await authGet(server, "users/me/", login.body.key)).body.is_admin).toBe(true);
    expect((await authPost(server, "login/", { username: email, password: "another password" })).status).toBe(
      401,
    );

    const member = await aSignedInUser(server);
    expect(
      (await ensureAdmin(server.db, { email: member.email, password: "ignored password" })).created,
    ).toBe(false);
    expect((await authGet(server, "users/me/", member.key)).body.is_admin).toBe(true);
  });

  it("creates the development admin once with a generated password", async () => {
    const created = await ensureDevAdmin(server.db);
    expect(created).toMatchObject({ email: DEV_ADMIN_EMAIL, password: expect.stringMatching(/^.{16,}$/) });
    expect(await ensureDevAdmin(server.db)).toBeNull();
    const login = await authPost(server, "login/", {
      username: DEV_ADMIN_EMAIL,
      password: created!.password,
    });
    expect((await authGet(server, "users/me/", login.body.key)).body.is_admin).toBe(true);
  });

  describe("rate limits", () => {
    it("locks an account and address pair after 10 wrong passwords, with Retry-After", async () => {
      const me = await aSignedInUser(server);
      const attacker = "10.1.0.1";
      for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerPair.points; i++) {
        // The e-mail and the phone name the same account.
        const username = i % 2 === 0 ? me.email : me.phone;
        const wrong = await authPost(
          server,
          "login/",
          { username, password: `wrong ${i}` },
          { remoteAddress: attacker },
        );
        expect(wrong.status).toBe(401);
      }
      const locked = await authPost(
        server,
        "login/",
        { username: me.phone, password: me.password },
        { remoteAddress: attacker },
      );
      expect(locked).toMatchObject({
        status: 429,
        body: { detail: "Too many attempts, please wait and try again", code: "rate_limited" },
      });
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      // Another account from the same address is not affected.
      const other = await aSignedInUser(server);
      expect(
        (
          await authPost(
            server,
            "login/",
            { username: other.email, password: other.password },
            { remoteAddress: attacker },
          )
        ).status,
      ).toBe(200);
    });

    it("never locks the owner out: wrong passwords from many addresses slow the account down (MF6)", async () => {
      const me = await aSignedInUser(server);
      for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerAccount.points; i++) {
        const wrong = await authPost(
          server,
          "login/",
          { username: i % 2 === 0 ? me.email : me.phone, password: `wrong ${i}` },
          { remoteAddress: `10.1.2.${i + 1}` },
        );
        expect(wrong.status).toBe(401);
      }
      // The owner, from their own address, by e-mail and by phone: slowed down, then in.
      for (const username of [me.email, me.phone]) {
        const started = performance.now();
        const owner = await authPost(
          server,
          "login/",
          { username, password: me.password },
          { remoteAddress: "10.1.3.1" },
        );
        const waited = performance.now() - started;
        expect(owner.status).toBe(200);
        if (username === me.email) expect(waited).toBeGreaterThanOrEqual(SLOW_DOWN_MS - 50);
      }
    });

    it("locks a password change per account and address pair, not the account (MF6)", async () => {
      const me = await aSignedInUser(server);
      const change = (old_password: string, remoteAddress: string) =>
        authPost(
          server,
          "users/change_password/",
          { old_password, new_password: "a brand new passphrase" },
          { token: me.key, remoteAddress },
        );
      for (let i = 0; i < AUTH_LIMITS.passwordFailuresPerPair.points; i++) {
        expect((await change(`wrong ${i}`, "10.1.4.1")).status).toBe(400);
      }
      expect((await change(me.password, "10.1.4.1")).status).toBe(429);
      expect((await change(me.password, "10.1.4.2")).status).toBe(200);
    });

    it("limits login attempts per address, whatever the accounts tried", async () => {
      const me = await aSignedInUser(server);
      const address = "10.6.0.1";
      for (let i = 0; i < AUTH_LIMITS.loginPerAddress.points; i++) {
        // A different unknown account each time: only the address's own limit can stop this.
        const wrong = await authPost(
          server,
          "login/",
          { username: `spray${i}@example.ug`, password: "guess-password" },
          { remoteAddress: address },
        );
        expect(wrong.status).toBe(401);
      }
      const blocked = await authPost(
        server,
        "login/",
        { username: me.email, password: me.password },
        { remoteAddress: address },
      );
      expect(blocked).toMatchObject({
        status: 429,
        body: { detail: "Too many attempts, please wait and try again", code: "rate_limited" },
      });
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      // The account itself is not locked: the same person from another address gets in.
      const elsewhere = await authPost(
        server,
        "login/",
        { username: me.email, password: me.password },
        { remoteAddress: "10.6.0.2" },
      );
      expect(elsewhere.status).toBe(200);
    });

    it("limits code checks per address", async () => {
      const address = "10.2.0.1";
      for (let i = 0; i < AUTH_LIMITS.codeChecksPerAddress.points; i++) {
        const n = String(i).padStart(5, "0");
        await authPost(
          server,
          "users/verify/",
          { username: `probe${i}@example.ug`, otp: n },
          { remoteAddress: address },
        );
      }
      const blocked = await authPost(
        server,
        "users/verify/",
        { username: "x@example.ug", otp: "12345" },
        {
          remoteAddress: address,
        },
      );
      expect(blocked.status).toBe(429);
      expect(
        (
          await authPost(
            server,
            "users/verify/",
            { username: "x@example.ug", otp: "12345" },
            { remoteAddress: "10.2.0.2" },
          )
        ).status,
      ).toBe(401);
    });

    it("limits wrong codes per account and address, across new codes", async () => {
      const me = newIdentity();
      expect((await authPost(server, "register/", me, { remoteAddress: "10.3.0.1" })).status).toBe(201);
      const guesser = "10.3.1.1";
      let tries = 0;
      for (let round = 0; tries < AUTH_LIMITS.codeFailuresPerPair.points; round++) {
        if (round > 0)
          await authPost(
            server,
            "users/new_otp_request/",
            { username: me.email },
            { remoteAddress: "10.3.0.1" },
          );
        for (let i = 0; i < 5 && tries < AUTH_LIMITS.codeFailuresPerPair.points; i++, tries++) {
          // "99999" twice in a row cannot both be right; a right guess would end the test early.
          const wrong = await authPost(
            server,
            "users/verify/",
            { username: me.email, otp: "99999" },
            { remoteAddress: guesser },
          );
          if (wrong.status === 200) return;
          expect(wrong.status).toBe(401);
        }
      }
      const blocked = await authPost(
        server,
        "users/verify/",
        { username: me.email, otp: "99999" },
        { remoteAddress: guesser },
      );
      expect(blocked.status).toBe(429);
      // The account is not locked: from another address the code is checked (wrong tries do not
      // kill it), not refused.
      const elsewhere = await authPost(
        server,
        "users/verify/",
        { username: me.email, otp: "99999" },
        { remoteAddress: "10.3.2.1" },
      );
      expect([200, 400, 401]).toContain(elsewhere.status);
    });

    it("limits code e-mails per account and address pair and per address", async () => {
      const me = await aSignedInUser(server);
      const sends = AUTH_LIMITS.codeSendsPerPair.points;
      for (let i = 0; i < sends; i++) {
        expect(
          (
            await authPost(
              server,
              "users/reset_password/",
              { username: me.email },
              { remoteAddress: "10.4.0.1" },
            )
          ).status,
        ).toBe(200);
      }
      const blocked = await authPost(
        server,
        "users/reset_password/",
        { username: me.email },
        { remoteAddress: "10.4.0.1" },
      );
      expect(blocked.status).toBe(429);
      expect(server.mailbox!.list().filter((m) => m.to === me.email)).toHaveLength(sends);
      // The owner, from their own address, still gets a code.
      const owner = await authPost(
        server,
        "users/reset_password/",
        { username: me.email },
        { remoteAddress: "10.4.1.1" },
      );
      expect(owner.status).toBe(200);

      const address = "10.5.0.1";
      for (let i = 0; i < AUTH_LIMITS.codeSendsPerAddress.points; i++) {
        await authPost(
          server,
          "users/new_otp_request/",
          { username: `nobody${i}@example.ug` },
          { remoteAddress: address },
        );
      }
      expect((await authPost(server, "register/", newIdentity(), { remoteAddress: address })).status).toBe(
        429,
      );
    });
  });
});
