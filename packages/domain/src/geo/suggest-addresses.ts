import { ok, type Result } from "../result.js";
import type { AddressSuggestion } from "./address-suggestion.js";
import type { AddressSuggestions } from "./address-suggestions.js";

/** Fewer typed characters than this ask nothing (every place would match). */
export const ADDRESS_QUERY_MIN_LENGTH = 2;
/** The service reads at most this much text. */
export const ADDRESS_QUERY_MAX_LENGTH = 200;

/** Suggestions for a location field as the user types; too little text answers none without asking. */
export async function suggestAddresses(
  places: AddressSuggestions,
  typed: string,
): Promise<Result<AddressSuggestion[]>> {
  const text = typed.trim().slice(0, ADDRESS_QUERY_MAX_LENGTH);
  if (text.length < ADDRESS_QUERY_MIN_LENGTH) return ok([]);
  return places.suggest(text);
}
