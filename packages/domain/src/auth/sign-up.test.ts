import { describe, expect, it } from "vitest";
import { aUser } from "../testing/builders.js";
import { InMemoryAuthGateway } from "../testing/in-memory-auth-gateway.js";
import { failureOf, successOf } from "../testing/results.js";
import { register } from "./register.js";
import { resendCode } from "./resend-code.js";
import { verifyRegistration } from "./verify-registration.js";

const form = {
  name: "Amina Nakato",
  email: "amina@example.ug",
  phone: "0772123456",
  password: "kampala-2024",
};

describe("register", () => {
  it("creates the account and says 'Registration successful'; a code goes to the email", async () => {
    const auth = new InMemoryAuthGateway();
    const result = await register(auth, { ...form, email: " amina@example.ug " });
    expect(successOf(result).message).toBe("Registration successful");
    expect(successOf(result).user.email).toBe("amina@example.ug");
    expect(auth.codeFor("amina@example.ug")).toMatch(/^\d{5}$/);
  });

  it("says so when the code could not be e-mailed: the account exists, Resend gets a new code", async () => {
    const auth = new InMemoryAuthGateway();
    auth.mailDown = true;
    const result = await register(auth, form);
    expect(successOf(result).message).toBe(
      "Registration successful, but we could not send the code to your email. Please use Resend to get a new code",
    );
    expect(successOf(result).codeSent).toBe(false);
  });

  it.each([
    [{ email: true, phone: true }, "Email and phone already exist"],
    [{ email: false, phone: true }, "Phone already exists"],
    [{ email: true, phone: false }, "User with this email already exists."],
  ])("words a taken %j as '%s'", async (taken, message) => {
    const auth = new InMemoryAuthGateway();
    auth.addAccount(
      aUser({
        email: taken.email ? form.email : "other@example.ug",
        phone: taken.phone ? form.phone : "0700000001",
      }),
      "whatever-pass",
    );
    expect(failureOf(await register(auth, form))).toEqual({ kind: "already-registered", ...taken, message });
  });

  it("says 'Check your internet connection' when offline", async () => {
    const auth = new InMemoryAuthGateway();
    auth.failures.set("register", { kind: "network" });
    expect(failureOf(await register(auth, form)).message).toBe("Check your internet connection");
  });

  it("says so when the service rate-limits", async () => {
    const auth = new InMemoryAuthGateway();
    auth.failures.set("register", { kind: "too-many-attempts" });
    expect(failureOf(await register(auth, form))).toEqual({
      kind: "too-many-attempts",
      message: "Too many attempts, please wait and try again",
    });
  });

  it.each([
    [{ name: "  " }, "name", "Enter your full name"],
    [{ email: "amina-at-example" }, "email", "Enter a valid email address"],
    [{ email: "" }, "email", "Enter your email"],
    [{ phone: "07721234567" }, "phone", "A phone number has at most 10 characters"],
    [{ phone: "call me" }, "phone", "Enter a valid phone number"],
    [{ password: "short" }, "password", "The password must be 8 to 128 characters"],
    [{ password: "x".repeat(129) }, "password", "The password must be 8 to 128 characters"],
  ])("refuses %j before sending anything", async (change, field, message) => {
    const auth = new InMemoryAuthGateway();
    const failure = failureOf(await register(auth, { ...form, ...change }));
    expect(failure.kind).toBe("invalid-form");
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { [field]: message } });
    expect(auth.sent).toEqual([]);
  });

  it("accepts a 64-character password (ASVS)", async () => {
    const result = await register(new InMemoryAuthGateway(), { ...form, password: "p".repeat(64) });
    expect(result.ok).toBe(true);
  });
});

describe("verify the email with the code", () => {
  async function registered() {
    const auth = new InMemoryAuthGateway();
    await register(auth, form);
    return auth;
  }

  it("verifies with the e-mailed code, after which login works", async () => {
    const auth = await registered();
    const result = await verifyRegistration(auth, { email: form.email, otp: auth.codeFor(form.email)! });
    expect(successOf(result).message).toBe("Email verified, welcome to Katale! Please log in");
    expect((await auth.login({ username: form.email, password: form.password })).ok).toBe(true);
  });

  it("says 'Wrong code, please enter the correct code!' for a wrong code", async () => {
    const auth = await registered();
    expect(failureOf(await verifyRegistration(auth, { email: form.email, otp: "00000" }))).toEqual({
      kind: "wrong-code",
      message: "Wrong code, please enter the correct code!",
    });
  });

  it.each([
    [{ kind: "server", status: 500 } as const, "Server down, try again later!"],
    [{ kind: "not-found" } as const, "Please try a new code"],
    [{ kind: "invalid", message: "Please try a new code" } as const, "Please try a new code"],
    [
      { kind: "invalid", message: "This email is already verified, please log in" } as const,
      "This email is already verified, please log in",
    ],
    [{ kind: "network" } as const, "Please check your internet connection"],
  ])("words %j as '%s'", async (error, message) => {
    const auth = await registered();
    auth.failures.set("verify", error);
    expect(failureOf(await verifyRegistration(auth, { email: form.email, otp: "12345" })).message).toBe(
      message,
    );
  });

  it.each([
    ["", "Enter the code sent to your email"],
    ["123456", "The code is made of at most 5 digits"],
    ["12a45", "The code is made of at most 5 digits"],
  ])("refuses the code '%s'", async (otp, message) => {
    const failure = failureOf(await verifyRegistration(await registered(), { email: form.email, otp }));
    expect(failure).toMatchObject({ kind: "invalid-form", fields: { otp: message } });
  });

  it("resends a code: 'OTP sent to this email', and the new code works", async () => {
    const auth = await registered();
    const first = auth.codeFor(form.email);
    const resent = await resendCode(auth, { email: form.email });
    expect(successOf(resent).message).toBe("OTP sent to this email");
    const second = auth.codeFor(form.email)!;
    expect(second).not.toBe(first);
    expect((await verifyRegistration(auth, { email: form.email, otp: second })).ok).toBe(true);
  });

  it("says 'Invalid user email provided' for an unknown email", async () => {
    const failure = failureOf(await resendCode(await registered(), { email: "nobody@example.ug" }));
    expect(failure).toEqual({ kind: "not-found", message: "Invalid user email provided" });
  });
});
