import {
  messages,
  PHONE_MAX_LENGTH,
  register as registerAccount,
  registrationFormSchema,
  webAccountMessages,
} from "@katale/domain";
import { Link, type To } from "react-router";
import { Banners } from "../ui/banner.js";
import { EmailField } from "../ui/email-field.js";
import { TextField } from "../ui/field.js";
import { PasswordField } from "../ui/password-field.js";
import { PhoneField } from "../ui/phone-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { SocialLogin } from "./social-login.js";
import { useAccountPorts } from "./use-account-ports.js";

export interface RegisterFormProps {
  /** Called with the new account's email once 'Registration successful' shows. */
  readonly onRegistered: (email: string) => void;
  /** A failure carried over (the OTP popup's), shown in the error banner until the next try. */
  readonly failure?: string | undefined;
  /** 'I have an account': /login, or the login popup in the popup variant. */
  readonly loginTo?: To;
}

/** Sign-up: Full Name, Email, Phone Number (at most 10), Password with show/hide (spec §2, §5). */
export function RegisterForm({ onRegistered, failure, loginTo = "/login" }: RegisterFormProps) {
  const { auth } = useAccountPorts();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    registrationFormSchema,
    (values) => registerAccount(auth, values),
    {
      defaultValues: { name: "", email: "", phone: "", password: "" },
      initialBanner: failure ? { tone: "error", text: failure } : null,
      onSuccess: (done) => onRegistered(done.user.email),
    },
  );
  const { register } = form;
  const { errors } = form.formState;
  const text = messages.register;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={text.fullName}
          autoComplete="name"
          error={errors.name?.message}
          {...register("name")}
        />
        <EmailField label={text.email} error={errors.email?.message} {...register("email")} />
        <PhoneField
          label={text.phone}
          maxLength={PHONE_MAX_LENGTH}
          error={errors.phone?.message}
          {...register("phone")}
        />
        <PasswordField
          label={text.password}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={webAccountMessages.signingUp}>
            {text.submit}
          </SubmitButton>
        </div>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link to={loginTo} className="font-medium text-brand-700 hover:underline">
          {text.haveAccount}
        </Link>
      </p>
      <SocialLogin />
    </>
  );
}
