import { zodResolver } from "@hookform/resolvers/zod";
import {
  messages,
  PHONE_MAX_LENGTH,
  register as registerAccount,
  registrationFormSchema,
} from "@katale/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, type To } from "react-router";
import { type BannerState, Banners } from "../ui/banner.js";
import { TextField } from "../ui/field.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
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
  const [banner, setBanner] = useState<BannerState | null>(failure ? { tone: "error", text: failure } : null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { name: "", email: "", phone: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  const text = messages.register;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await registerAccount(auth, values);
    if (!answer.ok) {
      setBanner({ tone: "error", text: answer.error.message });
      return;
    }
    setBanner({ tone: "success", text: answer.value.message });
    onRegistered(answer.value.user.email);
  });

  return (
    <>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={text.fullName}
          autoComplete="name"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextField
          label={text.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          label={text.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
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
          <SubmitButton busy={isSubmitting} busyLabel={messages.webAccount.signingUp}>
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
