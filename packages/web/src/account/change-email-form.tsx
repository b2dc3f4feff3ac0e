import { zodResolver } from "@hookform/resolvers/zod";
import { confirmEmailChange, emailChangeFormSchema, messages, requestEmailChange } from "@katale/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { CodeForm } from "../auth/code-form.js";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";

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
  const [banner, setBanner] = useState<BannerState | null>(null);
  const [codeFor, setCodeFor] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(emailChangeFormSchema),
    defaultValues: { newEmail: "" },
  });
  const { errors, isSubmitting } = formState;
  const text = messages.webAccount;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await requestEmailChange(ports, values);
    if (!answer.ok) {
      setBanner({ tone: "error", text: answer.error.message });
      return;
    }
    setBanner({ tone: "success", text: answer.value.message });
    setCodeFor(answer.value.newEmail);
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-gray-700">{text.currentEmail(currentEmail)}</p>
        <TextField
          label={text.newEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.newEmail?.message}
          {...register("newEmail")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton
            busy={isSubmitting}
            busyLabel={text.sending}
            className="w-full sm:w-auto sm:self-start"
          >
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
              reset();
              onChanged();
            }}
          />
        </Dialog>
      )}
    </>
  );
}
