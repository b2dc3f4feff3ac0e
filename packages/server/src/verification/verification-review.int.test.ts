import type { VerificationRequestWire } from "@katale/adapters-http/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aPhoto, form, sellerCaller } from "../products/seller-test-client.js";
import { aSignedInUser, authGet } from "../testing/auth-helpers.js";
import { aShop } from "../testing/fixtures.js";
import { type SmtpTestServer, startSmtp } from "../testing/smtp-test-server.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The admins' review of verification requests (issue 10): users' and shops' requests sent through
// the real calls, listed, their private documents read, approved, rejected and revoked, the applicant
// told by e-mail (a real SMTP server), and the verified tick following every decision.

type Signed = Awaited<ReturnType<typeof aSignedInUser>>;

describe.each(databaseKinds())("verification review (%s)", (kind) => {
  let server: TestServer;
  let smtp: SmtpTestServer;
  const shopCall = sellerCaller(() => server);
  let admin: Signed;
  let stranger: Signed;
  let applicant: Signed;
  let owner: Signed;
  let shopId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer({
      database: kind,
      seed: "none",
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Katale <review@katale.example>", READ_CACHE_SECONDS: "60" },
    });
    [admin, stranger, applicant, owner] = await Promise.all([
      aSignedInUser(server, { role: "admin" }),
      aSignedInUser(server),
      aSignedInUser(server),
      aSignedInUser(server),
    ]);
    shopId = (await aShop(server.db, { owner_id: owner.id, name: "Nakasero Fresh", phone: "0701234567" })).id;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  async function askUserVerification(user: Signed, nin = "CM90012345ABCD") {
    const response = await fetch(`${server.authUrl}verification/user/`, {
      method: "POST",
      headers: { authorization: `Token ${user.key}` },
      body: form({
        email: user.email,
        phone: user.phone,
        nin,
        national_id_image: await aPhoto(320, 200),
        user_image: await aPhoto(200, 200),
        location_latitude: 0.3476,
        location_longitude: 32.5825,
      }),
    });
    return { status: response.status, body: (await response.json()) as { detail: string } };
  }

  const askShopVerification = async () =>
    shopCall("POST", "verification/shop/", {
      token: owner.key,
      form: form({ contact: "fresh@example.ug", shop_image: await aPhoto(), shop: shopId }),
    });

  const list = (query = "", token = admin.key) =>
    shopCall("GET", `verification/requests/${query}`, { token });
  const decide = (id: number, decision: "approve" | "reject" | "revoke", json?: unknown, token = admin.key) =>
    shopCall("POST", `verification/requests/${id}/${decision}/`, {
      token,
      ...(json !== undefined && { json }),
    });
  const userStatus = async (user: Signed) =>
    (await authGet(server, "users/me/", user.key)).body.user.verification_status;
  const shopStatus = async () => (await shopCall("GET", `shop/${shopId}/`)).body.data.verification_status;
  const mailTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  async function lastMailTo(email: string, count: number) {
    await expect.poll(() => mailTo(email).length).toBe(count);
    return mailTo(email).at(-1)!.raw;
  }

  let userRequest: VerificationRequestWire;
  let shopRequest: VerificationRequestWire;

  it("lists users' and shops' requests together, newest first, in the review shape", async () => {
    expect((await askUserVerification(applicant)).status).toBe(201);
    expect((await askShopVerification()).status).toBe(201);
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.headers.get("cache-control")).toBe("private, no-store");
    expect(all.body).toMatchObject({ count: 2, next: null, previous: null });
    [shopRequest, userRequest] = all.body.results;
    expect(userRequest).toMatchObject({
      kind: "user",
      status: "PENDING",
      reason: null,
      decided_at: null,
      user: { id: applicant.id, name: applicant.name, email: applicant.email, phone: applicant.phone },
      shop: null,
      email: applicant.email,
      phone: applicant.phone,
      nin: "CM90012345ABCD",
      location_latitude: 0.3476,
      location_longitude: 32.5825,
    });
    expect(new Date(userRequest.submitted_at).toISOString()).toBe(userRequest.submitted_at);
    expect(userRequest.documents.map((d) => d.name)).toEqual(["national_id_image", "user_image"]);
    expect(shopRequest).toMatchObject({
      kind: "shop",
      status: "PENDING",
      user: { id: owner.id, email: owner.email },
      shop: { id: shopId, name: "Nakasero Fresh" },
      email: "fresh@example.ug",
      phone: "0701234567",
      nin: null,
    });
    expect(shopRequest.documents.map((d) => d.name)).toEqual(["shop_image"]);
    // Ids are unique across both kinds.
    expect(shopRequest.id).not.toBe(userRequest.id);

    expect((await list("?kind=user")).body.results.map((r: VerificationRequestWire) => r.id)).toEqual([
      userRequest.id,
    ]);
    expect((await list("?kind=shop&status=pending")).body.count).toBe(1);
    expect((await list("?status=verified")).body).toMatchObject({ count: 0, results: [] });
    expect((await list("?search=nakasero")).body.results.map((r: VerificationRequestWire) => r.kind)).toEqual(
      ["shop"],
    );
    expect((await list("?search=cm9001")).body.results[0].id).toBe(userRequest.id);
    expect((await list(`?search=${encodeURIComponent(applicant.email)}`)).body.count).toBe(1);
    expect((await list("?search=%25")).body.count).toBe(0);
    const one = await shopCall("GET", `verification/requests/${userRequest.id}/`, { token: admin.key });
    expect(one.body).toEqual(userRequest);
  });

  it("refuses bad queries: 400 for an unknown kind or status, 'Invalid page.' past the end", async () => {
    for (const query of ["?kind=people", "?status=approved", `?search=${"x".repeat(201)}`]) {
      const refused = await list(query);
      expect(refused.status, query).toBe(400);
      expect(refused.body.code).toBe("invalid_input");
    }
    for (const query of ["?page=2", "?page=abc", "?page=0"]) {
      const past = await list(query);
      expect(past.status, query).toBe(404);
      expect(past.body).toEqual({ detail: "Invalid page.", code: "invalid_page" });
    }
    for (const path of ["abc/", "999999/"]) {
      const status = (await shopCall("GET", `verification/requests/${path}`, { token: admin.key })).status;
      expect(status, path).toBe(path === "abc/" ? 400 : 404);
    }
    expect((await decide(999999, "approve")).body.code).toBe("verification_request_not_found");
  });

  it("pages twenty at a time with links", async () => {
    const extra: Signed[] = [];
    for (let i = 0; i < 20; i++) extra.push(await aSignedInUser(server));
    for (const user of extra)
      await server.db
        .insertInto("user_verification_requests")
        .values({
          user_id: user.id,
          email: user.email,
          phone: user.phone,
          nin: "CM00000000PAGE",
          national_id_image: "national-ids/aaaaaaaaaaaaaaaa.webp",
          user_image: "user-photos/aaaaaaaaaaaaaaaa.webp",
          location_latitude: null,
          location_longitude: null,
          reason: null,
        })
        .execute();
    const first = await list("?search=CM00000000PAGE");
    expect(first.body.count).toBe(20);
    expect(first.body.next).toBeNull();
    const all = await list();
    expect(all.body.count).toBe(22);
    expect(all.body.results).toHaveLength(20);
    expect(all.body.next).toMatch(/\/api\/shop\/verification\/requests\/\?page=2$/);
    const second = await fetch(all.body.next, { headers: { authorization: `Token ${admin.key}` } });
    const page2 = (await second.json()) as { results: VerificationRequestWire[]; previous: string };
    expect(page2.results.map((r: VerificationRequestWire) => r.id)).toEqual([shopRequest.id, userRequest.id]);
    expect(page2.previous).toMatch(/\/api\/shop\/verification\/requests\/(\?page=1)?$/);
    await server.db.deleteFrom("user_verification_requests").where("nin", "=", "CM00000000PAGE").execute();
  });

  it("serves the documents to admins only, never under /media/", async () => {
    for (const doc of [...userRequest.documents, ...shopRequest.documents]) {
      expect(doc.url).toMatch(/^\/api\/shop\/verification\/requests\/\d+\/documents\/\w+$/);
      expect(doc.url).not.toContain("/media/");
      const url = `${server.baseUrl}${doc.url}`;
      const read = await fetch(url, { headers: { authorization: `Token ${admin.key}` } });
      expect(read.status).toBe(200);
      expect(read.headers.get("content-type")).toBe("image/webp");
      expect(read.headers.get("cache-control")).toBe("private, no-store");
      expect(
        Buffer.from(await read.arrayBuffer())
          .subarray(8, 12)
          .toString(),
      ).toBe("WEBP");
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Token ${stranger.key}` } })).status).toBe(403);
      // Not even the applicant reads it back here.
      expect((await fetch(url, { headers: { authorization: `Token ${applicant.key}` } })).status).toBe(403);
    }
    const admin404 = (path: string) =>
      fetch(`${server.baseUrl}/api/shop/verification/requests/${path}`, {
        headers: { authorization: `Token ${admin.key}` },
      }).then((r) => r.status);
    expect(await admin404(`${userRequest.id}/documents/shop_image`)).toBe(404);
    expect(await admin404(`${shopRequest.id}/documents/user_image`)).toBe(404);
    expect(await admin404("999999/documents/user_image")).toBe(404);
    expect(await admin404(`${userRequest.id}/documents/passwd`)).toBe(400);
  });

  it("answers every review call 401 to a visitor and 403 to a user who is not an admin", async () => {
    const calls: [Parameters<typeof shopCall>[0], string, unknown][] = [
      ["GET", "verification/requests/", undefined],
      ["GET", `verification/requests/${userRequest.id}/`, undefined],
      ["POST", `verification/requests/${userRequest.id}/approve/`, undefined],
      ["POST", `verification/requests/${userRequest.id}/reject/`, { reason: "No" }],
      ["POST", `verification/requests/${userRequest.id}/revoke/`, { reason: "No" }],
    ];
    for (const [method, path, json] of calls) {
      const visitor = await shopCall(method, path, { json });
      expect(visitor.status, path).toBe(401);
      const notAdmin = await shopCall(method, path, { json, token: stranger.key });
      expect(notAdmin.status, path).toBe(403);
      expect(notAdmin.body.code).toBe("forbidden");
      expect((await shopCall(method, path, { json, token: applicant.key })).status, path).toBe(403);
    }
    expect((await list()).body.results.every((r: VerificationRequestWire) => r.status === "PENDING")).toBe(
      true,
    );
  });

  it("rejects with a reason (required), e-mails it, and lets the applicant apply again", async () => {
    for (const json of [undefined, {}, { reason: "   " }]) {
      const refused = await decide(userRequest.id, "reject", json);
      expect(refused.status, JSON.stringify(json)).toBe(400);
    }
    expect((await decide(userRequest.id, "reject", { reason: "" })).body.reason).toEqual(["Give the reason"]);
    expect(await userStatus(applicant)).toBe("PENDING");
    // While one is pending, a second is refused.
    const twice = await askUserVerification(applicant);
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe("User already has a verification request");

    const rejected = await decide(userRequest.id, "reject", { reason: "The ID photo is blurred" });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      id: userRequest.id,
      status: "REJECTED",
      reason: "The ID photo is blurred",
    });
    expect(rejected.body.decided_at).not.toBeNull();
    expect(await userStatus(applicant)).toBe("REJECTED");
    const mail = await lastMailTo(applicant.email, 1);
    expect(mail).toMatch(/^Subject: Your Katale verification request was rejected\r?$/m);
    expect(mail).toContain("Reason: The ID photo is blurred");
    expect((await list("?status=rejected")).body.results.map((r: VerificationRequestWire) => r.id)).toEqual([
      userRequest.id,
    ]);

    const again = await decide(userRequest.id, "reject", { reason: "Twice" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      detail: "This request has already been decided",
      code: "verification_decided",
    });
    expect((await decide(userRequest.id, "approve")).status).toBe(409);
    expect((await decide(userRequest.id, "revoke", { reason: "x" })).body.detail).toBe(
      "Only a verified request can have its verification removed",
    );

    const resent = await askUserVerification(applicant, "CM90012345WXYZ");
    expect(resent.status).toBe(201);
    expect(await userStatus(applicant)).toBe("PENDING");
    const pending = (await list("?kind=user&status=pending")).body.results as VerificationRequestWire[];
    expect(pending.map((r) => r.nin)).toEqual(["CM90012345WXYZ"]);
    userRequest = pending[0]!;
  });

  it("approves: the user shows verified, is e-mailed; revoking un-verifies and e-mails the reason", async () => {
    const approved = await decide(userRequest.id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "VERIFIED", reason: null });
    expect(await userStatus(applicant)).toBe("VERIFIED");
    expect(await lastMailTo(applicant.email, 2)).toMatch(
      /^Subject: Your Katale verification was approved\r?$/m,
    );
    expect((await decide(userRequest.id, "approve")).status).toBe(409);
    // Verified: nothing to ask for, and the answer says so (not 'already has a request').
    const verifiedAsks = await askUserVerification(applicant);
    expect(verifiedAsks.status).toBe(409);
    expect(verifiedAsks.body).toEqual({
      detail: "Your account is already verified",
      code: "verification_done",
    });

    expect((await decide(userRequest.id, "revoke", {})).status).toBe(400);
    const revoked = await decide(userRequest.id, "revoke", { reason: "The ID was reported stolen" });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: "REJECTED", reason: "The ID was reported stolen" });
    expect(await userStatus(applicant)).toBe("REJECTED");
    const mail = await lastMailTo(applicant.email, 3);
    expect(mail).toMatch(/^Subject: Your Katale verification was removed\r?$/m);
    expect(mail).toContain("Reason: The ID was reported stolen");
    expect((await askUserVerification(applicant)).status).toBe(201);
  });

  it("approves and revokes a shop: its tick shows and goes at once, the owner is e-mailed", async () => {
    expect(await shopStatus()).toBe("PENDING"); // read (and cached) before the decision
    const approved = await decide(shopRequest.id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ kind: "shop", status: "VERIFIED" });
    expect(await shopStatus()).toBe("VERIFIED");
    const mail = await lastMailTo(owner.email, 1);
    expect(mail).toMatch(/^Subject: Your Katale verification was approved\r?$/m);
    expect(mail).toContain("Nakasero Fresh");
    // A verified shop cannot ask again, and is told why.
    expect((await askShopVerification()).body).toEqual({
      detail: "This shop is already verified",
      code: "verification_done",
    });

    const revoked = await decide(shopRequest.id, "revoke", { reason: "Moved without telling us" });
    expect(revoked.body.status).toBe("REJECTED");
    expect(await shopStatus()).toBe("REJECTED");
    expect(await lastMailTo(owner.email, 2)).toContain("Reason: Moved without telling us");
    expect((await askShopVerification()).status).toBe(201);
    expect(await shopStatus()).toBe("PENDING");
  });

  it("notes every decision in the audit log, once, with the status before and after; refused ones not at all", async () => {
    const entries = async () =>
      (await shopCall("GET", "admin/audit/?target=verification_request", { token: admin.key })).body;
    const pending = (await list("?kind=shop&status=pending")).body.results as VerificationRequestWire[];
    const id = pending[0]!.id;
    const start = (await entries()).count as number;
    expect((await decide(id, "approve")).status).toBe(200);
    let log = await entries();
    expect(log.count).toBe(start + 1);
    expect(log.results[0]).toMatchObject({
      action: "verification.approve",
      actor: { id: admin.id },
      target: "verification_request",
      target_id: String(id),
      before: { status: "PENDING" },
      after: { status: "VERIFIED", shop_id: shopId },
    });
    expect(log.results[0].address).not.toBe("");
    // Refused decisions (twice, or by someone who is not an admin) write nothing.
    expect((await decide(id, "approve")).status).toBe(409);
    expect((await decide(id, "revoke", { reason: "x" }, stranger.key)).status).toBe(403);
    expect((await entries()).count).toBe(start + 1);
    expect((await decide(id, "revoke", { reason: "Closed the stall" })).status).toBe(200);
    log = await entries();
    expect(log.count).toBe(start + 2);
    expect(log.results[0]).toMatchObject({
      action: "verification.revoke",
      before: { status: "VERIFIED" },
      after: { status: "REJECTED", reason: "Closed the stall" },
    });
  });
});
