import { describe, expect, it } from "vitest";
import "./zod-jitless.js";

describe("zod's jitless setting", () => {
  it("is what zod reads, set without importing zod first", async () => {
    const { globalConfig } = await import("zod/v4/core");
    const { z } = await import("zod");
    expect(globalConfig.jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
