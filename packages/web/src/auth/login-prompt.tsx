import { LOGIN_PROMPT_LOADER_MS, messages } from "@katale/domain";
import { LoaderCircle, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useReturnPath } from "./use-return-path.js";

/**
 * 'You need to login first' (spec §2): its Login button shows a loader for 1 s, closes the popup and
 * goes to /login. Escape or the close button dismisses it; focus moves into it while open.
 */
export function LoginPrompt({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const { pathname, search } = useLocation();
  const [busy, setBusy] = useState(false);
  const loginButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    loginButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      previous?.focus();
    };
  }, [onClose]);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => {
      onClose();
      returnPath.remember(`${pathname}${search}`);
      navigate("/login");
    }, LOGIN_PROMPT_LOADER_MS);
    return () => clearTimeout(timer);
  }, [busy, navigate, onClose, returnPath, pathname, search]);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="login-prompt-title"
        className="relative w-full max-w-sm rounded-xl bg-white p-6 text-center shadow-xl"
      >
        <button
          type="button"
          className="icon-button absolute top-2 right-2"
          aria-label={messages.web.close}
          onClick={onClose}
        >
          <X aria-hidden="true" size={20} />
        </button>
        <p id="login-prompt-title" className="mt-4 text-lg font-medium">
          {messages.common.loginFirst}
        </p>
        <button
          ref={loginButton}
          type="button"
          className="btn-primary mt-6 w-full"
          disabled={busy}
          aria-busy={busy}
          onClick={() => setBusy(true)}
        >
          {busy && <LoaderCircle aria-hidden="true" size={18} className="animate-spin" />}
          {messages.login.submit}
        </button>
      </div>
    </div>
  );
}
