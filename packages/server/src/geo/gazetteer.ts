import type { AddressFeatureWire } from "@katale/adapters-http/contract";
import places from "./uganda-places.json" with { type: "json" };

// The offline gazetteer behind address suggestions (issue 4): about 390 Ugandan towns, districts and
// Kampala-area suburbs with their positions, in uganda-places.json as
// [name, district | null, region, lat, lon, kind]. Towns, regions and districts come from the
// GeoNames gazetteer (https://www.geonames.org, CC BY 4.0), a district placed at its main town; the
// suburbs were added by hand, to about a kilometre.

export type PlaceKind = "town" | "district" | "suburb";
type PlaceRow = [string, string | null, string, number, number, string];

export interface Place {
  name: string;
  formatted: string;
  lat: number;
  lon: number;
  kind: PlaceKind;
}

interface IndexedPlace extends Place {
  /** Normalised name and its words. */
  key: string;
  words: string[];
  /** Normalised words of the whole formatted address. */
  addressWords: string[];
}

/** Most suggestions answered (the address box shows a short list). */
export const MAX_SUGGESTIONS = 8;

/** Lower case, no accents, letters and digits separated by single spaces. */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function formattedOf([name, district, region]: PlaceRow): string {
  const parts = [name];
  if (district && normalise(district) !== normalise(name)) parts.push(district);
  parts.push(region, "Uganda");
  return parts.join(", ");
}

const INDEX: IndexedPlace[] = (places as PlaceRow[]).map((row) => {
  const formatted = formattedOf(row);
  const key = normalise(row[0]);
  return {
    name: row[0],
    formatted,
    lat: row[3],
    lon: row[4],
    kind: row[5] as PlaceKind,
    key,
    words: key.split(" "),
    addressWords: normalise(formatted).split(" "),
  };
});

/** Towns before suburbs before whole districts when the match is equally good. */
const KIND_ORDER: Record<PlaceKind, number> = { town: 0, suburb: 1, district: 2 };

/**
 * How well a place matches the typed text; lower is better, null for no match.
 * 0 exact name, 1 name starts with the text, 2 a word of the name does, 3 the name contains it,
 * 4 every typed word starts a word of the address ("ntinda kampala", "wakiso" for its towns).
 */
function score(place: IndexedPlace, query: string, queryWords: string[]): number | null {
  if (place.key === query) return 0;
  if (place.key.startsWith(query)) return 1;
  if (place.words.some((w) => w.startsWith(query))) return 2;
  if (place.key.includes(query)) return 3;
  if (queryWords.every((q) => place.addressWords.some((w) => w.startsWith(q)))) return 4;
  return null;
}

/** Suggestions for typed text, best first, at most `limit`. */
export function searchPlaces(text: string, limit = MAX_SUGGESTIONS): Place[] {
  const query = normalise(text);
  if (query.length === 0) return [];
  const queryWords = query.split(" ");
  const ranked: { place: IndexedPlace; score: number }[] = [];
  for (const place of INDEX) {
    const s = score(place, query, queryWords);
    if (s !== null) ranked.push({ place, score: s });
  }
  ranked.sort(
    (a, b) =>
      a.score - b.score ||
      KIND_ORDER[a.place.kind] - KIND_ORDER[b.place.kind] ||
      a.place.name.length - b.place.name.length ||
      a.place.name.localeCompare(b.place.name),
  );
  return ranked.slice(0, limit).map(({ place: { name, formatted, lat, lon, kind } }) => ({
    name,
    formatted,
    lat,
    lon,
    kind,
  }));
}

export function toFeature(place: { formatted: string; lat: number; lon: number }): AddressFeatureWire {
  return { properties: { formatted: place.formatted, lat: place.lat, lon: place.lon } };
}
