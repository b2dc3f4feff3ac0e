import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import { parseId, parseIdOrName, parsePageNumber, parsePageSize } from "./option-parsers.js";

describe("option parsers", () => {
  it("reads page numbers from 1", () => {
    expect(parsePageNumber("2")).toBe(2);
    for (const bad of ["0", "-1", "1.5", "two", "", "1e3"]) {
      expect(() => parsePageNumber(bad)).toThrow(InvalidArgumentError);
    }
  });

  it("caps the page size at the service's maximum", () => {
    expect(parsePageSize("100")).toBe(100);
    expect(() => parsePageSize("101")).toThrow("Expected a whole number from 1 to 100.");
  });

  it("reads ids", () => {
    expect(parseId(" 14 ")).toBe(14);
    expect(() => parseId("abc")).toThrow(InvalidArgumentError);
  });

  it("tells ids from names", () => {
    expect(parseIdOrName("5")).toEqual({ id: 5 });
    expect(parseIdOrName(" Phones & Tablets ")).toEqual({ name: "Phones & Tablets" });
    expect(() => parseIdOrName("  ")).toThrow(InvalidArgumentError);
  });
});
