import { describe, expect, it } from "vitest";
import { BUSY, ImageJobs } from "./image-jobs.js";

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
};

describe("image jobs", () => {
  it("works on at most `concurrency` jobs at once; the others wait their turn", async () => {
    const jobs = new ImageJobs({ concurrency: 2, maxWaiting: 5, waitMs: 5000 });
    const gates = [gate(), gate(), gate()];
    let active = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      jobs.run(async () => {
        active += 1;
        most = Math.max(most, active);
        await g.opened;
        active -= 1;
        return i;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(jobs.load).toEqual({ running: 2, waiting: 1 });
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(most).toBe(2);
    expect(jobs.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses a job at once when the line is full, and one that waited too long", async () => {
    const jobs = new ImageJobs({ concurrency: 1, maxWaiting: 1, waitMs: 50 });
    const g = gate();
    const first = jobs.run(() => g.opened);
    const second = jobs.run(async () => "second");
    expect(await jobs.run(async () => "third")).toBe(BUSY);
    const started = performance.now();
    expect(await second).toBe(BUSY);
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    g.open();
    await first;
    expect(await jobs.run(async () => "later")).toBe("later");
  });

  it("frees the turn of a job that failed", async () => {
    const jobs = new ImageJobs({ concurrency: 1, maxWaiting: 0, waitMs: 50 });
    await expect(jobs.run(async () => Promise.reject(new Error("broken")))).rejects.toThrow("broken");
    expect(await jobs.run(async () => "next")).toBe("next");
  });
});
