import { errorCodeOf } from "@katale/adapters-http/contract";
import { aSignedInUser, databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Throws random bodies, content types and tokens at every call that takes input from a person
// (the authentication service's calls, feedback, address suggestions) and checks that the server
// never answers 5xx, that every refusal says why, and that the account used along the way still
// works afterwards: nothing stored is lost to bad input.

const writeCalls: { method: "POST" | "PATCH"; path: string }[] = [
  { method: "POST", path: "auth/register/" },
  { method: "POST", path: "auth/users/verify/" },
  { method: "POST", path: "auth/users/new_otp_request/" },
  { method: "POST", path: "auth/login/" },
  { method: "POST", path: "auth/users/reset_password/" },
  { method: "POST", path: "auth/users/verify_reset_password/" },
  { method: "POST", path: "auth/users/reset_password_complete/" },
  { method: "PATCH", path: "auth/users/update_user/" },
  { method: "PATCH", path: "auth/users/update_profile_picture/" },
  { method: "POST", path: "auth/users/change_password/" },
  { method: "POST", path: "auth/users/change_email/" },
  { method: "POST", path: "auth/users/verify_change_email/" },
  { method: "POST", path: "auth/users/delete_account/" },
  { method: "POST", path: "auth/verification/user/" },
  { method: "POST", path: "shop/faqs/feedback/" },
];

const fieldNames = [
  "username",
  "email",
  "phone",
  "name",
  "password",
  "password2",
  "otp",
  "new_password",
  "old_password",
  "new_email",
  "location",
  "national_id_number",
  "national_id_image",
  "user_photo",
  "image",
  "profile_picture",
  "date_of_birth",
  "gender",
  "country",
  "comment",
  "rating",
];

const hostileText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.constantFrom(
    "",
    " ",
    "0772123456",
    "+256772123456",
    "a@b",
    "nakato@example.ug",
    "12345",
    "1e309",
    "-1",
    "2026-02-30",
    "'; DROP TABLE users; --",
    "\u0000",
    "🙂".repeat(100),
    "x".repeat(5000),
  ),
);
const fieldValue = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 2 }));
const jsonObject = fc.dictionary(fc.constantFrom(...fieldNames), fieldValue, { maxKeys: 6 });

const multipartBody = fc
  .array(
    fc.tuple(
      fc.constantFrom(...fieldNames),
      fc.oneof(
        hostileText.map((text) => ({ text })),
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ file: bytes })),
        // A PNG signature followed by junk: passes a naive magic-number check, fails a real decode.
        fc.uint8Array({ maxLength: 500 }).map((bytes) => ({
          file: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...bytes]),
        })),
      ),
    ),
    { maxLength: 5 },
  )
  .map((parts) => {
    const form = new FormData();
    for (const [name, value] of parts) {
      if ("text" in value) form.append(name, value.text);
      else form.append(name, new Blob([value.file], { type: "image/png" }), "photo.png");
    }
    return form;
  });

type Body = { body: string | FormData; type?: string; label: string };
const body: fc.Arbitrary<Body> = fc.oneof(
  jsonObject.map((o) => ({ body: JSON.stringify(o), type: "application/json", label: JSON.stringify(o) })),
  fc
    .jsonValue({ maxDepth: 2 })
    .map((v) => ({ body: JSON.stringify(v), type: "application/json", label: "json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: "application/json", label: "junk json" })),
  fc.string({ maxLength: 200 }).map((s) => ({ body: s, type: "text/plain", label: "text" })),
  fc.string({ maxLength: 200 }).map((s) => ({
    body: s,
    type: "application/x-www-form-urlencoded",
    label: "urlencoded",
  })),
  fc.string({ maxLength: 200 }).map((s) => ({
    body: s,
    type: "multipart/form-data; boundary=zz",
    label: "broken multipart",
  })),
  multipartBody.map((form) => ({ body: form, label: "multipart" })),
);

async function expectNoServerError(res: Response, what: string) {
  const text = await res.text();
  expect(res.status, `${what} -> ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status >= 400) {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    // A refusal names its reason: { detail } or { error }, or field messages ({ email: [...] }).
    const says = Object.values(parsed).some(
      (v) => typeof v === "string" || (Array.isArray(v) && v.some((m) => typeof m === "string")),
    );
    expect(says, `${what}: ${text.slice(0, 300)}`).toBe(true);
    // ... and carries the stable code clients read.
    expect(errorCodeOf(parsed), `${what}: ${text.slice(0, 300)}`).toBeDefined();
  }
}

describe.each(databaseKinds())("write routes under random input (%s)", (kind) => {
  let server: TestServer;
  let member: Awaited<ReturnType<typeof aSignedInUser>>;
  const api = () => `${server.baseUrl}/api/`;

  beforeAll(async () => {
    // The limits would answer most of these with 429; off, every handler sees the input.
    server = await startTestServer({
      database: kind,
      seed: "none",
      configOverrides: { authRateLimits: false },
    });
    member = await aSignedInUser(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("never answer 5xx to random bodies, content types and tokens", async () => {
    const token = fc.oneof(
      fc.constant<string | null>(null),
      fc.constant("member"),
      fc.string({ maxLength: 70 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: writeCalls.length - 1 }),
        body,
        token,
        async (index, { body: payload, type, label }, auth) => {
          const call = writeCalls[index]!;
          const headers: Record<string, string> = {};
          if (type) headers["content-type"] = type;
          if (auth) headers.authorization = `Token ${auth === "member" ? member.key : auth}`;
          const res = await fetch(api() + call.path, { method: call.method, headers, body: payload });
          await expectNoServerError(res, `${call.method} ${call.path} ${label.slice(0, 120)}`);
        },
      ),
      { numRuns: 500 },
    );

    // The account these calls were made with is intact: its token and its password still work.
    const me = await fetch(`${server.authUrl}users/me/`, {
      headers: { authorization: `Token ${member.key}` },
    });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(member.email);
    const login = await fetch(`${server.authUrl}login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: member.email, password: member.password }),
    });
    expect(login.status).toBe(200);
  });

  it("never answer 5xx to well-formed calls with one or two hostile fields", async () => {
    // Templates that pass validation, so the handlers themselves meet the hostile values (the
    // member's password is never in them: every password check fails).
    const templates: Record<string, () => Record<string, unknown>> = {
      "auth/register/": () => ({
        phone: `07${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
        email: `p${Math.random().toString(36).slice(2)}@example.ug`,
        password: "another horse battery",
        name: "Nakato Sarah",
      }),
      "auth/users/verify/": () => ({ username: member.email, otp: "12345" }),
      "auth/users/new_otp_request/": () => ({ username: member.email }),
      "auth/login/": () => ({ username: member.email, password: "not the password" }),
      "auth/users/reset_password/": () => ({ username: member.email }),
      "auth/users/verify_reset_password/": () => ({ username: member.email, otp: "12345" }),
      "auth/users/reset_password_complete/": () => ({
        new_password: "another horse battery",
        key: "k".repeat(40),
      }),
      "auth/users/update_user/": () => ({
        name: "Nakato Sarah",
        phone: "+256772123456",
        country: "Uganda",
        date_of_birth: "1994-03-01",
        gender: "female",
        token: member.key,
      }),
      "auth/users/change_password/": () => ({
        login_key: member.key,
        old_password: "not the password",
        new_password: "another horse battery",
      }),
      "auth/users/change_email/": () => ({ new_email: "elsewhere@example.ug", token: member.key }),
      "auth/users/verify_change_email/": () => ({
        new_email: "elsewhere@example.ug",
        token: member.key,
        otp: "12345",
      }),
      "auth/users/delete_account/": () => ({ password: "not the password", token: member.key }),
      "shop/faqs/feedback/": () => ({
        message: "Great site",
        name: "Okello",
        email: "okello@example.ug",
        stars: 7,
      }),
    };
    const jsonCalls = writeCalls.filter((c) => templates[c.path]);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: jsonCalls.length - 1 }),
        fc.dictionary(
          fc.constantFrom(...fieldNames, "token", "login_key", "key", "stars", "message"),
          fieldValue,
          {
            minKeys: 1,
            maxKeys: 2,
          },
        ),
        async (index, hostile) => {
          const call = jsonCalls[index]!;
          const payload = { ...templates[call.path]!(), ...hostile };
          const res = await fetch(api() + call.path, {
            method: call.method,
            headers: { "content-type": "application/json", authorization: `Token ${member.key}` },
            body: JSON.stringify(payload),
          });
          await expectNoServerError(
            res,
            `${call.method} ${call.path} ${JSON.stringify(hostile).slice(0, 200)}`,
          );
        },
      ),
      { numRuns: 300 },
    );
    const me = await fetch(`${server.authUrl}users/me/`, {
      headers: { authorization: `Token ${member.key}` },
    });
    expect(me.status).toBe(200);
  });

  it("answer a multipart body cut short with a clear 400, signed in or not", async () => {
    for (const path of ["auth/register/", "auth/verification/user/", "auth/users/update_profile_picture/"]) {
      const res = await fetch(api() + path, {
        method: path.includes("update_profile_picture") ? "PATCH" : "POST",
        headers: {
          "content-type": "multipart/form-data; boundary=zz",
          authorization: `Token ${member.key}`,
        },
        body: '--zz\r\nContent-Disposition: form-data; name="nin"\r\n\r\nCM9',
      });
      expect(res.status, path).toBe(400);
      // register/ takes no files: its multipart body is refused before it is read (issue 14 MF3).
      const detail =
        path === "auth/register/" ? "This request does not take files" : "Malformed multipart body";
      expect(await res.json()).toEqual({ detail, code: "invalid_input" });
    }
  });

  it("never answer 5xx to random address-suggestion text", async () => {
    await fc.assert(
      fc.asyncProperty(hostileText, async (text) => {
        const res = await fetch(`${server.shopUrl}geo/autocomplete/?text=${encodeURIComponent(text)}`);
        await expectNoServerError(res, `GET geo/autocomplete/ ${text.slice(0, 80)}`);
      }),
      { numRuns: 200 },
    );
  });
});
