import { zodResolver } from "@hookform/resolvers/zod";
import { changePassword, changePasswordFormSchema, messages } from "@katale/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";

const blank = { oldPassword: "", newPassword: "", confirmation: "" };

/** Password change: the current one, the new one twice ('Passwords have to be the same'). */
export function ChangePasswordForm() {
  const ports = useAccountPorts();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: blank,
  });
  const { errors, isSubmitting } = formState;
  const text = messages.webAccount;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await changePassword(ports, values);
    if (answer.ok) {
      setBanner({ tone: "success", text: answer.value.message });
      reset(blank);
    } else {
      setBanner({ tone: "error", text: answer.error.message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
        <SubmitButton busy={isSubmitting} busyLabel={text.saving} className="w-full sm:w-auto sm:self-start">
          {text.changePassword}
        </SubmitButton>
      </div>
    </form>
  );
}
