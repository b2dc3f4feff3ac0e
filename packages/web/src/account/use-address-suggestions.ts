import { suggestAddresses } from "@katale/domain";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";

/** Places matching what was typed (GET geo/autocomplete/), asked only while the list is open. */
export function useAddressSuggestions(asked: string, open: boolean) {
  const { addresses } = useServices();
  return useQuery({
    queryKey: ["addresses", asked.trim().toLowerCase()],
    queryFn: () => suggestAddresses(addresses, asked),
    placeholderData: keepPreviousData,
    enabled: open,
  });
}
