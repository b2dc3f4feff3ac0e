import { changePassword, changePasswordFormSchema, webAccountMessages } from "@katale/domain";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { Banners } from "../ui/banner.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";

const blank = { oldPassword: "", newPassword: "", confirmation: "" };

/** Password change: the current one, the new one twice ('Passwords have to be the same'). */
export function ChangePasswordForm() {
  const ports = useAccountPorts();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    changePasswordFormSchema,
    (values) => changePassword(ports, values),
    { defaultValues: blank, onSuccess: (_done, _values, { reset }) => reset(blank) },
  );
  const { register } = form;
  const { errors } = form.formState;
  const text = webAccountMessages;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PasswordField
        label={text.currentPassword}
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register("oldPassword")}
      />
      <PasswordField
        label={text.newPassword}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register("newPassword")}
      />
      <PasswordField
        label={text.confirmNewPassword}
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register("confirmation")}
      />
      <div className="flex flex-col gap-2">
        <Banners state={banner} />
        <SubmitButton busy={busy} busyLabel={text.saving} className="w-full sm:w-auto sm:self-start">
          {text.changePassword}
        </SubmitButton>
      </div>
    </form>
  );
}
