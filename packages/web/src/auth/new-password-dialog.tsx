import { zodResolver } from "@hookform/resolvers/zod";
import { completePasswordReset, messages, newPasswordFormSchema } from "@katale/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useAccountPorts } from "./use-account-ports.js";

/**
 * The new-password popup of the reset (spec §2, §5): the password twice ('Passwords not the same'
 * when they differ); success goes to /login, which says 'Password reset successfully'.
 */
export function NewPasswordDialog({ resetKey, onClose }: { resetKey: string; onClose: () => void }) {
  const { auth } = useAccountPorts();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", confirmation: "" },
  });
  const { errors, isSubmitting } = formState;
  const text = messages.webAccount;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await completePasswordReset(auth, resetKey, values);
    if (answer.ok) navigate("/login", { replace: true, state: { notice: answer.value.message } });
    else setBanner({ tone: "error", text: answer.error.message });
  });

  return (
    <Dialog title={text.newPasswordTitle} onClose={onClose}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
          <SubmitButton busy={isSubmitting} busyLabel={text.saving}>
            {text.savePassword}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
