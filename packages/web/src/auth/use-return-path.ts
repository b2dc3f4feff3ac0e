import { useMemo } from "react";
import { useServices } from "../app/services-context.js";
import { rememberReturn, takeReturnPath } from "./return-url.js";

/** Where to come back to after logging in (previousUrl, spec §2): kept before /login, taken after. */
export function useReturnPath(): { remember(path: string): void; take(): string } {
  const { session } = useServices();
  return useMemo(
    () => ({
      remember: (path: string) => rememberReturn(session, path),
      take: () => takeReturnPath(session, window.location.origin),
    }),
    [session],
  );
}
