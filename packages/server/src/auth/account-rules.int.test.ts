import { createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  aSignedInUser,
  authPost,
  lastCodeFor,
  newIdentity,
  signUpAndVerify,
} from "../testing/auth-helpers.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";

// The should-fix items of issue 14 for accounts: weak passwords refused (common, the e-mail or
// phone, only spaces), users/verify/ telling nobody which addresses have accounts, no date of birth
// in the future, and a sign-up whose e-mail cannot be sent says so, quickly.

const COMMON = "This password is too common and easy to guess, please choose another";
const IDENTITY = "The password cannot be your email or phone number";
const BLANK = "The password cannot be only spaces";

describe.each(databaseKinds())("account rules (%s)", (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("refuses a common password, the e-mail or phone as password, and one of only spaces at sign-up", async () => {
    const cases: [string, (me: ReturnType<typeof newIdentity>) => string, string][] = [
      ["common", () => "password123", COMMON],
      ["common, other case", () => "Iloveyou1", COMMON],
      ["the e-mail", (me) => me.email.toUpperCase(), IDENTITY],
      ["the phone", (me) => me.phone, IDENTITY],
      ["the phone with the country code", (me) => `+256 ${me.phone.slice(1)}`, IDENTITY],
      ["only spaces", () => "          ", BLANK],
    ];
    for (const [label, password, message] of cases) {
      const me = newIdentity();
      const refused = await authPost(server, "register/", { ...me, password: password(me) });
      expect(refused, label).toMatchObject({
        status: 400,
        body: { password: [message], code: "invalid_input" },
      });
      // Nothing was created: the same identity registers with a good password.
      expect((await authPost(server, "register/", me)).status, label).toBe(201);
    }
  });

  it("refuses weak new passwords at password change and reset too", async () => {
    const me = await aSignedInUser(server);
    const change = await authPost(
      server,
      "users/change_password/",
      { old_password: me.password, new_password: me.phone },
      { token: me.key },
    );
    expect(change).toMatchObject({ status: 400, body: { detail: IDENTITY, code: "invalid_input" } });

    expect((await authPost(server, "users/reset_password/", { username: me.email })).status).toBe(200);
    const verified = await authPost(server, "users/verify_reset_password/", {
      username: me.email,
      otp: lastCodeFor(server, me.email),
    });
    const { key } = verified.body as { key: string };
    for (const [new_password, detail] of [
      ["qwertyuiop", COMMON],
      [me.email, IDENTITY],
    ] as const) {
      expect(await authPost(server, "users/reset_password_complete/", { key, new_password })).toMatchObject({
        status: 400,
        body: { detail, code: "invalid_input" },
      });
    }
    // The key is still good for a sound password.
    expect(
      (
        await authPost(server, "users/reset_password_complete/", {
          key,
          new_password: "mango tree by the lake",
        })
      ).status,
    ).toBe(200);
  });

  it("users/verify/ answers an unknown address and a verified one the same way", async () => {
    const verified = await signUpAndVerify(server);
    const unknown = await authPost(server, "users/verify/", { username: "nobody@example.ug", otp: "12345" });
    const known = await authPost(server, "users/verify/", { username: verified.email, otp: "12345" });
    expect(known.status).toBe(unknown.status);
    expect(known.body).toEqual(unknown.body);
    expect(unknown).toMatchObject({ status: 401, body: { code: "wrong_code" } });
  });

  it("refuses a date of birth in the future, and takes today's", async () => {
    const me = await aSignedInUser(server);
    const nextYear = `${new Date().getUTCFullYear() + 1}-01-01`;
    const future = await authPost(
      server,
      "users/update_user/",
      { date_of_birth: nextYear },
      { token: me.key, method: "PATCH" },
    );
    expect(future).toMatchObject({
      status: 400,
      body: { date_of_birth: ["The date of birth cannot be in the future"], code: "invalid_input" },
    });
    const today = new Date().toISOString().slice(0, 10);
    const ok = await authPost(
      server,
      "users/update_user/",
      { date_of_birth: today },
      { token: me.key, method: "PATCH" },
    );
    expect(ok.status).toBe(200);
  });
});

describe("sign-up when the mail server does not answer", () => {
  let server: TestServer;
  let blackHole: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Accepts connections and never says a word: the SMTP greeting never comes.
    blackHole = createServer((socket) => {
      sockets.push(socket);
    });
    await new Promise<void>((resolve) => blackHole.listen(0, "127.0.0.1", resolve));
    const { port } = blackHole.address() as { port: number };
    server = await startTestServer({
      seed: "none",
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TIMEOUT_SECONDS: "1" },
    });
  });
  afterAll(async () => {
    await server?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
  });

  it("creates the account, says the code could not be sent, within the mail timeout", async () => {
    const me = newIdentity();
    const started = performance.now();
    const registered = await authPost(server, "register/", me);
    const ms = performance.now() - started;
    console.info(`sign-up with an unanswering mail server: ${Math.round(ms)} ms`);
    expect(registered).toMatchObject({
      status: 201,
      body: {
        detail:
          "Registration successful, but we could not send the code to your email. Please use Resend to get a new code",
        code_sent: false,
      },
    });
    expect(ms).toBeLessThan(3000);
    // The account exists: registering again says so, and Resend is the way on (it fails the same way now).
    expect((await authPost(server, "register/", me)).status).toBe(400);
    const resend = await authPost(server, "users/new_otp_request/", { username: me.email });
    expect(resend).toMatchObject({ status: 503, body: { code: "unavailable" } });
  }, 30_000);
});
