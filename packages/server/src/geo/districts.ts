import places from "./uganda-places.json" with { type: "json" };

// Uganda's districts as the built-in gazetteer (uganda-places.json) knows them, and the points that
// place a location in one: every town and suburb stands for its district, and each district for
// itself at its main town. A shop's district is the district of the point nearest its location
// (worked out by the database when the shop is created or moved, migration 0019).

type PlaceRow = [string, string | null, string, number, number, string];
const rows = places as PlaceRow[];

const districtOf = ([name, district, , , , kind]: PlaceRow) =>
  kind === "district" ? name.replace(/ District$/, "") : district;

/** [district, latitude, longitude]: the points the nearest one is looked up among. */
export const DISTRICT_POINTS: readonly (readonly [string, number, number])[] = rows.flatMap((row) => {
  const district = districtOf(row);
  return district === null ? [] : [[district, row[3], row[4]] as const];
});

/** Every district's name, sorted. */
export const DISTRICTS: readonly string[] = [...new Set(DISTRICT_POINTS.map(([d]) => d))].sort();

const byLowerName = new Map(DISTRICTS.map((d) => [d.toLowerCase(), d]));

/** The district spelled as the gazetteer spells it (any case), or undefined for no such district. */
export const districtNamed = (name: string): string | undefined => byLowerName.get(name.trim().toLowerCase());

/**
 * A location farther than this (in degrees, about 165 km) from every point lies outside Uganda:
 * no district.
 */
export const DISTRICT_REACH_DEGREES = 1.5;
