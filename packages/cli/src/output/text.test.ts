import { describe, expect, it } from "vitest";
import { displayWidth, lines, truncate, wrap } from "./text.js";

describe("text helpers", () => {
  it("truncates with an ellipsis only when needed", () => {
    expect(truncate("Kikuubo Phone Hub", 20)).toBe("Kikuubo Phone Hub");
    expect(truncate("Kikuubo Phone Hub", 10)).toBe("Kikuubo P…");
    expect(displayWidth(truncate("Ngũgĩ wa Thiong'o", 8))).toBe(8);
  });

  it("wraps words at the width", () => {
    expect(wrap("one two three four", 9)).toEqual(["one two", "three", "four"]);
    expect(wrap("first\nsecond", 40)).toEqual(["first", "second"]);
  });

  it("joins lines, leaving out missing parts, with one final newline", () => {
    expect(lines("a", null, ["b", "c"], false, "")).toBe("a\nb\nc\n\n");
  });
});
