import { completePasswordReset, newPasswordFormSchema, webAccountMessages } from "@katale/domain";
import { useNavigate } from "react-router";
import { Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { useAccountPorts } from "./use-account-ports.js";

/**
 * The new-password popup of the reset (spec §2, §5): the password twice ('Passwords not the same'
 * when they differ); success goes to /login, which says 'Password reset successfully'.
 */
export function NewPasswordDialog({ resetKey, onClose }: { resetKey: string; onClose: () => void }) {
  const { auth } = useAccountPorts();
  const navigate = useNavigate();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    newPasswordFormSchema,
    (values) => completePasswordReset(auth, resetKey, values),
    {
      defaultValues: { password: "", confirmation: "" },
      onSuccess: (done) => navigate("/login", { replace: true, state: { notice: done.message } }),
    },
  );
  const { register } = form;
  const { errors } = form.formState;
  const text = webAccountMessages;

  return (
    <Dialog title={text.newPasswordTitle} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label={text.newPassword}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <PasswordField
          label={text.confirmPassword}
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...register("confirmation")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={text.saving}>
            {text.savePassword}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
