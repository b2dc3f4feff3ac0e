import { describe, expect, it } from "vitest";
import { MAX_SUGGESTIONS, normalise, searchPlaces } from "./gazetteer.js";
import places from "./uganda-places.json" with { type: "json" };

describe("the gazetteer of Ugandan places", () => {
  it("holds a few hundred places inside Uganda", () => {
    expect(places.length).toBeGreaterThan(300);
    for (const [name, , region, lat, lon] of places as [string, string | null, string, number, number][]) {
      expect(name.length).toBeGreaterThan(1);
      expect(region).toMatch(/^(Central|Eastern|Northern|Western) Region$/);
      // Uganda lies within about 1.5°S..4.3°N, 29.5°E..35.1°E.
      expect(lat).toBeGreaterThan(-1.6);
      expect(lat).toBeLessThan(4.3);
      expect(lon).toBeGreaterThan(29.5);
      expect(lon).toBeLessThan(35.1);
    }
  });

  it("puts the exact town first, then names starting with the text", () => {
    const results = searchPlaces("kampala");
    expect(results[0]).toMatchObject({ formatted: "Kampala, Central Region, Uganda", kind: "town" });
    expect(results.map((r) => r.name)).toContain("Kampala Central Division");
    expect(searchPlaces("Gulu")[0]!.formatted).toBe("Gulu, Northern Region, Uganda");
  });

  it("matches prefixes and substrings case-insensitively, at most 8", () => {
    const mba = searchPlaces("MBA");
    expect(mba.length).toBeGreaterThan(0);
    expect(mba.length).toBeLessThanOrEqual(MAX_SUGGESTIONS);
    // Names starting with the text first (Mbale, Mbarara and their districts), then names containing it.
    const starts = mba.map((p) => normalise(p.name).startsWith("mba"));
    expect(starts.slice(0, 4)).toEqual([true, true, true, true]);
    expect(starts.indexOf(false)).toBe(starts.lastIndexOf(true) + 1);
    expect(mba.slice(4).every((p) => normalise(p.name).includes("mba"))).toBe(true);
    expect(searchPlaces("k")).toHaveLength(MAX_SUGGESTIONS);
    // Inside a name: "portal" finds Fort Portal.
    expect(searchPlaces("portal").map((p) => p.name)).toContain("Fort Portal");
  });

  it("finds Kampala suburbs, and several words anywhere in the address", () => {
    expect(searchPlaces("ntinda")[0]).toMatchObject({
      formatted: "Ntinda, Kampala, Central Region, Uganda",
      lat: expect.closeTo(0.354, 2),
      lon: expect.closeTo(32.616, 2),
    });
    expect(searchPlaces("kabalagala kampala")[0]!.name).toBe("Kabalagala");
    expect(searchPlaces("bweyogerere")[0]!.formatted).toBe("Bweyogerere, Wakiso, Central Region, Uganda");
  });

  it("answers nothing for blank or unknown text", () => {
    expect(searchPlaces("   ")).toEqual([]);
    expect(searchPlaces("zzzqqq")).toEqual([]);
  });
});
