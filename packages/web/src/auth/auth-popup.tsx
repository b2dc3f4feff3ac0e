import { OTP_POPUP_DELAY_MS, resendCode, verifyRegistration, webAccountMessages } from "@katale/domain";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Dialog } from "../ui/dialog.js";
import { AUTH_POPUP_PARAM, type AuthPopupKind, withAuthPopup } from "./auth-popup-host.js";
import { CodeForm } from "./code-form.js";
import { LoginForm } from "./login-form.js";
import { RegisterForm } from "./register-form.js";
import { useAccountPorts } from "./use-account-ports.js";

/**
 * The login and sign-up popups over the current page. Login success and closing go back one step
 * (to the page under the popup, spec §2); sign-up shows 'Registration successful', then after 1 s
 * the OTP step, whose success goes to /login and failure to /register (spec §2, §8).
 */
export default function AuthPopup({ kind }: { kind: AuthPopupKind }) {
  const { auth } = useAccountPorts();
  const navigate = useNavigate();
  const location = useLocation();
  const [registered, setRegistered] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);

  useEffect(() => {
    if (registered === null) return;
    const timer = setTimeout(() => setCodeFor(registered), OTP_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [registered]);

  function back() {
    // Opened from a link inside the app: one step back. Opened from outside (a shared URL, a
    // reload): there is no step to go back to, so stay on the page without the popup.
    if (location.key !== "default") {
      navigate(-1);
      return;
    }
    const params = new URLSearchParams(location.search);
    params.delete(AUTH_POPUP_PARAM);
    const search = params.toString();
    navigate(`${location.pathname}${search ? `?${search}` : ""}`, { replace: true });
  }

  const other = (to: AuthPopupKind) => withAuthPopup(location.pathname, location.search, to);

  if (kind === "login") {
    return (
      <Dialog title={webAccountMessages.loginTitle} onClose={back}>
        <LoginForm onLoggedIn={back} signUpTo={other("register")} />
      </Dialog>
    );
  }
  if (codeFor !== null) {
    return (
      <Dialog title={webAccountMessages.otpTitle} onClose={back}>
        <CodeForm
          email={codeFor}
          verify={(form) => verifyRegistration(auth, form)}
          resend={(to) => resendCode(auth, { email: to })}
          onVerified={(answer) => navigate("/login", { state: { notice: answer.message } })}
          onFailed={(failure) => navigate("/register", { state: { failure, email: codeFor } })}
        />
      </Dialog>
    );
  }
  return (
    <Dialog title={webAccountMessages.registerTitle} onClose={back}>
      <RegisterForm onRegistered={setRegistered} loginTo={other("login")} />
    </Dialog>
  );
}
