import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { RateLimits, refusedByLimits } from "./rate-limits.js";

const limits = () =>
  new RateLimits("test", {
    perAddress: { points: 2, duration: 60 },
    perAccount: { points: 1, duration: 60 },
  });

describe("rate limits", () => {
  it("runs checks in order: a check does not count, a hit does", async () => {
    const l = limits();
    expect(await l.first([["perAccount", "user:1", "check"]])).toBeNull();
    expect(await l.first([["perAccount", "user:1", "check"]])).toBeNull();
    await l.hit("perAccount", "user:1");
    const checks = [
      ["perAddress", "10.0.0.1", "hit"],
      ["perAccount", "user:1", "check"],
    ] as const;
    expect(await l.first(checks)).toBeGreaterThan(0);
    // The address was counted before the account's check refused.
    expect(await l.hit("perAddress", "10.0.0.1")).toBeNull();
    expect(await l.hit("perAddress", "10.0.0.1")).toBeGreaterThan(0);
  });

  it("answers a refusal with 429, Retry-After and the code rate_limited beside the words", async () => {
    const l = limits();
    const app = Fastify();
    app.post("/feedback", async (request, reply) => {
      if (await refusedByLimits(reply, l, [["perAddress", request.ip, "hit"]], { detail: "Slow down" }))
        return reply;
      return { ok: true };
    });
    await app.ready();
    const post = () => app.inject({ method: "POST", url: "/feedback" });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: "Slow down", code: "rate_limited" });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    await app.close();
  });
});
