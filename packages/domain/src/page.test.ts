import { describe, expect, it } from "vitest";
import { isPastEnd, pageCount, paginate } from "./page.js";

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

describe("paginate", () => {
  it("gives a page of the list with the neighbours it has", () => {
    expect(paginate([1, 2, 3, 4, 5], 2, 2)).toEqual({
      ok: true,
      value: { items: [3, 4], count: 5, page: 2, hasNext: true, hasPrevious: true },
    });
    expect(paginate([1, 2, 3, 4, 5], 3, 2)).toMatchObject({
      ok: true,
      value: { items: [5], hasNext: false },
    });
  });

  it("refuses a page past the end, below 1 or not whole, as the service does", () => {
    for (const page of [4, 0, -1, 1.5]) {
      expect(paginate([1, 2, 3, 4, 5], page, 2)).toEqual({ ok: false, error: { kind: "invalid-page" } });
    }
  });
});
