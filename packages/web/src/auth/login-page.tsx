import { webAccountMessages } from "@katale/domain";
import { useLocation, useNavigate } from "react-router";
import { AuthCard } from "./auth-card.js";
import { noticeOf } from "./auth-notice.js";
import { LoginForm } from "./login-form.js";
import { useReturnPath } from "./use-return-path.js";

/** /login: after success, back to the stored same-origin previousUrl, otherwise / (spec §2). */
export default function LoginPage() {
  const returnPath = useReturnPath();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <AuthCard title={webAccountMessages.loginTitle}>
      <LoginForm
        key={location.key}
        notice={noticeOf(location).notice}
        onLoggedIn={() => navigate(returnPath.take(), { replace: true })}
      />
    </AuthCard>
  );
}
