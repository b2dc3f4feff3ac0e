import { describe, expect, it } from "vitest";
import { aUser } from "../testing/builders.js";
import { InMemoryAuthGateway } from "../testing/in-memory-auth-gateway.js";
import { failureOf, successOf } from "../testing/results.js";
import { completePasswordReset } from "./complete-password-reset.js";
import { openResetLink } from "./open-reset-link.js";
import { requestPasswordReset } from "./request-password-reset.js";
import { verifyResetCode } from "./verify-reset-code.js";

const email = "okello@example.ug";

function service() {
  const auth = new InMemoryAuthGateway();
  auth.addAccount(aUser({ email }), "old-password-1");
  return auth;
}

describe("password reset", () => {
  it("goes email -> code -> key -> new password, after which the new password logs in", async () => {
    const auth = service();
    expect(successOf(await requestPasswordReset(auth, { email })).message).toBe("Code sent to email");
    const verified = successOf(await verifyResetCode(auth, { email, otp: auth.codeFor(email)! }));
    expect(verified.message).toBe("Code verified, please reset your password");
    const reset = await completePasswordReset(auth, verified.key, {
      password: "new-password-2",
      confirmation: "new-password-2",
    });
    expect(successOf(reset).message).toBe("Password reset successfully");
    expect((await auth.login({ username: email, password: "new-password-2" })).ok).toBe(true);
    expect((await auth.login({ username: email, password: "old-password-1" })).ok).toBe(false);
  });

  it("says 'user does not exist' for an unknown email", async () => {
    expect(failureOf(await requestPasswordReset(service(), { email: "nobody@example.ug" }))).toEqual({
      kind: "not-found",
      message: "user does not exist",
    });
  });

  it("says the code is wrong rather than that the user does not exist", async () => {
    const auth = service();
    await requestPasswordReset(auth, { email });
    expect(failureOf(await verifyResetCode(auth, { email, otp: "99999" })).message).toBe(
      "Wrong code, please enter the correct code!",
    );
  });

  it("refuses a new password and confirmation that differ: 'Passwords not the same'", async () => {
    const failure = failureOf(
      await completePasswordReset(service(), "key", {
        password: "new-password-2",
        confirmation: "new-password-3",
      }),
    );
    expect(failure).toMatchObject({
      kind: "invalid-form",
      fields: { confirmation: "Passwords not the same" },
    });
  });

  it("says the key is invalid or has expired for a used key (the service's words)", async () => {
    const auth = service();
    await requestPasswordReset(auth, { email });
    const { key } = successOf(await verifyResetCode(auth, { email, otp: auth.codeFor(email)! }));
    const form = { password: "new-password-2", confirmation: "new-password-2" };
    await completePasswordReset(auth, key, form);
    expect(failureOf(await completePasswordReset(auth, key, form)).message).toBe(
      "This reset key is invalid or has expired, please ask for a new code",
    );
  });

  it("rate limits read as such", async () => {
    const auth = service();
    auth.failures.set("requestReset", { kind: "too-many-attempts" });
    expect(failureOf(await requestPasswordReset(auth, { email })).message).toBe(
      "Too many attempts, please wait and try again",
    );
  });
});

describe("reset link", () => {
  it("verifies the email and code of the query and answers the key", async () => {
    const auth = service();
    await requestPasswordReset(auth, { email });
    const opened = successOf(await openResetLink(auth, { email, otp: auth.codeFor(email)! }));
    expect(opened).toMatchObject({ email, message: "Code verified, please reset your password" });
    expect(opened.key).not.toBe("");
  });

  it.each([
    { email: null, otp: "12345" },
    { email, otp: undefined },
    { email: " ", otp: " " },
  ])("says the link is incomplete for %j without asking the service", async (query) => {
    const auth = service();
    auth.failures.set("verifyReset", { kind: "network" });
    expect(failureOf(await openResetLink(auth, query))).toEqual({
      kind: "invalid-form",
      message: "This reset link is incomplete, please request a new code",
    });
  });
});
