import { OTP_POPUP_DELAY_MS, webAccountMessages } from "@katale/domain";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { AuthCard } from "./auth-card.js";
import { noticeOf } from "./auth-notice.js";
import { RegisterForm } from "./register-form.js";
import { SignUpCodeDialog } from "./sign-up-code-dialog.js";

/** /register: 'Registration successful', then after 1 s the OTP popup (spec §2, §4). */
export default function RegisterPage() {
  // Coming back here from a failed OTP popup starts afresh, with that failure in the banner.
  return <RegisterScreen key={useLocation().key} />;
}

function RegisterScreen() {
  const location = useLocation();
  const carried = noticeOf(location);
  const [registered, setRegistered] = useState<string | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);

  useEffect(() => {
    if (registered === null) return;
    const timer = setTimeout(() => setCodeFor(registered), OTP_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [registered]);

  return (
    <AuthCard title={webAccountMessages.registerTitle}>
      {carried.email && (
        <p className="mb-4 text-sm">
          <Link
            to={`/otp-verification?email=${encodeURIComponent(carried.email)}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {webAccountMessages.enterCodeAgain}
          </Link>
        </p>
      )}
      <RegisterForm failure={carried.failure} onRegistered={setRegistered} />
      {codeFor !== null && <SignUpCodeDialog email={codeFor} onClose={() => setCodeFor(null)} />}
    </AuthCard>
  );
}
