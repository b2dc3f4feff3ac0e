import { describe, expect, it } from "vitest";
import { InMemoryAddressSuggestions } from "../testing/in-memory-address-suggestions.js";
import { successOf } from "../testing/results.js";
import { suggestAddresses } from "./suggest-addresses.js";

describe("address suggestions", () => {
  it("suggests places matching the typed text", async () => {
    const places = new InMemoryAddressSuggestions();
    expect(successOf(await suggestAddresses(places, "  kamp "))).toEqual([
      { formatted: "Kampala, Central Region, Uganda", lat: 0.3476, lon: 32.5825 },
    ]);
    expect(places.asked).toEqual(["kamp"]);
  });

  it("asks nothing for less than two characters", async () => {
    const places = new InMemoryAddressSuggestions();
    expect(successOf(await suggestAddresses(places, " k "))).toEqual([]);
    expect(places.asked).toEqual([]);
  });

  it("passes the service's failure on", async () => {
    const places = new InMemoryAddressSuggestions();
    places.failures.set("suggest", { kind: "network" });
    expect(await suggestAddresses(places, "Gulu")).toEqual({ ok: false, error: { kind: "network" } });
  });
});
