import { describe, expect, it } from "vitest";
import { escapeCell, unescapeCell } from "./csv-cells.js";

describe("cells a spreadsheet would run as formulas", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+256772123456", "'+256772123456"],
    ["- solar panel\n- battery", "'- solar panel\n- battery"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tindented", "'\tindented"],
    ["'=already quoted", "''=already quoted"],
  ])("exports %j as %j and reads it back unchanged", (value, exported) => {
    expect(escapeCell(value)).toBe(exported);
    expect(unescapeCell(exported)).toBe(value);
  });

  it.each(["Solar lantern", "'tis the season", "35000", ""])("leaves %j alone both ways", (value) => {
    expect(escapeCell(value)).toBe(value);
    expect(unescapeCell(value)).toBe(value);
  });

  it("reads a quoted formula typed by hand as its text", () => {
    expect(unescapeCell("'-5% off")).toBe("-5% off");
  });
});
