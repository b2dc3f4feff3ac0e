import { type Result, type WordedError, webAdminMessages } from "@katale/domain";
import { useState } from "react";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { SubmitButton } from "../ui/submit-button.js";

const text = webAdminMessages;

/**
 * 'Delete X?': runs `remove`; a refusal (the 409 'still holds N products') stays in the dialog,
 * a success closes it and calls `onDeleted`.
 */
export function DeleteDialog({
  name,
  remove,
  onClose,
  onDeleted,
}: {
  name: string;
  remove: () => Promise<Result<void, WordedError>>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [banner, setBanner] = useState<BannerState | null>(null);
  return (
    <Dialog title={text.deleteTitle(name)} description={text.deleteLead} onClose={onClose}>
      <form
        className="flex flex-col gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setBanner(null);
          const answer = await remove();
          setBusy(false);
          if (answer.ok) onDeleted();
          else setBanner({ tone: "error", text: answer.error.message });
        }}
      >
        <Banners state={banner} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" onClick={onClose}>
            {text.cancel}
          </button>
          <SubmitButton busy={busy} busyLabel={text.deleting} className="sm:w-auto">
            {text.delete}
          </SubmitButton>
        </div>
      </form>
    </Dialog>
  );
}
