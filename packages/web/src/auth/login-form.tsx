import {
  login,
  loginFormSchema,
  messages,
  SUCCESS_BANNER_SHORT_MS,
  webAccountMessages,
} from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { Link, type To } from "react-router";
import { forgetSignedInData } from "../engagement/engagement-keys.js";
import { Banners } from "../ui/banner.js";
import { TextField } from "../ui/field.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { SocialLogin } from "./social-login.js";
import { useAccountPorts } from "./use-account-ports.js";
import { wait } from "./wait.js";

export interface LoginFormProps {
  /** After the success banner has shown: where to go is the page's or the popup's business. */
  readonly onLoggedIn: () => void;
  /** A success line carried over from the previous step (e.g. 'Password reset successfully'). */
  readonly notice?: string | undefined;
  /** 'New here? Sign up': /register, or the register popup in the popup variant. */
  readonly signUpTo?: To;
}

/**
 * 'Phone No/Email' and Password (show/hide), both required; 'Forgot password?'; Login with its
 * loading state; success and error banners (spec §2, §5, §8); 'Or login using'; 'New here? Sign up'.
 */
export function LoginForm({ onLoggedIn, notice, signUpTo = "/register" }: LoginFormProps) {
  const ports = useAccountPorts();
  const client = useQueryClient();
  const { form, onSubmit, busy, banner } = useOutcomeForm(loginFormSchema, (values) => login(ports, values), {
    defaultValues: { username: "", password: "" },
    initialBanner: notice ? { tone: "success", text: notice } : null,
    onSuccess: async () => {
      forgetSignedInData(client);
      await wait(SUCCESS_BANNER_SHORT_MS);
      onLoggedIn();
    },
  });
  const { register } = form;
  const { errors } = form.formState;
  const text = messages.login;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={text.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register("username")}
        />
        <div className="flex flex-col gap-1">
          <PasswordField
            label={text.password}
            autoComplete="current-password"
            error={errors.password?.message}
            {...register("password")}
          />
          <Link to="/forgot" className="self-end py-2 text-sm text-brand-700 hover:underline">
            {text.forgotPassword}
          </Link>
        </div>
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={webAccountMessages.loggingIn}>
            {text.submit}
          </SubmitButton>
        </div>
      </form>
      <SocialLogin />
      <p className="mt-6 text-center text-sm">
        <Link to={signUpTo} className="font-medium text-brand-700 hover:underline">
          {text.newHere}
        </Link>
      </p>
    </>
  );
}
