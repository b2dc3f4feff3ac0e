import { QueryClient } from "@tanstack/react-query";

/**
 * Query functions answer domain Results (expected failures are values, never thrown), so retries only
 * happen on real exceptions; data stays fresh for a minute to spare slow networks.
 *
 * Offline, a query still asks once (the service worker may answer with a saved copy) instead of
 * waiting paused for the network, and a change is sent at once, so it fails at once with "check
 * your connection" rather than waiting on a pressed button until the network is back.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        retry: 1,
        refetchOnWindowFocus: false,
        networkMode: "offlineFirst",
      },
      mutations: { networkMode: "always" },
    },
  });
}
