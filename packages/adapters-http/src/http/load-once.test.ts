import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.js";

describe("loadOnce", () => {
  it("loads on the first call only, and again after a failed load", async () => {
    let loads = 0;
    let offline = true;
    const load = loadOnce(async () => {
      loads += 1;
      if (offline) throw new Error("offline");
      return "module";
    });
    expect(loads).toBe(0);
    await expect(load()).rejects.toThrow("offline");
    offline = false;
    expect(await Promise.all([load(), load()])).toEqual(["module", "module"]);
    expect(await load()).toBe("module");
    expect(loads).toBe(2);
  });
});
