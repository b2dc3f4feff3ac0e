import type { AddressSuggestions, Result } from "@katale/domain";
import { expect, it } from "vitest";

// What the address suggestions must do (the geocoding autocomplete of spec §7), run against the
// domain's in-memory fake (address-suggestions-behaviour.test.ts) and against the HTTP gateway on the
// real server's built-in gazetteer (tests/adapters/support-verification-places.int.test.ts).

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result.value;
}

export function itBehavesLikeAddressSuggestions(
  fixture: () => { readonly addresses: AddressSuggestions },
): void {
  it("suggests Ugandan places by name, any case, with coordinates in Uganda", async () => {
    const { addresses } = fixture();
    for (const text of ["Kampala", "gulu", "ENTEBBE"]) {
      const places = value(await addresses.suggest(text));
      expect(places.length).toBeGreaterThan(0);
      expect(places[0]!.formatted.toLowerCase()).toContain(text.toLowerCase());
      expect(places[0]!.formatted).toMatch(/Uganda/);
      // Uganda lies within about 1.5°S–4.3°N and 29.5°E–35.1°E.
      expect(places.every((p) => p.lat > -2 && p.lat < 5 && p.lon > 29 && p.lon < 36)).toBe(true);
    }
  });

  it("suggests nothing for text no place has", async () => {
    const { addresses } = fixture();
    expect(value(await addresses.suggest("Qwxzvplk"))).toEqual([]);
  });
}
