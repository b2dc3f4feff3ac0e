import { resendCode, verifyRegistration, webAccountMessages } from "@katale/domain";
import { useNavigate, useSearchParams } from "react-router";
import { AuthCard } from "./auth-card.js";
import { CodeForm } from "./code-form.js";
import { useAccountPorts } from "./use-account-ports.js";

/** /otp-verification?email=…: the code for that address; success goes to /login (spec §2). */
export default function OtpPage() {
  const { auth } = useAccountPorts();
  const navigate = useNavigate();
  const email = useSearchParams()[0].get("email")?.trim() || null;
  return (
    <AuthCard title={webAccountMessages.otpTitle}>
      <CodeForm
        email={email}
        verify={(form) => verifyRegistration(auth, form)}
        resend={(to) => resendCode(auth, { email: to })}
        onVerified={(answer) => navigate("/login", { state: { notice: answer.message } })}
      />
    </AuthCard>
  );
}
