import type { Result } from "@katale/domain";
import { useOnReturn, useTui } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { type Loaded, useLoad } from "../use-load.js";

/**
 * A list only the signed-in user has (loaded only when someone is), loaded again when its screen
 * is shown again (back from a product or shop: the list as it is now).
 */
export function useSignedInList<T>(load: () => Promise<Result<T>>): {
  readonly signedIn: boolean;
  readonly loaded: Loaded<T | null>;
  reload(): void;
} {
  const { session } = useTui();
  const describe = useFailureText();
  const signedIn = session !== null;
  const list = useLoad(
    async () => (signedIn ? load() : ({ ok: true, value: null } as Result<T | null>)),
    describe,
    [signedIn],
  );
  useOnReturn(list.reload);
  return { signedIn, loaded: list.loaded, reload: list.reload };
}
