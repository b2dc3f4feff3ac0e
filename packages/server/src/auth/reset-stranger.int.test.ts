import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser, lastCodeFor } from "../testing/auth-helpers.js";
import { FromAddress } from "../testing/from-address.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { AUTH_LIMITS } from "./auth-rate-limits.js";
import { CODE_MAX_ATTEMPTS, CODES_PER_DAY_PER_ADDRESS } from "./one-time-codes.js";

// A stranger who knows only the victim's e-mail cannot block the victim's password reset: code
// e-mails and wrong codes count per account and address, so the stranger's address is stopped and
// the victim's own request and right code, from the victim's address, still go through; the daily
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

  it("lets the victim reset after a stranger's code requests and wrong codes", async () => {
    const me = await aSignedInUser(server);
    const reset = `${server.authUrl}users/reset_password/`;
    const verify = `${server.authUrl}users/verify_reset_password/`;
    // Two codes, each guessed wrong until it dies: ten wrong codes for the account.
    let wrong = 0;
    for (let round = 0; round < 2; round++) {
      expect((await stranger.post(reset, { username: me.email })).status).toBe(200);
      const code = lastCodeFor(server, me.email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++, wrong++) {
        expect((await stranger.post(verify, { username: me.email, otp: wrongFor(code) })).status).toBe(401);
      }
    }
    expect(wrong).toBe(AUTH_LIMITS.codeFailuresPerPair.points);
    // The stranger's address is locked for this account...
    const locked = await stranger.post(verify, { username: me.email, otp: "12345" });
    expect(locked).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
    // ...and more code e-mails from it are refused once its allowance is used.
    for (let i = 2; i < AUTH_LIMITS.codeSendsPerPair.points; i++) {
      expect((await stranger.post(reset, { username: me.email })).status).toBe(200);
    }
    expect((await stranger.post(reset, { username: me.email })).status).toBe(429);

    // The victim, from their own address: a code, the right code, a new password.
    expect((await victim.post(reset, { username: me.email })).status).toBe(200);
    const code = lastCodeFor(server, me.email);
    const verified = await victim.post(verify, { username: me.email, otp: code });
    expect(verified).toMatchObject({ status: 200, body: { key: expect.any(String) } });
    const done = await victim.post(`${server.authUrl}users/reset_password_complete/`, {
      key: verified.body.key,
      new_password: "a fresh reset passphrase",
    });
    expect(done.status).toBe(200);
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
