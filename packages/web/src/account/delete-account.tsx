import { zodResolver } from "@hookform/resolvers/zod";
import { deleteAccount, deleteAccountFormSchema, messages } from "@katale/domain";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";

/** The password that proves it is the owner; success clears storage and goes to /login. */
function PasswordStep({ onClose }: { onClose: () => void }) {
  const ports = useAccountPorts();
  const navigate = useNavigate();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(deleteAccountFormSchema),
    defaultValues: { password: "" },
  });
  const text = messages.webAccount;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await deleteAccount(ports, values);
    if (answer.ok) navigate("/login", { replace: true, state: { notice: answer.value.message } });
    else setBanner({ tone: "error", text: answer.error.message });
  });

  return (
    <Dialog title={text.deleteAccount} onClose={onClose} description={text.confirmWithPassword}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label={messages.login.password}
          autoComplete="current-password"
          error={formState.errors.password?.message}
          {...register("password")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={formState.isSubmitting} busyLabel={text.deleting}>
            {text.deleteForGood}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}

/** Account deletion (spec §2): 'Are you sure…?' Yes / No, then the password. */
export function DeleteAccount() {
  const [step, setStep] = useState<"idle" | "confirm" | "password">("idle");
  const text = messages.webAccount;
  const close = () => setStep("idle");
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-gray-700">{text.deleteWarning}</p>
      <button
        type="button"
        className="btn-secondary self-start border-red-300 text-red-700 hover:bg-red-50"
        aria-haspopup="dialog"
        onClick={() => setStep("confirm")}
      >
        <Trash2 aria-hidden="true" size={18} />
        {text.deleteAccount}
      </button>
      {step === "confirm" && (
        <Dialog title={text.deleteAccount} onClose={close} description={messages.account.confirmDelete}>
          <div className="grid grid-cols-2 gap-3">
            <button type="button" className="btn-secondary" data-autofocus onClick={close}>
              {messages.account.no}
            </button>
            <button type="button" className="btn-primary" onClick={() => setStep("password")}>
              {messages.account.yes}
            </button>
          </div>
        </Dialog>
      )}
      {step === "password" && <PasswordStep onClose={close} />}
    </div>
  );
}
