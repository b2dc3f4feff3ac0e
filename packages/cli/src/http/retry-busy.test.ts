import { describe, expect, it } from "vitest";
import { retryAfterSeconds, retryBusy } from "./retry-busy.js";

const answer = (status: number, retryAfter?: string) => ({
  status,
  headers: { get: (name: string) => (name === "retry-after" ? (retryAfter ?? null) : null) },
  text: async () => "",
});

describe("retryBusy", () => {
  it("asks again after the seconds a 503 names, then gives the answer", async () => {
    const answers = [answer(503, "2"), answer(503, "1"), answer(201)];
    const waits: number[] = [];
    const fetch = retryBusy(
      async () => answers.shift()!,
      async (ms) => void waits.push(ms),
    );
    expect((await fetch("u", { method: "POST", headers: {} })).status).toBe(201);
    expect(waits).toEqual([2000, 1000]);
  });

  it("gives a 503 without Retry-After as it is", async () => {
    let calls = 0;
    const fetch = retryBusy(async () => {
      calls += 1;
      return answer(503);
    });
    expect((await fetch("u", { method: "GET", headers: {} })).status).toBe(503);
    expect(calls).toBe(1);
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(retryAfterSeconds("7")).toBe(7);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 5_000)).toBe(5);
    expect(retryAfterSeconds("soon")).toBeNull();
  });
});
