import { findMessages } from "@katale/domain";
import { BookmarkPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { Banner } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { TextField } from "../ui/field.js";
import { useNotice } from "../ui/notices.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useSavedSearchWrites } from "./use-saved-searches.js";

const text = findMessages;

/**
 * "Save this search": asks for a name (the page's title to start with) and saves the browse query
 * string. A visitor gets the login-needed popup instead.
 */
export function SaveSearchButton({ query, suggestedName }: { query: string; suggestedName: string }) {
  const { local } = useServices();
  const askLogin = useLoginPrompt();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        aria-haspopup="dialog"
        onClick={() => (local.get("token") === null ? askLogin() : setOpen(true))}
      >
        <BookmarkPlus aria-hidden="true" size={18} />
        {text.saveSearch}
      </button>
      {open && (
        <SaveSearchDialog query={query} suggestedName={suggestedName} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

function SaveSearchDialog({
  query,
  suggestedName,
  onClose,
}: {
  query: string;
  suggestedName: string;
  onClose: () => void;
}) {
  const { save } = useSavedSearchWrites();
  const askLogin = useLoginPrompt();
  const notify = useNotice();
  const [name, setName] = useState(suggestedName.slice(0, 100));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const saved = await save(name, query);
    setBusy(false);
    if (saved.ok) {
      notify(text.saved);
      onClose();
    } else if (saved.error.kind === "not-logged-in") {
      onClose();
      askLogin();
    } else setFailure(saved.error.message);
  };
  return (
    <Dialog title={text.saveSearch} onClose={() => !busy && onClose()}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={text.searchName}
          value={name}
          maxLength={100}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <Banner tone="error">{failure ?? undefined}</Banner>
        <SubmitButton busy={busy} busyLabel={text.saving}>
          {text.save}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
