import { login, logout } from "@katale/domain";
import { useCallback } from "react";
import { useTui, useTuiServices } from "../tui-context.js";
import { useAccountFailureText } from "../use-failure-text.js";

/** Logging in and out with the session file `katale login` writes; the shell's session follows. */
export function useAccount() {
  const { account } = useTuiServices();
  const { refreshSession, say } = useTui();
  const describe = useAccountFailureText();

  const logOut = useCallback(async () => {
    if (account === undefined) return;
    const done = await logout(account);
    refreshSession();
    say(done.message);
  }, [account, refreshSession, say]);

  /** True once logged in; a refusal is said, and false. */
  const logIn = useCallback(
    async (username: string, password: string): Promise<boolean> => {
      if (account === undefined) return false;
      const outcome = await login(account, { username, password });
      if (!outcome.ok) {
        say(describe(outcome.error), "error");
        return false;
      }
      refreshSession();
      say(outcome.value.message);
      return true;
    },
    [account, refreshSession, say, describe],
  );

  return { sessionFile: account?.sessionFile, logIn, logOut };
}
