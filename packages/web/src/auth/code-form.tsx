import { type AuthOutcome, codeFormSchema, messages, OTP_LENGTH, webAccountMessages } from "@katale/domain";
import { useState } from "react";
import { type BannerState, Banners } from "../ui/banner.js";
import { EmailField } from "../ui/email-field.js";
import { TextField } from "../ui/field.js";
import { failureWords } from "../ui/form-failure.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";

export interface CodeFormProps<T extends object> {
  /** The address the code went to; null asks for it (the OTP page opened without ?email=). */
  readonly email: string | null;
  /** Checks the code (sign-up, reset or e-mail change). */
  readonly verify: (form: { email: string; otp: string }) => Promise<AuthOutcome<T>>;
  /** Sends a new code to the address. */
  readonly resend: (email: string) => Promise<AuthOutcome>;
  readonly onVerified: (answer: T & { message: string }) => void | Promise<void>;
  /** A failed check; the default shows the message under the field. */
  readonly onFailed?: (message: string) => void;
}

/**
 * 'Enter OTP sent to your email address': one code field (digits, at most 5), Continue, and
 * "Didn't receive OTP? Resend" with its answer underneath (spec §2, §5, §8).
 */
export function CodeForm<T extends object>({
  email,
  verify,
  resend,
  onVerified,
  onFailed,
}: CodeFormProps<T>) {
  const [resent, setResent] = useState<BannerState | null>(null);
  const [resending, setResending] = useState(false);
  const { form, onSubmit, busy, banner } = useOutcomeForm(codeFormSchema, verify, {
    defaultValues: { email: email ?? "", otp: "" },
    onSuccess: onVerified,
    ...(onFailed !== undefined && { onFailure: onFailed }),
  });
  const { register, getValues, trigger } = form;
  const { errors } = form.formState;

  async function sendAgain() {
    if (!(await trigger("email"))) return;
    setResending(true);
    setResent(null);
    const answer = await resend(getValues("email"));
    setResending(false);
    setResent(
      answer.ok
        ? { tone: "success", text: answer.value.message }
        : { tone: "error", text: failureWords(answer.error).message },
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-gray-700">{messages.otp.prompt}</p>
      {email === null ? (
        <EmailField label={messages.register.email} error={errors.email?.message} {...register("email")} />
      ) : (
        <p className="text-sm text-gray-600">{webAccountMessages.codeSentTo(email)}</p>
      )}
      <TextField
        label={webAccountMessages.otpLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        className="h-12 w-full rounded-lg border border-gray-300 bg-white px-3 text-center font-mono text-2xl tracking-[0.5em] aria-invalid:border-red-600"
        error={errors.otp?.message}
        {...register("otp")}
      />
      <div className="flex flex-col gap-2">
        <Banners state={banner} />
        <SubmitButton busy={busy} busyLabel={webAccountMessages.verifying}>
          {messages.otp.continue}
        </SubmitButton>
      </div>
      <div className="text-center text-sm text-gray-700">
        {messages.otp.resendPrompt}{" "}
        <button
          type="button"
          className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline disabled:opacity-60"
          onClick={sendAgain}
          disabled={resending}
          aria-busy={resending}
        >
          {resending ? webAccountMessages.sending : messages.otp.resend}
        </button>
        <Banners state={resent} />
      </div>
    </form>
  );
}
