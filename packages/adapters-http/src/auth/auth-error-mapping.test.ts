import type { DomainError } from "@katale/domain";
import { describe, expect, it } from "vitest";
import type { FetchLike } from "../http/fetch-like.js";
import { HttpClient } from "../http/http-client.js";
import { UserVerificationHttpGateway } from "../verification/user-verification-http-gateway.js";
import { authErrorOf } from "./auth-error-mapping.js";
import { AuthHttpGateway } from "./auth-http-gateway.js";

const urls = { authUrl: "http://h/api/auth/", shopUrl: "http://h/api/shop/" };

/** A fetch that answers every call with one canned failure. */
function failingWith(status: number, body: unknown): HttpClient {
  const fetch: FetchLike = async () => ({ status, text: async () => JSON.stringify(body) });
  return new HttpClient(urls, fetch);
}

const failure = (status: number, body: unknown) => ({ kind: "status", status, body }) as const;

describe("authErrorOf", () => {
  it.each<[number, unknown, DomainError]>([
    [
      401,
      { detail: "Wrong code, please enter the correct code!", code: "wrong_code" },
      { kind: "wrong-code" },
    ],
    [401, { detail: "Invalid credentials", code: "invalid_credentials" }, { kind: "invalid-credentials" }],
    [403, { error: "User not verified", code: "not_verified" }, { kind: "not-verified" }],
    [400, { detail: "Invalid old password", code: "wrong_password" }, { kind: "wrong-password" }],
    [409, { detail: "Email already exists", code: "email_taken" }, { kind: "taken" }],
    [409, { detail: "Already requested", code: "verification_pending" }, { kind: "taken" }],
    [429, { detail: "Too many attempts", code: "rate_limited" }, { kind: "too-many-attempts" }],
    [429, "Too Many Requests", { kind: "too-many-attempts" }],
    [
      400,
      { email: ["User with this email already exists."], code: "already_registered" },
      { kind: "already-registered", email: true, phone: false },
    ],
    [
      400,
      { email: ["taken"], phone: ["taken too"], code: "already_registered" },
      { kind: "already-registered", email: true, phone: true },
    ],
    [
      400,
      { phone: ["Phone already exists"], code: "already_registered" },
      { kind: "already-registered", email: false, phone: true },
    ],
    [
      401,
      { detail: "Invalid token.", code: "invalid_token" },
      { kind: "unauthorized", message: "Invalid token.", code: "invalid_token" },
    ],
    [
      401,
      { detail: "Authentication credentials were not provided.", code: "not_authenticated" },
      {
        kind: "unauthorized",
        message: "Authentication credentials were not provided.",
        code: "not_authenticated",
      },
    ],
    [
      404,
      { detail: "User does not exist", code: "user_not_found" },
      { kind: "not-found", message: "User does not exist", code: "user_not_found" },
    ],
    [
      400,
      { detail: "Please try a new code", code: "code_expired" },
      { kind: "invalid", message: "Please try a new code", code: "code_expired" },
    ],
    [503, { detail: "Could not send the e-mail", code: "unavailable" }, { kind: "server", status: 503 }],
  ])("maps %i %j to %j", (status, body, error) => {
    expect(authErrorOf(failure(status, body))).toEqual(error);
  });

  it("reads the code, never the words: the spec's sentence without a code is plain refused input", () => {
    expect(authErrorOf(failure(400, { detail: "Invalid old password" }))).toEqual({
      kind: "invalid",
      message: "Invalid old password",
    });
    expect(authErrorOf(failure(400, { email: ["User with this email already exists."] }))).toEqual({
      kind: "invalid",
      message: "User with this email already exists.",
      fields: { email: ["User with this email already exists."] },
    });
    expect(authErrorOf(failure(400, { detail: "any words at all", code: "wrong_password" }))).toEqual({
      kind: "wrong-password",
    });
  });

  it("keeps a field's format error apart from a taken value", () => {
    expect(
      authErrorOf(failure(400, { email: ["Enter a valid email address"], code: "invalid_input" })),
    ).toEqual({
      kind: "invalid",
      message: "Enter a valid email address",
      fields: { email: ["Enter a valid email address"] },
      code: "invalid_input",
    });
  });

  it("answers a network error for no answer at all", () => {
    expect(authErrorOf({ kind: "network" })).toEqual({ kind: "network" });
  });
});

describe("the auth gateways read failures by code", () => {
  it("tells a wrong e-mail change code from a refused token, both 401s", async () => {
    const change = { newEmail: "new@example.ug", otp: "12345" };
    const wrong = new AuthHttpGateway(failingWith(401, { detail: "Invalid OTP", code: "wrong_code" }));
    expect(await wrong.confirmEmailChange("k3y", change)).toEqual({
      ok: false,
      error: { kind: "wrong-code" },
    });
    const refused = new AuthHttpGateway(
      failingWith(401, { detail: "Invalid token.", code: "invalid_token" }),
    );
    expect(await refused.confirmEmailChange("k3y", change)).toEqual({
      ok: false,
      error: { kind: "unauthorized", message: "Invalid token.", code: "invalid_token" },
    });
  });

  it("tells a wrong password from a refused token when deleting the account", async () => {
    const wrong = new AuthHttpGateway(failingWith(400, { detail: "Wrong password", code: "wrong_password" }));
    expect(await wrong.deleteAccount("k3y", "guess")).toEqual({
      ok: false,
      error: { kind: "wrong-password" },
    });
    const refused = new AuthHttpGateway(
      failingWith(401, { detail: "Invalid token.", code: "invalid_token" }),
    );
    expect(await refused.deleteAccount("k3y", "guess")).toEqual({
      ok: false,
      error: { kind: "unauthorized", message: "Invalid token.", code: "invalid_token" },
    });
  });

  it("answers not-verified for login's 403 and invalid-credentials for its 401", async () => {
    const credentials = { username: "a@b.ug", password: "secret-2026" };
    const unverified = new AuthHttpGateway(
      failingWith(403, { error: "User not verified", code: "not_verified" }),
    );
    expect(await unverified.login(credentials)).toEqual({ ok: false, error: { kind: "not-verified" } });
    const unknown = new AuthHttpGateway(
      failingWith(401, { detail: "Invalid credentials", code: "invalid_credentials" }),
    );
    expect(await unknown.login(credentials)).toEqual({ ok: false, error: { kind: "invalid-credentials" } });
  });

  it("answers taken when a verification request is already pending", async () => {
    const image = { fileName: "id.jpg", contentType: "image/jpeg", bytes: new Uint8Array([1]) };
    const gateway = new UserVerificationHttpGateway(
      failingWith(409, { detail: "A request is already pending", code: "verification_pending" }),
    );
    const answer = await gateway.requestUserVerification("k3y", {
      email: "a@b.ug",
      phone: "0700000000",
      nin: "CF123",
      nationalIdImage: image,
      userImage: image,
      locationLatitude: 0.3,
      locationLongitude: 32.5,
    });
    expect(answer).toEqual({ ok: false, error: { kind: "taken" } });
  });
});
