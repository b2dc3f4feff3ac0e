import { useServices } from "../app/services-context.js";

/** Resolves image paths the services name (host paths, bare hosts) to fetchable URLs. */
export function useMediaUrl(): (path: string | null | undefined) => string | null {
  return useServices().media;
}
