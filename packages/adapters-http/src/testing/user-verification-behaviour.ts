import type { DomainError, ImageUpload, Result, UserVerificationGateway } from "@katale/domain";
import { expect, it } from "vitest";
import { samplePng } from "./seller-behaviour.js";

// What the user verification gateway must do (spec §7 verification/user/), run against the domain's
// in-memory fake (user-verification-behaviour.test.ts) and against the HTTP gateway on the real
// server (tests/adapters/support-verification-places.int.test.ts), so the fake cannot drift.

export interface UserVerificationFixture {
  readonly userVerification: UserVerificationGateway;
  /** A new signed-in user without a request: their token, e-mail and phone. */
  readonly newUser: () => Promise<{ readonly token: string; readonly email: string; readonly phone: string }>;
}

function value<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The one place this suite reads an error's kind (the failure types are being renamed). */
function kindOf<T>(result: Result<T, DomainError>): string {
  return result.ok ? "ok" : result.error.kind;
}

const notAnImage: ImageUpload = {
  fileName: "notes.png",
  contentType: "image/png",
  bytes: new TextEncoder().encode("hello, not a picture"),
};

export function itBehavesLikeAUserVerificationGateway(fixture: () => UserVerificationFixture): void {
  const requestOf = (user: { email: string; phone: string }) => ({
    email: user.email,
    phone: user.phone,
    nin: "CF12345678ABCD",
    nationalIdImage: samplePng(0, "id.png"),
    userImage: samplePng(1, "me.png"),
    locationLatitude: 0.3476,
    locationLongitude: 32.5825,
  });

  it("takes one request with both documents; a second while it is open is 'taken'", async () => {
    const { userVerification, newUser } = fixture();
    const user = await newUser();
    value(await userVerification.requestUserVerification(user.token, requestOf(user)));
    expect(kindOf(await userVerification.requestUserVerification(user.token, requestOf(user)))).toBe("taken");
  });

  it("refuses a document that is not an image as 'invalid', and a refused token", async () => {
    const { userVerification, newUser } = fixture();
    const user = await newUser();
    const request = requestOf(user);
    expect(
      kindOf(
        await userVerification.requestUserVerification(user.token, { ...request, userImage: notAnImage }),
      ),
    ).toBe("invalid");
    expect(
      kindOf(
        await userVerification.requestUserVerification(user.token, {
          ...request,
          nationalIdImage: notAnImage,
        }),
      ),
    ).toBe("invalid");
    expect(kindOf(await userVerification.requestUserVerification("not-a-token", request))).toBe(
      "unauthorized",
    );
    // Nothing was kept of the refused ones: the first good request goes through.
    value(await userVerification.requestUserVerification(user.token, request));
  });
}
