import { createHttpGateways, type HttpGateways } from "@katale/adapters-http";
import { devMailWire } from "@katale/adapters-http/contract";
import type { ImageUpload, Result } from "@katale/domain";
import { databaseKinds, startTestServer, type TestServer } from "@katale/server/testing";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The account gateways against the real server (DESIGN §6): codes come from the development
// mailbox (GET /dev/mail.json), as a user reads them from their e-mail.

function value<T, E>(result: Result<T, E>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

function failure<T, E>(result: Result<T, E>): E {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

const image = (fileName: string, contentType: string, base64: string): ImageUpload => ({
  fileName,
  contentType,
  bytes: new Uint8Array(Buffer.from(base64, "base64")),
});
const png = image(
  "avatar.png",
  "image/png",
  "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVR4nGM4IadBEmIY1SA3GkonhmvSAAArUg4QU7qlcwAAAABJRU5ErkJggg==",
);
const jpeg = image(
  "id.jpg",
  "image/jpeg",
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCIAAoh/9k=",
);

describe.each(databaseKinds())("account gateways over HTTP (%s)", (kind) => {
  let server: TestServer;
  let gateways: HttpGateways;
  let n = 0;

  /** A fresh, unused identity. */
  const someone = () => {
    n += 1;
    return {
      name: `Amina Nakato ${n}`,
      email: `amina${n}@example.ug`,
      phone: `0772${String(n).padStart(6, "0")}`,
      password: "kampala-2024",
    };
  };

  /** The code in the newest e-mail to `to`. */
  async function codeFor(to: string): Promise<string> {
    const response = await undiciFetch(`${server.baseUrl}/dev/mail.json`);
    const mails = devMailWire.array().parse(await response.json());
    const mail = mails.find((m) => m.to === to);
    const code = mail?.text.match(/\b\d{5}\b/)?.[0];
    if (code === undefined) throw new Error(`no code was e-mailed to ${to}`);
    return code;
  }

  async function mailCount(): Promise<number> {
    const response = await undiciFetch(`${server.baseUrl}/dev/mail.json`);
    return devMailWire.array().parse(await response.json()).length;
  }

  /** A wrong code: any 5 digits but the right one. */
  const wrongCodeFor = (code: string) => (code === "11111" ? "22222" : "11111");

  /** A verified account, logged in: its token. */
  async function signedIn(person = someone()): Promise<{ person: typeof person; token: string }> {
    value(await gateways.auth.register(person));
    value(await gateways.auth.verify({ email: person.email, otp: await codeFor(person.email) }));
    const session = value(await gateways.auth.login({ username: person.email, password: person.password }));
    return { person, token: session.token };
  }

  beforeAll(async () => {
    // Rate limits have their own server below: this file sends more codes than one address may.
    server = await startTestServer({ database: kind, env: { AUTH_RATE_LIMITS: "off" } });
    gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe("sign-up", () => {
    it("registers, refuses login until the e-mailed code is entered, then logs in", async () => {
      const person = someone();
      const { user, codeSent } = value(await gateways.auth.register(person));
      expect(codeSent).toBe(true);
      expect(user).toMatchObject({ email: person.email, phone: person.phone, name: person.name });
      expect(user.verificationStatus).not.toBe("VERIFIED");

      const credentials = { username: person.email, password: person.password };
      expect(failure(await gateways.auth.login(credentials))).toEqual({ kind: "not-verified" });

      const code = await codeFor(person.email);
      expect(code).toMatch(/^\d{5}$/);
      expect(failure(await gateways.auth.verify({ email: person.email, otp: wrongCodeFor(code) }))).toEqual({
        kind: "wrong-code",
      });
      value(await gateways.auth.verify({ email: person.email, otp: code }));

      const session = value(await gateways.auth.login(credentials));
      expect(session.token.length).toBeGreaterThanOrEqual(22);
      expect(session.user).toEqual(user);
      expect(value(await gateways.auth.me(session.token))).toEqual({ user, isAdmin: false });
    });

    it("logs in with the phone number as well", async () => {
      const { person } = await signedIn();
      const session = value(await gateways.auth.login({ username: person.phone, password: person.password }));
      expect(session.user.email).toBe(person.email);
    });

    it("says which of email and phone are taken", async () => {
      const { person } = await signedIn();
      const other = someone();
      expect(
        failure(await gateways.auth.register({ ...other, email: person.email, phone: person.phone })),
      ).toEqual({ kind: "already-registered", email: true, phone: true });
      expect(failure(await gateways.auth.register({ ...other, phone: person.phone }))).toEqual({
        kind: "already-registered",
        email: false,
        phone: true,
      });
      expect(failure(await gateways.auth.register({ ...other, email: person.email }))).toEqual({
        kind: "already-registered",
        email: true,
        phone: false,
      });
    });

    it("refuses a malformed email as refused input, not as a taken one", async () => {
      const answer = failure(await gateways.auth.register({ ...someone(), email: "amina-at-example" }));
      expect(answer.kind).toBe("invalid");
    });

    it("refuses a common password with the words a form shows (the web checks it only on the server)", async () => {
      const answer = failure(await gateways.auth.register({ ...someone(), password: "password123" }));
      expect(answer).toMatchObject({
        kind: "invalid",
        message: "This password is too common and easy to guess, please choose another",
      });
    });

    it("resends a code that works, and refuses an unknown email", async () => {
      const person = someone();
      value(await gateways.auth.register(person));
      const mailsBefore = await mailCount();
      value(await gateways.auth.resendCode(person.email));
      expect(await mailCount()).toBe(mailsBefore + 1);
      value(await gateways.auth.verify({ email: person.email, otp: await codeFor(person.email) }));
      expect(failure(await gateways.auth.resendCode("nobody@example.ug")).kind).toBe("not-found");
    });
  });

  describe("login", () => {
    it("refuses a wrong password as invalid credentials", async () => {
      const { person } = await signedIn();
      expect(failure(await gateways.auth.login({ username: person.email, password: "not-the-one" }))).toEqual(
        {
          kind: "invalid-credentials",
        },
      );
      expect(failure(await gateways.auth.login({ username: "nobody@example.ug", password: "x" }))).toEqual({
        kind: "invalid-credentials",
      });
    });

    it("logout revokes the token: it no longer works", async () => {
      const { token } = await signedIn();
      value(await gateways.auth.logout(token));
      expect(failure(await gateways.auth.me(token)).kind).toBe("unauthorized");
      expect(failure(await gateways.auth.logout(token)).kind).toBe("unauthorized");
    });

    it("a made-up token is refused", async () => {
      expect(failure(await gateways.auth.me("not-a-token")).kind).toBe("unauthorized");
    });
  });

  describe("account", () => {
    it("updates the profile, and me shows it", async () => {
      const { token } = await signedIn();
      const user = value(
        await gateways.auth.updateProfile(token, {
          name: "Amina N.",
          phone: "+256772999001",
          country: "Uganda",
          dateOfBirth: "1995-04-12",
          gender: "female",
        }),
      );
      expect(user).toMatchObject({
        name: "Amina N.",
        phone: "+256772999001",
        country: "Uganda",
        dateOfBirth: "1995-04-12",
        gender: "female",
      });
      expect(value(await gateways.auth.me(token)).user).toEqual(user);
      const cleared = value(await gateways.auth.updateProfile(token, { country: null, gender: null }));
      expect(cleared).toMatchObject({ name: "Amina N.", country: null, gender: null });
    });

    it("refuses another account's phone in the profile", async () => {
      const { person } = await signedIn();
      const { token } = await signedIn();
      expect(failure(await gateways.auth.updateProfile(token, { phone: person.phone }))).toEqual({
        kind: "already-registered",
        email: false,
        phone: true,
      });
    });

    it("changes the picture (multipart) and answers where it is served", async () => {
      const { token } = await signedIn();
      const user = value(await gateways.auth.changePicture(token, png));
      expect(user.profilePicture).toBeTruthy();
      const served = await undiciFetch(new URL(user.profilePicture!, server.baseUrl));
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toMatch(/^image\//);
    });

    it("refuses a picture that is not an image", async () => {
      const { token } = await signedIn();
      const text = {
        fileName: "notes.png",
        contentType: "image/png",
        bytes: new TextEncoder().encode("hello"),
      };
      expect(failure(await gateways.auth.changePicture(token, text)).kind).toBe("invalid");
    });

    it("changes the password: a wrong old one is refused, the new one logs in", async () => {
      const { person, token } = await signedIn();
      expect(
        failure(
          await gateways.auth.changePassword(token, {
            oldPassword: "guess-1234",
            newPassword: "entebbe-2025",
          }),
        ),
      ).toEqual({ kind: "wrong-password" });
      value(
        await gateways.auth.changePassword(token, {
          oldPassword: person.password,
          newPassword: "entebbe-2025",
        }),
      );
      expect((await gateways.auth.login({ username: person.email, password: "entebbe-2025" })).ok).toBe(true);
      expect(
        failure(await gateways.auth.login({ username: person.email, password: person.password })).kind,
      ).toBe("invalid-credentials");
    });

    it("changes the email with the code sent to the new address", async () => {
      const { person, token } = await signedIn();
      const { person: other } = await signedIn();
      expect(failure(await gateways.auth.requestEmailChange(token, other.email))).toEqual({ kind: "taken" });

      const newEmail = `new.${person.email}`;
      value(await gateways.auth.requestEmailChange(token, newEmail));
      const code = await codeFor(newEmail);
      expect(
        failure(await gateways.auth.confirmEmailChange(token, { newEmail, otp: wrongCodeFor(code) })),
      ).toEqual({ kind: "wrong-code" });
      const user = value(await gateways.auth.confirmEmailChange(token, { newEmail, otp: code }));
      expect(user.email).toBe(newEmail);
      expect((await gateways.auth.login({ username: newEmail, password: person.password })).ok).toBe(true);
    });

    it("deletes the account after checking the password; its sessions end", async () => {
      const { person, token } = await signedIn();
      expect(failure(await gateways.auth.deleteAccount(token, "not-the-one"))).toEqual({
        kind: "wrong-password",
      });
      value(await gateways.auth.deleteAccount(token, person.password));
      expect(failure(await gateways.auth.me(token)).kind).toBe("unauthorized");
      expect(
        failure(await gateways.auth.login({ username: person.email, password: person.password })).kind,
      ).toBe("invalid-credentials");
    });
  });

  describe("password reset", () => {
    it("sends a code, trades it for a key, and sets the new password with the key once", async () => {
      const { person } = await signedIn();
      value(await gateways.auth.requestReset(person.email));
      const code = await codeFor(person.email);
      expect(
        failure(await gateways.auth.verifyReset({ email: person.email, otp: wrongCodeFor(code) })),
      ).toEqual({
        kind: "wrong-code",
      });
      const key = value(await gateways.auth.verifyReset({ email: person.email, otp: code }));
      value(await gateways.auth.completeReset({ key, newPassword: "jinja-2026!" }));
      expect((await gateways.auth.login({ username: person.email, password: "jinja-2026!" })).ok).toBe(true);
      expect(failure(await gateways.auth.completeReset({ key, newPassword: "again-2027" })).kind).toBe(
        "invalid",
      );
    });

    it("says the user does not exist for an unknown email", async () => {
      expect(failure(await gateways.auth.requestReset("nobody@example.ug")).kind).toBe("not-found");
    });
  });

  describe("user verification", () => {
    it("sends the request with both documents once; a second is 'taken'", async () => {
      const { person, token } = await signedIn();
      const request = {
        email: person.email,
        phone: person.phone,
        nin: "CF12345678ABCD",
        nationalIdImage: jpeg,
        userImage: png,
        locationLatitude: 0.3476,
        locationLongitude: 32.5825,
      };
      value(await gateways.userVerification.requestUserVerification(token, request));
      expect(failure(await gateways.userVerification.requestUserVerification(token, request))).toEqual({
        kind: "taken",
      });
    });

    it("refuses a request without a valid token", async () => {
      const request = {
        email: "a@example.ug",
        phone: "0772000000",
        nin: "CF1",
        nationalIdImage: jpeg,
        userImage: png,
        locationLatitude: 0,
        locationLongitude: 32,
      };
      expect(failure(await gateways.userVerification.requestUserVerification("nope", request)).kind).toBe(
        "unauthorized",
      );
    });
  });

  describe("address suggestions", () => {
    it("suggests Ugandan places with coordinates", async () => {
      const places = value(await gateways.addresses.suggest("Kampala"));
      expect(places.length).toBeGreaterThan(0);
      expect(places[0]!.formatted).toMatch(/Kampala/i);
      expect(places.every((p) => Math.abs(p.lat) <= 90 && Math.abs(p.lon) <= 180)).toBe(true);
    });
  });
});

describe("account gateways under the rate limits", () => {
  let server: TestServer;
  let gateways: HttpGateways;

  beforeAll(async () => {
    server = await startTestServer();
    gateways = createHttpGateways({
      authUrl: server.authUrl,
      shopUrl: server.shopUrl,
      fetch: undiciFetch,
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers too-many-attempts once an account has been sent too many codes", async () => {
    const person = {
      name: "Okello",
      email: "okello@example.ug",
      phone: "0701000001",
      password: "gulu-2024!",
    };
    value(await gateways.auth.register(person));
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await gateways.auth.resendCode(person.email));
    expect(answers[0]).toEqual({ ok: true, value: undefined });
    expect(answers.at(-1)).toEqual({ ok: false, error: { kind: "too-many-attempts" } });
  });
});
