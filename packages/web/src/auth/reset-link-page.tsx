import { openResetLink, webAccountMessages } from "@katale/domain";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Banner } from "../ui/banner.js";
import { Spinner } from "../ui/spinner.js";
import { AuthCard } from "./auth-card.js";
import { NewPasswordDialog } from "./new-password-dialog.js";
import { useAccountPorts } from "./use-account-ports.js";

/**
 * /reset-password-link?email=…&otp=…: the link of the reset e-mail. Verifies the code at once, then
 * shows the new-password popup (spec §2). The query is removed from the address once read.
 */
export default function ResetLinkPage() {
  const { auth } = useAccountPorts();
  const [params, setParams] = useSearchParams();
  // Read once: the address bar then drops the code, so it stays out of the history, of a shared
  // screen and of any link followed from here (the code works once anyway).
  const [{ email, otp }] = useState(() => ({ email: params.get("email"), otp: params.get("otp") }));
  useEffect(() => {
    if (params.has("otp") || params.has("email")) setParams({}, { replace: true });
  }, [params, setParams]);
  const [closed, setClosed] = useState(false);
  // A code works once: never check it twice (no retries, no refetching).
  const checked = useQuery({
    queryKey: ["reset-link", email, otp],
    queryFn: () => openResetLink(auth, { email, otp }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data;
  const text = webAccountMessages;

  return (
    <AuthCard title={text.newPasswordTitle}>
      {checked === undefined ? (
        <Spinner label={text.checkingLink} />
      ) : checked.ok ? (
        <>
          <Banner tone="success">{checked.value.message}</Banner>
          {closed ? (
            <button type="button" className="btn-primary mt-4 w-full" onClick={() => setClosed(false)}>
              {text.newPasswordTitle}
            </button>
          ) : (
            <NewPasswordDialog resetKey={checked.value.key} onClose={() => setClosed(true)} />
          )}
        </>
      ) : (
        <>
          <Banner tone="error">{checked.error.message}</Banner>
          <Link to="/forgot" className="btn-primary mt-4 w-full">
            {text.requestNewCode}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
