import { useServices } from "../app/services-context.js";

/** The last search asked for (search_query), which a results page opened without one shows. */
export function useLastSearch() {
  const { local } = useServices();
  return {
    last: (): string | null => local.get("search_query"),
    remember: (query: string) => local.set("search_query", query),
  };
}
