import {
  emailFormSchema,
  messages,
  requestPasswordReset,
  verifyResetCode,
  webAccountMessages,
} from "@katale/domain";
import { useState } from "react";
import { Link } from "react-router";
import { Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { EmailField } from "../ui/email-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { AuthCard } from "./auth-card.js";
import { CodeForm } from "./code-form.js";
import { NewPasswordDialog } from "./new-password-dialog.js";
import { useAccountPorts } from "./use-account-ports.js";

type Step =
  | { readonly at: "email" }
  | { readonly at: "code"; readonly email: string }
  | { readonly at: "password"; readonly key: string };

/**
 * /forgot: the email, 'Code sent to email', the OTP popup, then the new-password popup; success
 * goes to /login (spec §2, §4).
 */
export default function ForgotPage() {
  const { auth } = useAccountPorts();
  const [step, setStep] = useState<Step>({ at: "email" });
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    emailFormSchema,
    (values) => requestPasswordReset(auth, values),
    {
      defaultValues: { email: "" },
      onSuccess: (_sent, values) => setStep({ at: "code", email: values.email }),
    },
  );
  const { errors } = form.formState;
  const text = webAccountMessages;

  return (
    <AuthCard title={text.forgotTitle}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <p className="text-gray-700">{text.forgotLead}</p>
        <EmailField
          label={messages.register.email}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={text.sending}>
            {text.sendCode}
          </SubmitButton>
        </div>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-700 hover:underline">
          {messages.header.logIn}
        </Link>
      </p>
      {step.at === "code" && (
        <Dialog title={text.resetCodeTitle} onClose={() => setStep({ at: "email" })}>
          <CodeForm
            email={step.email}
            verify={(form) => verifyResetCode(auth, form)}
            resend={(email) => requestPasswordReset(auth, { email })}
            onVerified={(answer) => setStep({ at: "password", key: answer.key })}
          />
        </Dialog>
      )}
      {step.at === "password" && (
        <NewPasswordDialog resetKey={step.key} onClose={() => setStep({ at: "email" })} />
      )}
    </AuthCard>
  );
}
