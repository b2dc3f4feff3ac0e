import type { AuthGateway, DomainError, Registration, Result } from "@katale/domain";
import { expect, it } from "vitest";

// What the authentication gateway must do (spec §7 "Auth service"), run against the domain's
// in-memory fake (auth-behaviour.test.ts) and against the HTTP gateway on the real server
// (tests/adapters/auth-behaviour.int.test.ts), so the fake cannot drift from the server.

export interface AuthFixture {
  /** A service whose rate limits do not get in the way of the other tests. */
  readonly auth: AuthGateway;
  /** The newest code the service behind `auth` e-mailed to `email`. */
  readonly codeFor: (email: string) => Promise<string>;
  /** A service of its own with its rate limits on, for the too-many-attempts test only. */
  readonly limited: AuthGateway;
}

function value<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The one place this suite reads an error's kind (the failure types are being renamed). */
function kindOf<T>(result: Result<T, DomainError>): string {
  return result.ok ? "ok" : result.error.kind;
}

function errorOf<T>(result: Result<T, DomainError>): DomainError {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

let n = 0;
/** A fresh identity, unique within the run (and across runs of one process). */
function someone(): Registration {
  n += 1;
  const tag = `${process.pid % 1000}${String(n).padStart(3, "0")}`;
  return {
    name: `Amina Nakato ${tag}`,
    email: `amina.${tag}@example.ug`,
    phone: `0772${tag.padStart(6, "0").slice(-6)}`,
    password: "kampala-2024",
  };
}

/** Any five digits but `code`. */
const wrongCodeFor = (code: string) => (code === "11111" ? "22222" : "11111");

export function itBehavesLikeAnAuthGateway(fixture: () => AuthFixture): void {
  /** A verified account, logged in. */
  async function signedIn(person = someone()) {
    const { auth, codeFor } = fixture();
    value(await auth.register(person));
    value(await auth.verify({ email: person.email, otp: await codeFor(person.email) }));
    const session = value(await auth.login({ username: person.email, password: person.password }));
    return { person, token: session.token, user: session.user };
  }

  it("registers an unverified account, refuses login until the e-mailed code is entered", async () => {
    const { auth, codeFor } = fixture();
    const person = someone();
    const { user, codeSent } = value(await auth.register(person));
    expect(codeSent).toBe(true);
    expect(user).toMatchObject({ email: person.email, phone: person.phone, name: person.name });
    expect(user.verificationStatus).not.toBe("VERIFIED");
    const credentials = { username: person.email, password: person.password };
    expect(kindOf(await auth.login(credentials))).toBe("not-verified");
    const code = await codeFor(person.email);
    expect(code).toMatch(/^\d{5}$/);
    expect(kindOf(await auth.verify({ email: person.email, otp: wrongCodeFor(code) }))).toBe("wrong-code");
    value(await auth.verify({ email: person.email, otp: code }));
    const session = value(await auth.login(credentials));
    expect(session.token.length).toBeGreaterThan(0);
    expect(session.user).toEqual(user);
    expect(value(await auth.me(session.token))).toEqual({ user, isAdmin: false });
    const byPhone = value(await auth.login({ username: person.phone, password: person.password }));
    expect(byPhone.user).toEqual(user);
  });

  it("says which of email and phone are taken; a malformed email is refused input", async () => {
    const { auth } = fixture();
    const { person } = await signedIn();
    const other = someone();
    expect(errorOf(await auth.register({ ...other, email: person.email, phone: person.phone }))).toEqual({
      kind: "already-registered",
      email: true,
      phone: true,
    });
    expect(errorOf(await auth.register({ ...other, phone: person.phone }))).toEqual({
      kind: "already-registered",
      email: false,
      phone: true,
    });
    expect(errorOf(await auth.register({ ...other, email: person.email }))).toEqual({
      kind: "already-registered",
      email: true,
      phone: false,
    });
    expect(kindOf(await auth.register({ ...other, email: "amina-at-example" }))).toBe("invalid");
    expect(kindOf(await auth.register({ ...other, password: "   " }))).toBe("invalid");
  });

  it("resends a sign-up code that works; an unknown email is 'not-found'", async () => {
    const { auth, codeFor } = fixture();
    const person = someone();
    value(await auth.register(person));
    const first = await codeFor(person.email);
    value(await auth.resendCode(person.email));
    const second = await codeFor(person.email);
    value(await auth.verify({ email: person.email, otp: second }));
    expect(first).toMatch(/^\d{5}$/);
    expect(kindOf(await auth.resendCode("nobody.at.all@example.ug"))).toBe("not-found");
  });

  it("refuses a wrong password or an unknown user as invalid credentials", async () => {
    const { auth } = fixture();
    const { person } = await signedIn();
    expect(kindOf(await auth.login({ username: person.email, password: "not-the-one" }))).toBe(
      "invalid-credentials",
    );
    expect(kindOf(await auth.login({ username: "nobody.at.all@example.ug", password: "x-y-z-1" }))).toBe(
      "invalid-credentials",
    );
  });

  it("logout revokes the token; a made-up token is 'unauthorized'", async () => {
    const { auth } = fixture();
    const { token } = await signedIn();
    expect(kindOf(await auth.me("not-a-token"))).toBe("unauthorized");
    value(await auth.logout(token));
    expect(kindOf(await auth.me(token))).toBe("unauthorized");
    expect(kindOf(await auth.logout(token))).toBe("unauthorized");
    expect(kindOf(await auth.updateProfile(token, { name: "Nobody" }))).toBe("unauthorized");
  });

  it("updates the profile, me shows it; another account's phone is 'already-registered'", async () => {
    const { auth } = fixture();
    const { token } = await signedIn();
    const { person: other } = await signedIn();
    const user = value(
      await auth.updateProfile(token, {
        name: "Amina N.",
        country: "Uganda",
        dateOfBirth: "1995-04-12",
        gender: "female",
      }),
    );
    expect(user).toMatchObject({
      name: "Amina N.",
      country: "Uganda",
      dateOfBirth: "1995-04-12",
      gender: "female",
    });
    expect(value(await auth.me(token)).user).toEqual(user);
    const cleared = value(await auth.updateProfile(token, { country: null, gender: null }));
    expect(cleared).toMatchObject({ name: "Amina N.", country: null, gender: null });
    expect(errorOf(await auth.updateProfile(token, { phone: other.phone }))).toEqual({
      kind: "already-registered",
      email: false,
      phone: true,
    });
  });

  it("changes the password: a wrong old one is 'wrong-password', the new one logs in", async () => {
    const { auth } = fixture();
    const { person, token } = await signedIn();
    const change = { oldPassword: "guess-1234", newPassword: "entebbe-2025" };
    expect(kindOf(await auth.changePassword(token, change))).toBe("wrong-password");
    value(await auth.changePassword(token, { ...change, oldPassword: person.password }));
    expect(kindOf(await auth.login({ username: person.email, password: "entebbe-2025" }))).toBe("ok");
    expect(kindOf(await auth.login({ username: person.email, password: person.password }))).toBe(
      "invalid-credentials",
    );
    expect(kindOf(await auth.changePassword("not-a-token", change))).toBe("unauthorized");
  });

  it("resets a password: code, then a one-use key; an unknown email is 'not-found'", async () => {
    const { auth, codeFor } = fixture();
    const { person } = await signedIn();
    expect(kindOf(await auth.requestReset("nobody.at.all@example.ug"))).toBe("not-found");
    value(await auth.requestReset(person.email));
    const code = await codeFor(person.email);
    expect(kindOf(await auth.verifyReset({ email: person.email, otp: wrongCodeFor(code) }))).toBe(
      "wrong-code",
    );
    const key = value(await auth.verifyReset({ email: person.email, otp: code }));
    value(await auth.completeReset({ key, newPassword: "jinja-2026!" }));
    expect(kindOf(await auth.login({ username: person.email, password: "jinja-2026!" }))).toBe("ok");
    expect(kindOf(await auth.completeReset({ key, newPassword: "again-2027" }))).toBe(USED_RESET_KEY);
    expect(kindOf(await auth.completeReset({ key: "made-up-key", newPassword: "again-2027" }))).toBe(
      USED_RESET_KEY,
    );
  });

  it("changes the email with the code sent to the new address; a taken one is 'taken'", async () => {
    const { auth, codeFor } = fixture();
    const { person, token } = await signedIn();
    const { person: other } = await signedIn();
    expect(kindOf(await auth.requestEmailChange(token, other.email))).toBe("taken");
    const newEmail = `new.${person.email}`;
    value(await auth.requestEmailChange(token, newEmail));
    const code = await codeFor(newEmail);
    expect(kindOf(await auth.confirmEmailChange(token, { newEmail, otp: wrongCodeFor(code) }))).toBe(
      "wrong-code",
    );
    const user = value(await auth.confirmEmailChange(token, { newEmail, otp: code }));
    expect(user.email).toBe(newEmail);
    expect(value(await auth.me(token)).user.email).toBe(newEmail);
    expect(kindOf(await auth.login({ username: newEmail, password: person.password }))).toBe("ok");
    expect(kindOf(await auth.login({ username: person.email, password: person.password }))).toBe(
      "invalid-credentials",
    );
  });

  it("deletes the account after checking the password; its sessions end", async () => {
    const { auth } = fixture();
    const { person, token } = await signedIn();
    expect(kindOf(await auth.deleteAccount(token, "not-the-one"))).toBe("wrong-password");
    value(await auth.deleteAccount(token, person.password));
    expect(kindOf(await auth.me(token))).toBe("unauthorized");
    expect(kindOf(await auth.login({ username: person.email, password: person.password }))).toBe(
      "invalid-credentials",
    );
  });

  it("answers 'too-many-attempts' once an account has been sent too many codes", async () => {
    const { limited } = fixture();
    const person = someone();
    value(await limited.register(person));
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) answers.push(kindOf(await limited.resendCode(person.email)));
    expect(answers[0]).toBe("ok");
    const refused = answers.indexOf("too-many-attempts");
    expect(refused).toBeGreaterThan(0);
    expect(answers.slice(refused).every((kind) => kind === "too-many-attempts")).toBe(true);
  });
}

/** What completing a reset with a used or made-up key answers. */
const USED_RESET_KEY = "invalid";
