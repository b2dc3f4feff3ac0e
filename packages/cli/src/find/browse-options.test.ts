import { InvalidArgumentError } from "commander";
import { describe, expect, it } from "vitest";
import {
  type BrowseOptions,
  browseOptionsProblem,
  parseFilter,
  parseNearPoint,
  parsePriceRange,
  parseRadius,
} from "./browse-options.js";

const options = (more: Partial<BrowseOptions> = {}): BrowseOptions => ({
  filter: [],
  district: [],
  page: 1,
  ...more,
});

describe("browse options", () => {
  it("reads --filter as a filter and a value by name or id, or a value's id alone, and repeats", () => {
    expect(parseFilter(" Material = Papyrus ")).toEqual([
      { filter: { name: "Material" }, value: { name: "Papyrus" } },
    ]);
    expect(parseFilter("3=9", [{ valueId: 4 }])).toEqual([
      { valueId: 4 },
      { filter: { id: 3 }, value: { id: 9 } },
    ]);
    expect(parseFilter("12")).toEqual([{ valueId: 12 }]);
    for (const bad of ["Material", "=Papyrus", "Material=", "  "])
      expect(() => parseFilter(bad), bad).toThrow(InvalidArgumentError);
  });

  it("reads --price as MIN..MAX in whole UGX with either end open", () => {
    expect(parsePriceRange("5000..20,000")).toEqual({ min: 5000, max: 20_000 });
    expect(parsePriceRange("5_000..")).toEqual({ min: 5000 });
    expect(parsePriceRange("..20000")).toEqual({ max: 20_000 });
    expect(() => parsePriceRange("20000..5000")).toThrow("The price range's MIN is above its MAX.");
    for (const bad of ["..", "5000", "5.5..6", "cheap..", "-5..10"])
      expect(() => parsePriceRange(bad), bad).toThrow(InvalidArgumentError);
  });

  it("reads --near and --radius", () => {
    expect(parseNearPoint("0.3476, 32.5825")).toEqual({ lat: 0.3476, lng: 32.5825 });
    expect(() => parseNearPoint("91,0")).toThrow(InvalidArgumentError);
    expect(() => parseNearPoint("Kampala")).toThrow(InvalidArgumentError);
    expect(parseRadius("2.5")).toBe(2.5);
    for (const bad of ["0", "1001", "-3", "far"])
      expect(() => parseRadius(bad), bad).toThrow(InvalidArgumentError);
  });

  it("says what the options cannot say together", () => {
    expect(browseOptionsProblem(options())).toBeNull();
    expect(browseOptionsProblem(options({ radius: 5 }))).toBe("--radius needs --near LAT,LNG.");
    expect(browseOptionsProblem(options({ sort: "nearest" }))).toBe("--sort nearest needs --near LAT,LNG.");
    expect(browseOptionsProblem(options({ sort: "nearest", near: { lat: 0, lng: 32 } }))).toBeNull();
    const named = { filter: { name: "Material" }, value: { name: "Papyrus" } };
    expect(browseOptionsProblem(options({ filter: [named] }))).toMatch(
      /^--filter NAME=VALUE needs --subcategory/,
    );
    expect(browseOptionsProblem(options({ filter: [named], subcategory: { name: "Baskets" } }))).toBeNull();
    expect(browseOptionsProblem(options({ filter: [{ valueId: 9 }] }))).toBeNull();
  });
});
