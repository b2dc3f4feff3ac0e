import { createContext, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from "react";
import { lazyOrNothing } from "../ui/lazy-or-nothing.js";

// The popup itself is a chunk of its own, loaded the first time a visitor needs it.
const LoginPrompt = lazyOrNothing(async () => (await import("./login-prompt.js")).LoginPrompt);

const LoginPromptContext = createContext<(() => void) | null>(null);

/** One login-needed popup for the whole app; any button that needs a signed-in user opens it. */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => show, [show]);
  return (
    <LoginPromptContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <LoginPrompt onClose={close} />
        </Suspense>
      )}
    </LoginPromptContext.Provider>
  );
}

/** Opens the 'You need to login first' popup. */
export function useLoginPrompt(): () => void {
  const show = useContext(LoginPromptContext);
  if (show === null) throw new Error("useLoginPrompt outside LoginPromptProvider");
  return show;
}
