import type { AddressSuggestion } from "../geo/address-suggestion.js";
import type { AddressSuggestions } from "../geo/address-suggestions.js";
import { ok, type Result } from "../result.js";
import { Failures } from "./failures.js";

/** A small gazetteer: places whose name contains the text (case-insensitive); records what was asked. */
export class InMemoryAddressSuggestions implements AddressSuggestions {
  readonly failures = new Failures<keyof AddressSuggestions>();
  readonly asked: string[] = [];

  constructor(
    public places: AddressSuggestion[] = [
      { formatted: "Kampala, Central Region, Uganda", lat: 0.3476, lon: 32.5825 },
      { formatted: "Entebbe, Wakiso, Uganda", lat: 0.0512, lon: 32.4637 },
      { formatted: "Gulu, Northern Region, Uganda", lat: 2.7724, lon: 32.2881 },
    ],
  ) {}

  async suggest(text: string): Promise<Result<AddressSuggestion[]>> {
    this.asked.push(text);
    const needle = text.toLowerCase();
    return this.failures.answer("suggest", () =>
      ok(this.places.filter((p) => p.formatted.toLowerCase().includes(needle))),
    );
  }
}
