import { QueryClient } from "@tanstack/react-query";

/**
 * Query functions answer domain Results (expected failures are values, never thrown), so retries only
 * happen on real exceptions; data stays fresh for a minute to spare slow networks.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, gcTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
