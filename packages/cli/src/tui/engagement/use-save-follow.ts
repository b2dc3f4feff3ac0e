import {
  type FollowingState,
  messages,
  type Result,
  type SavedState,
  setFollowing,
  setSaved,
} from "@katale/domain";
import { useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";

/**
 * The save and follow keys: each sets the state asked (a retry or a second press is safe), says
 * the outcome on the status line and answers the new state, or undefined when it failed or nobody
 * is signed in (the status line then says so).
 */
export function useSaveFollow(): {
  save: (productId: number, saved: boolean) => Promise<SavedState | undefined>;
  follow: (shopId: number, following: boolean) => Promise<FollowingState | undefined>;
} {
  const tui = useTui();
  const { engagement } = useTuiServices();
  const describe = useFailureText();
  const run = async <T extends { readonly message: string }>(
    step: (ports: NonNullable<typeof engagement>) => Promise<Result<T>>,
  ): Promise<T | undefined> => {
    if (tui.session === null || engagement === undefined) {
      tui.say(messages.common.loginFirst, "error");
      return undefined;
    }
    const result = await step(engagement);
    if (!result.ok) {
      tui.say(describe(result.error), "error");
      return undefined;
    }
    tui.say(result.value.message);
    return result.value;
  };
  return {
    save: (productId, saved) => run((ports) => setSaved(ports, productId, saved)),
    follow: (shopId, following) => run((ports) => setFollowing(ports, shopId, following)),
  };
}
