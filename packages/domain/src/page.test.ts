import { describe, expect, it } from "vitest";
import { isPastEnd, pageCount } from "./page.js";

describe("pageCount", () => {
  it("rounds a partial last page up", () => {
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(100, 8)).toBe(13);
  });

  it("counts an empty list as one empty page", () => {
    expect(pageCount(0, 20)).toBe(1);
  });
});

describe("isPastEnd", () => {
  it("is false up to the last page and true after it", () => {
    expect(isPastEnd(2, 21, 20)).toBe(false);
    expect(isPastEnd(3, 21, 20)).toBe(true);
  });

  it("keeps page 1 of an empty list", () => {
    expect(isPastEnd(1, 0, 20)).toBe(false);
    expect(isPastEnd(2, 0, 20)).toBe(true);
  });
});
