import { describe, expect, it } from "vitest";
import { outputWidth } from "./cli-io.js";

describe("outputWidth", () => {
  it("uses the terminal's width, else $COLUMNS, else 80", () => {
    expect(outputWidth(120, { COLUMNS: "60" })).toBe(120);
    expect(outputWidth(undefined, { COLUMNS: "60" })).toBe(60);
    expect(outputWidth(undefined, {})).toBe(80);
    expect(outputWidth(undefined, { COLUMNS: "wide" })).toBe(80);
  });

  it("never goes below 40 columns", () => {
    expect(outputWidth(20, {})).toBe(40);
  });
});
