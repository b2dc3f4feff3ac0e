import type { Result } from "../result.js";
import type { AddressSuggestion } from "./address-suggestion.js";

/** Places matching typed text (the geocoding autocomplete of spec §7, served by the shop service). */
export interface AddressSuggestions {
  suggest(text: string): Promise<Result<AddressSuggestion[]>>;
}
