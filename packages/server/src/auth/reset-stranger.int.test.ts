import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser, lastCodeFor } from "../testing/auth-helpers.js";
import { FromAddress } from "../testing/from-address.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { AUTH_LIMITS } from "./auth-rate-limits.js";
import { CODES_PER_DAY_PER_ADDRESS } from "./one-time-codes.js";

// A stranger who knows only the victim's e-mail cannot block the victim's password reset: asking
// for a code while one lives sends the same code again (the code in the victim's inbox stays good),
// and wrong codes count per account and address, never against the code, so the stranger's address
// is stopped and the victim's right code, from the victim's address, still goes through; the daily
// code allowance is shared out the same way, per account and address. Real sockets from loopback
// addresses of their own.

const wrongFor = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, "0");

describe.each(databaseKinds())("password reset under a stranger's attempts (%s)", (kind) => {
  let server: TestServer;
  let stranger: FromAddress;
  let victim: FromAddress;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    stranger = new FromAddress("127.0.0.2");
    victim = new FromAddress("127.0.0.3");
  });
  afterAll(async () => {
    stranger?.close();
    victim?.close();
    await server?.close();
  });

  it("lets the victim use their code while a stranger asks for codes and enters wrong ones", async () => {
    const me = await aSignedInUser(server);
    const reset = `${server.authUrl}users/reset_password/`;
    const verify = `${server.authUrl}users/verify_reset_password/`;
    const inbox = () => server.mailbox!.list().filter((m) => m.to === me.email).length;
    // The victim asks for a code.
    expect((await victim.post(reset, { username: me.email })).status).toBe(200);
    const code = lastCodeFor(server, me.email);
    // Meanwhile the stranger asks for codes for the victim's e-mail (each one is mailed to the
    // victim: the same code again), until the stranger's allowance is used up...
    for (let i = 0; i < AUTH_LIMITS.codeSendsPerPair.points; i++) {
      expect((await stranger.post(reset, { username: me.email })).status).toBe(200);
      expect(lastCodeFor(server, me.email)).toBe(code);
    }
    expect(inbox()).toBe(1 + AUTH_LIMITS.codeSendsPerPair.points);
    expect(await stranger.post(reset, { username: me.email })).toMatchObject({
      status: 429,
      body: { code: "rate_limited" },
    });
    // ...and enters wrong codes until the stranger's address is locked for this account.
    for (let i = 0; i < AUTH_LIMITS.codeFailuresPerPair.points; i++) {
      expect(await stranger.post(verify, { username: me.email, otp: wrongFor(code) })).toMatchObject({
        status: 401,
        body: { detail: "Wrong code, please enter the correct code!", code: "wrong_code" },
      });
    }
    const locked = await stranger.post(verify, { username: me.email, otp: code });
    expect(locked).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

    // The victim, from their own address, asks again (the same code comes) and enters it: a reset
    // key, a new password, signed in with it.
    expect((await victim.post(reset, { username: me.email })).status).toBe(200);
    expect(lastCodeFor(server, me.email)).toBe(code);
    const verified = await victim.post(verify, { username: me.email, otp: code });
    expect(verified).toMatchObject({
      status: 200,
      body: { key: expect.any(String), detail: "Code verified, please reset your password" },
    });
    const done = await victim.post(`${server.authUrl}users/reset_password_complete/`, {
      key: verified.body.key,
      new_password: "a fresh reset passphrase",
    });
    expect(done.status).toBe(200);
    const login = await victim.post(`${server.authUrl}login/`, {
      username: me.email,
      password: "a fresh reset passphrase",
    });
    expect(login).toMatchObject({ status: 200, body: { key: expect.any(String) } });
    // The used code is not kept: nothing is left to send again.
    const kept = await server.db
      .selectFrom("one_time_codes")
      .select("code")
      .where("user_id", "=", me.id)
      .where("code", "is not", null)
      .execute();
    expect(kept).toEqual([]);
  });

  it("still sends the victim a code after strangers' addresses used up their day's codes", async () => {
    const me = await aSignedInUser(server);
    const reset = `${server.authUrl}users/reset_password/`;
    const strangers = [new FromAddress("127.0.0.4"), new FromAddress("127.0.0.5")];
    const owner = new FromAddress("127.0.0.6");
    try {
      // Each stranger's address is sent its share of the account's codes today, then refused.
      for (const from of strangers) {
        for (let i = 0; i < CODES_PER_DAY_PER_ADDRESS; i++) {
          expect((await from.post(reset, { username: me.email })).status, from.address).toBe(200);
        }
        const refused = await from.post(reset, { username: me.email });
        expect(refused).toMatchObject({ status: 429, body: { code: "rate_limited" } });
      }
      if (kind === "postgres") {
        // Fifteen minutes on (the shared counters emptied), the stranger's share is still used up:
        // it is the day's.
        await sql`DELETE FROM rate_limit_counters`.execute(server.db);
        expect(await strangers[0]!.post(reset, { username: me.email })).toMatchObject({
          status: 429,
          body: { detail: "You have asked for too many codes today, please try again tomorrow" },
        });
      }
      // The owner, from their own address: a code by e-mail, the code, a new password, signed in.
      const asked = await owner.post(reset, { username: me.email });
      expect(asked).toMatchObject({ status: 200, body: { detail: expect.any(String) } });
      const code = lastCodeFor(server, me.email);
      const verified = await owner.post(`${server.authUrl}users/verify_reset_password/`, {
        username: me.email,
        otp: code,
      });
      expect(verified).toMatchObject({ status: 200, body: { key: expect.any(String) } });
      const done = await owner.post(`${server.authUrl}users/reset_password_complete/`, {
        key: verified.body.key,
        new_password: "the owner's own new passphrase",
      });
      expect(done.status).toBe(200);
      const login = await owner.post(`${server.authUrl}login/`, {
        username: me.email,
        password: "the owner's own new passphrase",
      });
      expect(login).toMatchObject({ status: 200, body: { key: expect.any(String) } });
    } finally {
      for (const from of [...strangers, owner]) from.close();
    }
  });
});
