import { describe, expect, it } from "vitest";
import { AUTH_LIMITS, authRateLimits } from "./auth-rate-limits.js";

const small = {
  loginPerAddress: { points: 2, duration: 60 },
  passwordFailuresPerPair: { points: 2, duration: 60 },
  passwordFailuresPerAccount: { points: 2, duration: 60 },
  codeChecksPerAddress: { points: 2, duration: 60 },
  codeFailuresPerPair: { points: 2, duration: 60 },
  codeFailuresPerAccount: { points: 2, duration: 60 },
  codeSendsPerAddress: { points: 2, duration: 60 },
  codeSendsPerPair: { points: 2, duration: 60 },
};

describe("auth rate limits", () => {
  it("counts attempts per key and answers the seconds to wait once the allowance is used", async () => {
    const limits = authRateLimits(true, small);
    expect(await limits.hit("loginPerAddress", "10.0.0.1")).toBeNull();
    expect(await limits.hit("loginPerAddress", "10.0.0.1")).toBeNull();
    const wait = await limits.hit("loginPerAddress", "10.0.0.1");
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await limits.hit("loginPerAddress", "10.0.0.2")).toBeNull();
  });

  it("checks without counting, and a success clears an account's failures", async () => {
    const limits = authRateLimits(true, small);
    await limits.hit("passwordFailuresPerAccount", "user:1");
    expect(await limits.exhausted("passwordFailuresPerAccount", "user:1")).toBeNull();
    await limits.hit("passwordFailuresPerAccount", "user:1");
    expect(await limits.exhausted("passwordFailuresPerAccount", "user:1")).toBeGreaterThan(0);
    await limits.clear("passwordFailuresPerAccount", "user:1");
    expect(await limits.exhausted("passwordFailuresPerAccount", "user:1")).toBeNull();
  });

  it("keeps the allowances of issue 4 (per 15 minutes)", async () => {
    const limits = authRateLimits(true);
    for (let i = 0; i < AUTH_LIMITS.codeSendsPerPair.points; i++) {
      expect(await limits.hit("codeSendsPerPair", "user:7@10.0.0.1")).toBeNull();
    }
    const wait = await limits.hit("codeSendsPerPair", "user:7@10.0.0.1");
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(Object.fromEntries(Object.entries(AUTH_LIMITS).map(([name, l]) => [name, l.points]))).toEqual({
      loginPerAddress: 100,
      passwordFailuresPerPair: 10,
      passwordFailuresPerAccount: 10,
      codeChecksPerAddress: 60,
      codeFailuresPerPair: 10,
      codeFailuresPerAccount: 10,
      codeSendsPerAddress: 30,
      codeSendsPerPair: 5,
    });
  });

  it("tallies a detection counter without ever refusing", async () => {
    const limits = authRateLimits(true, small);
    expect(await limits.tally("passwordFailuresPerAccount", "user:2")).toBe(1);
    expect(await limits.tally("passwordFailuresPerAccount", "user:2")).toBe(2);
    expect(await limits.tally("passwordFailuresPerAccount", "user:2")).toBe(3);
    expect(await limits.exhausted("passwordFailuresPerAccount", "user:2")).toBeGreaterThan(0);
  });

  it("lets everything through when switched off (AUTH_RATE_LIMITS=off, never in production)", async () => {
    const limits = authRateLimits(false, small);
    for (let i = 0; i < 5; i++) expect(await limits.hit("codeSendsPerAddress", "10.0.0.1")).toBeNull();
    expect(await limits.exhausted("codeSendsPerAddress", "10.0.0.1")).toBeNull();
  });
});
