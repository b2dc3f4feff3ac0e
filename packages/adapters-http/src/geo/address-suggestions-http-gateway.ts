import { type AddressSuggestion, type AddressSuggestions, mapResult, type Result } from "@katale/domain";
import { type AddressFeatureWire, geoCalls } from "../contract/geo.js";
import type { HttpClient } from "../http/http-client.js";

export function toAddressSuggestion(wire: AddressFeatureWire): AddressSuggestion {
  const { formatted, lat, lon } = wire.properties;
  return { formatted, lat, lon };
}

/** `GET geo/autocomplete/?text=` on the shop service. */
export class AddressSuggestionsHttpGateway implements AddressSuggestions {
  constructor(private readonly http: HttpClient) {}

  async suggest(text: string): Promise<Result<AddressSuggestion[]>> {
    const answer = await this.http.call(geoCalls.autocomplete, { query: { text } });
    return mapResult(answer, (body) => body.features.map(toAddressSuggestion));
  }
}
