import { describe, expect, it } from "vitest";
import { BatchLoader } from "./batch-loader.js";

describe("BatchLoader", () => {
  it("answers the questions of one turn in one batch, each its own answer", async () => {
    const batches: number[][] = [];
    const asks = new BatchLoader<number, string>(async (questions) => {
      batches.push(questions);
      return questions.map((n) => `#${n}`);
    });
    const answers = await Promise.all([1, 2, 3].map((n) => asks.load(n)));
    expect(answers).toEqual(["#1", "#2", "#3"]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it("fails only the askers of an answer that fails, and the whole batch when answering throws", async () => {
    let fail = false;
    const asks = new BatchLoader<number, number>(async (questions) => {
      if (fail) throw new Error("database gone");
      return questions.map((n) => (n === 2 ? Promise.reject(new Error("no 2")) : n * 10));
    });
    const settled = await Promise.allSettled([1, 2, 3].map((n) => asks.load(n)));
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([
      10,
      "no 2",
      30,
    ]);
    fail = true;
    await expect(asks.load(4)).rejects.toThrow("database gone");
  });

  it("starts the next batch once every answer of the current one has settled", async () => {
    let release: () => void = () => {};
    const slow = new Promise<string>((resolve) => {
      release = () => resolve("slow");
    });
    const batches: string[][] = [];
    const asks = new BatchLoader<string, string>(async (questions) => {
      batches.push(questions);
      return questions.map((q) => (q === "slow" ? slow : q));
    });
    const first = asks.load("slow");
    await new Promise((resolve) => setImmediate(resolve));
    const second = asks.load("next");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([["slow"]]);
    release();
    expect(await first).toBe("slow");
    expect(await second).toBe("next");
    expect(batches).toEqual([["slow"], ["next"]]);
  });

  it("answers each question as soon as its own answer is ready, not when the slowest of its batch is", async () => {
    let release: () => void = () => {};
    const slow = new Promise<string>((resolve) => {
      release = () => resolve("slow");
    });
    const asks = new BatchLoader<string, string>(async (questions) =>
      questions.map((q) => (q === "slow" ? slow : q)),
    );
    const first = asks.load("slow");
    const quick = asks.load("quick");
    const meanwhile = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 50));
    expect(await Promise.race([quick, meanwhile])).toBe("quick");
    release();
    expect(await first).toBe("slow");
  });
});
