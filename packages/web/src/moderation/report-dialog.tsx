import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  type ReportReason,
  type ReportTarget,
  reportingMessages,
  sendReport,
} from "@katale/domain";
import { type FormEvent, useId, useState } from "react";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { Dialog } from "../ui/dialog.js";
import { inputClass } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";

type State =
  | { readonly kind: "editing"; readonly error?: string }
  | { readonly kind: "sending" }
  | { readonly kind: "sent"; readonly message: string };

/** The reasons as radio buttons, a details box (required for "other") and the service's answer. */
export default function ReportDialog({
  target,
  targetId,
  onClose,
}: {
  target: ReportTarget;
  targetId: number;
  onClose: () => void;
}) {
  const services = useServices();
  const promptLogin = useLoginPrompt();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [state, setState] = useState<State>({ kind: "editing" });
  const detailsId = useId();
  const errorId = useId();
  const words = reportingMessages;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason === null) return;
    setState({ kind: "sending" });
    const { reports } = await services.moderation();
    const sent = await sendReport(
      { reports, storage: services.local },
      { target, targetId, reason, ...(details.trim() && { details }) },
    );
    if (sent.ok) return setState({ kind: "sent", message: sent.value.message });
    if (sent.error.kind === "not-logged-in") {
      onClose();
      promptLogin();
      return;
    }
    setState({ kind: "editing", error: sent.error.message });
  }

  if (state.kind === "sent") {
    return (
      <Dialog title={words.reportTitle(target)} onClose={onClose}>
        <p role="status" className="text-gray-800">
          {state.message}
        </p>
        <button type="button" className="btn-primary mt-4 w-full" onClick={onClose} data-autofocus>
          {words.done}
        </button>
      </Dialog>
    );
  }
  const error = state.kind === "editing" ? state.error : undefined;
  return (
    <Dialog title={words.reportTitle(target)} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-describedby={error ? errorId : undefined}>
        <fieldset>
          <legend className="mb-2 font-medium">{words.reasonLegend}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex min-h-10 items-center gap-2">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {words.reasons[value]}
            </label>
          ))}
        </fieldset>
        <label htmlFor={detailsId} className="mt-3 block font-medium">
          {reason === "other" ? words.details : words.detailsOptional}
        </label>
        <textarea
          id={detailsId}
          className={`${inputClass} mt-1 h-auto min-h-24 w-full py-2`}
          rows={3}
          maxLength={REPORT_DETAILS_MAX}
          required={reason === "other"}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
        />
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <SubmitButton
          busy={state.kind === "sending"}
          disabled={reason === null}
          busyLabel={words.sending}
          className="mt-4 w-full"
        >
          {words.send}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
