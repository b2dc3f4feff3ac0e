import { resendCode, verifyRegistration, webAccountMessages } from "@katale/domain";
import { useNavigate } from "react-router";
import { Dialog } from "../ui/dialog.js";
import { CodeForm } from "./code-form.js";
import { useAccountPorts } from "./use-account-ports.js";

/**
 * The OTP popup after sign-up: success goes to /login with the welcome line; a failure goes to
 * /register with its message (spec §2, §8), where the code can be entered again.
 */
export function SignUpCodeDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { auth } = useAccountPorts();
  const navigate = useNavigate();
  return (
    <Dialog title={webAccountMessages.otpTitle} onClose={onClose}>
      <CodeForm
        email={email}
        verify={(form) => verifyRegistration(auth, form)}
        resend={(to) => resendCode(auth, { email: to })}
        onVerified={(answer) => navigate("/login", { state: { notice: answer.message } })}
        onFailed={(failure) => navigate("/register", { state: { failure, email } })}
      />
    </Dialog>
  );
}
