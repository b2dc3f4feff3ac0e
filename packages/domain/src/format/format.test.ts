import { describe, expect, it } from "vitest";
import { formatDate, formatDayLabel, formatTime } from "./format-date.js";
import { formatCount, formatUgx } from "./format-ugx.js";
import { roundToHalfStar, starFills, starsFromStored, storedFromStars } from "./stars.js";

describe("formatUgx", () => {
  it("writes UGX with thousands separators", () => {
    expect(formatUgx(1_250_000)).toBe("UGX 1,250,000");
    expect(formatUgx(500)).toBe("UGX 500");
    expect(formatUgx(0)).toBe("UGX 0");
  });
});

describe("formatCount", () => {
  it("groups a count as en-US does, without building a formatter for whole numbers", () => {
    for (const n of [0, 7, 999, 1000, 12_345, 1_234_567, -4_500, 2.5, Number.MAX_SAFE_INTEGER + 2]) {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US", { maximumFractionDigits: 0 }));
    }
  });
});

describe("stars", () => {
  it("stored 0–10 shows as 0–5 in half steps", () => {
    expect(starsFromStored(7)).toBe(3.5);
    expect(starsFromStored(10)).toBe(5);
    expect(starsFromStored(12)).toBe(5);
  });

  it("shown stars are stored doubled", () => {
    expect(storedFromStars(4.5)).toBe(9);
    expect(storedFromStars(0)).toBe(0);
  });

  it("an average rounds to the nearest half star", () => {
    expect(roundToHalfStar(3.7)).toBe(3.5);
    expect(roundToHalfStar(3.8)).toBe(4);
  });

  it("draws five stars with a half where due", () => {
    expect(starFills(3.5)).toEqual(["full", "full", "full", "half", "empty"]);
    expect(starFills(0)).toEqual(["empty", "empty", "empty", "empty", "empty"]);
  });
});

describe("dates", () => {
  const afternoon = new Date("2024-03-05T15:07:00Z");

  it("formats dates in en-US", () => {
    expect(formatDate(afternoon, "UTC")).toBe("Mar 5, 2024");
  });

  it("formats times on the 12-hour clock", () => {
    expect(formatTime(afternoon, "UTC")).toBe("3:07 PM");
    expect(formatTime(afternoon, "Africa/Kampala")).toBe("6:07 PM");
  });

  it("labels today's messages 'Today' and others DD Mon YYYY", () => {
    expect(formatDayLabel(afternoon, new Date("2024-03-05T23:00:00Z"), "UTC")).toBe("Today");
    expect(formatDayLabel(afternoon, new Date("2024-03-06T01:00:00Z"), "UTC")).toBe("05 Mar 2024");
  });

  it("decides 'Today' in the given time zone", () => {
    // 22:30 UTC on 5 March is already 6 March in Kampala (UTC+3).
    expect(
      formatDayLabel(new Date("2024-03-05T22:30:00Z"), new Date("2024-03-06T08:00:00Z"), "Africa/Kampala"),
    ).toBe("Today");
  });
});
