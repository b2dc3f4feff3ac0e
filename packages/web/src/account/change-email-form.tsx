import {
  confirmEmailChange,
  emailChangeFormSchema,
  requestEmailChange,
  webAccountMessages,
} from "@katale/domain";
import { useState } from "react";
import { CodeForm } from "../auth/code-form.js";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { EmailField } from "../ui/email-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";

/**
 * E-mail change (spec §2, §4): the new address, 'OTP sent to this email', the code popup, then
 * 'Email changed successfully' and the page shows the new address.
 */
export function ChangeEmailForm({
  currentEmail,
  onChanged,
}: {
  currentEmail: string;
  onChanged: () => void;
}) {
  const ports = useAccountPorts();
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const { form, onSubmit, busy, banner, setBanner } = useOutcomeForm(
    emailChangeFormSchema,
    (values) => requestEmailChange(ports, values),
    { defaultValues: { newEmail: "" }, onSuccess: (sent) => setCodeFor(sent.newEmail) },
  );
  const { errors } = form.formState;
  const text = webAccountMessages;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">{text.currentEmail(currentEmail)}</p>
        <EmailField label={text.newEmail} error={errors.newEmail?.message} {...form.register("newEmail")} />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={text.sending} className="w-full sm:w-auto sm:self-start">
            {text.sendCode}
          </SubmitButton>
        </div>
      </form>
      {codeFor !== null && (
        <Dialog title={text.changeEmail} onClose={() => setCodeFor(null)}>
          <CodeForm
            email={codeFor}
            verify={(form) => confirmEmailChange(ports, { newEmail: form.email, otp: form.otp })}
            resend={(newEmail) => requestEmailChange(ports, { newEmail })}
            onVerified={(answer) => {
              setCodeFor(null);
              setBanner({ tone: "success", text: answer.message });
              form.reset();
              onChanged();
            }}
          />
        </Dialog>
      )}
    </>
  );
}
