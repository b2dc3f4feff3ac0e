import { setTimeout as delay } from "node:timers/promises";
import type { ErrorCode } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import { type ErrorWords, sendError } from "../http/error-reply.js";
import { refusedByLimits, tooManyRequests } from "../http/rate-limits.js";
import { AUTH_LIMITS, type AuthRateLimits } from "./auth-rate-limits.js";
import { type CodeCheck, secondsToNextDay } from "./one-time-codes.js";
import { burnPasswordCheck, verifyPassword } from "./password-hashing.js";
import { normaliseEmail, normalisePhone, type UserRecord } from "./user-repository.js";

// The two guessable checks of the authentication service, each written once: a one-time code
// (sign-up, reset, e-mail change) and a password (login, password change, account deletion). Each
// looks at the allowances first, counts a failure against the account, and clears its failures on
// success, answering the error itself; the handler goes on only when the check passed.

/** An answer that ends an attempt before anything is checked; not counted as a failure. */
export interface Refusal {
  status: number;
  code: ErrorCode;
  words: ErrorWords;
}

export const refusal = (status: number, code: ErrorCode, words: ErrorWords): Refusal => ({
  status,
  code,
  words,
});

const isRefusal = (value: CodeCheck | Refusal): value is Refusal => "status" in value;

/** Rate-limit key of an account: its id when known, else the normalised name that was typed. */
export function accountKey(user: UserRecord | undefined, username: string): string {
  if (user) return `user:${user.id}`;
  const value = username.trim();
  return value.includes("@") ? `name:${normaliseEmail(value)}` : `name:${normalisePhone(value)}`;
}

/** What an unknown account gets instead of the check: the same answer as a wrong code. */
export const NO_SUCH_CODE: CodeCheck = { ok: false, reason: "wrong" };

/** How long each password check of an account under attack waits (MF6: slowed, not refused). */
export const SLOW_DOWN_MS = 2000;

export class Attempts {
  constructor(
    private readonly limits: AuthRateLimits,
    private readonly slowDownMs = SLOW_DOWN_MS,
  ) {}

  /**
   * A one-time code: the address's allowance and the account and address pair's failures, then
   * `check` (which may refuse first), then 429 `rate_limited` until tomorrow when the day's wrong
   * codes are used up (one-time-codes.ts: per account and address, under a ceiling for the account),
   * 400 `code_expired` when no code is live, 401 `wrong_code` (counted against the pair, and tallied
   * for the account without refusing anyone) when wrong. `address` is the client's limit key
   * (http/client-address.ts). True when the code was right.
   */
  async code(
    reply: FastifyReply,
    attempt: {
      address: string;
      account: string;
      check: () => Promise<CodeCheck | Refusal>;
      /** The words of a wrong code (the e-mail change has its own). */
      wrong?: string;
    },
  ): Promise<boolean> {
    const { address, account } = attempt;
    const pair = `${account}@${address}`;
    const checks = [
      ["codeChecksPerAddress", address, "hit"],
      ["codeFailuresPerPair", pair, "check"],
    ] as const;
    if (await refusedByLimits(reply, this.limits, checks)) return false;
    const result = await attempt.check();
    if (isRefusal(result)) {
      await sendError(reply, result.status, result.code, result.words);
      return false;
    }
    if (result.ok) {
      await this.limits.clear("codeFailuresPerPair", pair);
      await this.limits.clear("codeFailuresPerAccount", account);
      return true;
    }
    if (result.reason === "too-many-today") {
      // The day's wrong codes of this address (or of every address) for the account: not compared.
      await tooManyRequests(reply, secondsToNextDay(), { detail: messages.auth.tooManyWrongCodesToday });
      return false;
    }
    if (result.reason === "no-live-code") {
      await sendError(reply, 400, "code_expired", { detail: messages.otp.tryNewCode });
      return false;
    }
    await this.limits.hit("codeFailuresPerPair", pair);
    const failures = await this.limits.tally("codeFailuresPerAccount", account);
    if (failures === AUTH_LIMITS.codeFailuresPerAccount.points) {
      // Detection: many wrong codes for one account, whatever their addresses.
      reply.log.warn({ account, failures }, "many wrong codes for one account");
    }
    await sendError(reply, 401, "wrong_code", { detail: attempt.wrong ?? messages.otp.wrongCode });
    return false;
  }

  /**
   * A password: the address's login allowance (at login) and the account and address pair's
   * failures, then the check (an unknown account costs the same time), a wrong one answered with
   * `wrong` and counted. Ten wrong passwords lock the pair, not the account: the owner elsewhere
   * still gets in, slowed down by `slowDownMs` while the account's own failures are used up (that
   * counter refuses nobody; it is logged for detection). True when the password was right.
   */
  async password(
    reply: FastifyReply,
    attempt: {
      /** The client's address. */
      address: string;
      /** Whether the address's login allowance is counted (at login only). */
      login?: boolean;
      account: string;
      user: UserRecord | undefined;
      password: string;
      wrong: Refusal;
      /** The answer for a missing account, not counted; without it, a missing account is wrong. */
      missing?: Refusal;
    },
  ): Promise<boolean> {
    const { account, address, user } = attempt;
    const pair = `${account}@${address}`;
    const checks = [
      ...(attempt.login ? [["loginPerAddress", address, "hit"] as const] : []),
      ["passwordFailuresPerPair", pair, "check"] as const,
    ];
    if (await refusedByLimits(reply, this.limits, checks)) return false;
    if (!user && attempt.missing) {
      await sendError(reply, attempt.missing.status, attempt.missing.code, attempt.missing.words);
      return false;
    }
    if ((await this.limits.exhausted("passwordFailuresPerAccount", account)) !== null) {
      await delay(this.slowDownMs);
    }
    const right = user
      ? await verifyPassword(user.password_hash, attempt.password)
      : await burnPasswordCheck(attempt.password).then(() => false);
    if (!right) {
      await this.limits.hit("passwordFailuresPerPair", pair);
      const failures = await this.limits.tally("passwordFailuresPerAccount", account);
      if (failures === AUTH_LIMITS.passwordFailuresPerAccount.points) {
        // Detection: many wrong passwords for one account, whatever their addresses.
        reply.log.warn({ account, failures }, "many wrong passwords for one account");
      }
      await sendError(reply, attempt.wrong.status, attempt.wrong.code, attempt.wrong.words);
      return false;
    }
    await this.limits.clear("passwordFailuresPerPair", pair);
    await this.limits.clear("passwordFailuresPerAccount", account);
    return true;
  }
}
