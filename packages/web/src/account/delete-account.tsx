import { deleteAccount, deleteAccountFormSchema, messages, webAccountMessages } from "@katale/domain";
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { PasswordField } from "../ui/password-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";

/** The password that proves it is the owner; success clears storage and goes to /login. */
function PasswordStep({ onClose }: { onClose: () => void }) {
  const ports = useAccountPorts();
  const navigate = useNavigate();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    deleteAccountFormSchema,
    (values) => deleteAccount(ports, values),
    {
      defaultValues: { password: "" },
      onSuccess: (done) => navigate("/login", { replace: true, state: { notice: done.message } }),
    },
  );
  const text = webAccountMessages;

  return (
    <Dialog title={text.deleteAccount} onClose={onClose} description={text.confirmWithPassword}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PasswordField
          label={messages.login.password}
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton busy={busy} busyLabel={text.deleting}>
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
  const text = webAccountMessages;
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
