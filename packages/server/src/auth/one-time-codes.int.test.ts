import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aSignedInUser, authPost, lastCodeFor } from "../testing/auth-helpers.js";
import { databaseKinds, startTestServer, type TestServer } from "../testing/test-server.js";
import { AUTH_LIMITS } from "./auth-rate-limits.js";
import {
  CODES_PER_DAY,
  CODES_PER_DAY_PER_ADDRESS,
  WRONG_CODES_PER_DAY,
  WRONG_CODES_PER_DAY_PER_ADDRESS,
} from "./one-time-codes.js";

// Guessing one-time codes over weeks (issue 14 MF7): an account's wrong codes a day are bounded (a
// share per guessing address, under a ceiling for the account) without a stranger's tries killing the
// owner's code, and an account is sent a bounded number of codes a day (a share per requesting
// address, under a ceiling for the account), counted in the database so that neither a restart nor
// a second instance starts the count again.

const otherCode = (code: string) => String((Number(code) + 1) % 100_000).padStart(5, "0");

describe.each(databaseKinds())("one-time code bounds (%s)", (kind) => {
  let server: TestServer;
  let lenient: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ database: kind, seed: "none" });
    lenient = await startTestServer({ database: kind, seed: "none", env: { AUTH_RATE_LIMITS: "off" } });
  });
  afterAll(async () => {
    await server?.close();
    await lenient?.close();
  });

  it("counts a day's wrong codes per address, under a ceiling for the account, never against the code", async () => {
    // Only the database's daily bounds: the 15-minute counters are off on this server.
    const me = await aSignedInUser(lenient);
    const owner = "10.20.0.100";
    const verify = (otp: string, remoteAddress: string) =>
      authPost(lenient, "users/verify_reset_password/", { username: me.email, otp }, { remoteAddress });
    const guess = async (remoteAddress: string, times: number) => {
      for (let i = 0; i < times; i++) expect((await verify(wrong, remoteAddress)).status).toBe(401);
    };
    const today = {
      status: 429,
      body: {
        detail: "You have entered too many wrong codes today, please try again tomorrow",
        code: "rate_limited",
      },
    };
    expect((await authPost(lenient, "users/reset_password/", { username: me.email })).status).toBe(200);
    const code = lastCodeFor(lenient, me.email);
    const wrong = otherCode(code);
    // One address enters its day's wrong codes, then is refused, its right code too.
    await guess("10.20.0.1", WRONG_CODES_PER_DAY_PER_ADDRESS);
    const refused = await verify(code, "10.20.0.1");
    expect(refused).toMatchObject(today);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(24 * 3600);
    // Four more addresses do the same: the code still lives, and the owner's right code passes.
    for (let a = 2; a <= 5; a++) await guess(`10.20.0.${a}`, WRONG_CODES_PER_DAY_PER_ADDRESS);
    expect(await verify(code, owner)).toMatchObject({ status: 200, body: { key: expect.any(String) } });
    // A sixth address reaches the account's ceiling: then every address is refused, the owner's
    // right code too, until tomorrow.
    expect((await authPost(lenient, "users/reset_password/", { username: me.email })).status).toBe(200);
    const next = lastCodeFor(lenient, me.email);
    const sixth = otherCode(next);
    for (let i = 0; i < WRONG_CODES_PER_DAY_PER_ADDRESS; i++) {
      expect((await verify(sixth, "10.20.0.6")).status).toBe(401);
    }
    expect(await verify(next, owner)).toMatchObject(today);
    expect(await verify(next, "10.20.0.7")).toMatchObject(today);
    const stored = await lenient.db
      .selectFrom("code_allowances")
      .select("wrong_codes")
      .where("user_id", "=", me.id)
      .executeTakeFirstOrThrow();
    expect(stored.wrong_codes).toBe(WRONG_CODES_PER_DAY);
  });

  it("shares an account's codes a day out per address, under a ceiling, across restarts and instances", async () => {
    const me = await aSignedInUser(server);
    const reset = async (app: TestServer["app"], address: string) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/users/reset_password/",
        payload: { username: me.email },
        remoteAddress: address,
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    };
    const today = {
      status: 429,
      body: {
        detail: "You have asked for too many codes today, please try again tomorrow",
        code: "rate_limited",
      },
    };
    // One address's share of the day (its 15-minute allowance for the account is as large).
    for (let i = 0; i < CODES_PER_DAY_PER_ADDRESS; i++)
      expect((await reset(server.app, "10.21.0.1")).status).toBe(200);
    const second = await server.anotherInstance();
    const third = await server.anotherInstance();
    try {
      if (kind === "postgres") {
        // On PostgreSQL every instance shares the 15-minute allowance too (issue 13): the second
        // refuses at once, for at most the window...
        const early = await reset(second, "10.21.0.1");
        expect(early.status).toBe(429);
        expect(Number(early.headers["retry-after"])).toBeLessThanOrEqual(
          AUTH_LIMITS.codeSendsPerPair.duration,
        );
        // ...then the window ends (fifteen minutes later), and only the daily bounds are left.
        await sql`DELETE FROM rate_limit_counters`.execute(server.db);
      }
      // Another instance (or the same after a restart) knows the address's share is used up.
      const refused = await reset(second, "10.21.0.1");
      expect(refused).toMatchObject(today);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(24 * 3600);
      // Other addresses each get their share, until together they reach the account's ceiling
      // (this user was written to the database: no sign-up code)...
      let sent = CODES_PER_DAY_PER_ADDRESS;
      for (let address = 2; sent < CODES_PER_DAY; address++) {
        for (let i = 0; i < CODES_PER_DAY_PER_ADDRESS && sent < CODES_PER_DAY; i++, sent++) {
          expect((await reset(server.app, `10.21.0.${address}`)).status).toBe(200);
        }
      }
      // ...then every address is refused, on a third instance with nothing in memory too.
      expect(await reset(third, "10.21.1.1")).toMatchObject(today);
      expect(await reset(server.app, "10.21.1.2")).toMatchObject(today);
      expect(server.mailbox!.list().filter((m) => m.to === me.email)).toHaveLength(CODES_PER_DAY);
      const stored = await server.db
        .selectFrom("code_allowances")
        .select("codes_sent")
        .where("user_id", "=", me.id)
        .executeTakeFirstOrThrow();
      expect(stored.codes_sent).toBe(CODES_PER_DAY);
      const shares = await server.db
        .selectFrom("code_allowance_addresses")
        .select(["address", "codes_sent"])
        .where("user_id", "=", me.id)
        .where("address", "=", "10.21.0.1")
        .execute();
      expect(shares).toEqual([{ address: "10.21.0.1", codes_sent: CODES_PER_DAY_PER_ADDRESS }]);
    } finally {
      await second.close();
      await third.close();
    }
  });
});
