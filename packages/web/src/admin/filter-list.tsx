import {
  type Filter,
  type FilterValue,
  messages,
  type Result,
  type WordedError,
  webAdminMessages,
} from "@katale/domain";
import {
  type AdminPorts,
  deleteFilter,
  deleteFilterValue,
  renameFilter,
  renameFilterValue,
} from "@katale/domain/admin";
import { Pencil, X } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { TextField } from "../ui/field.js";
import { Spinner } from "../ui/spinner.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { DeleteDialog } from "./delete-dialog.js";
import { useFiltersOf, useRefreshCatalogue } from "./use-admin.js";

const text = webAdminMessages;

const renameForm = z.object({ name: z.string() });

function RenameDialog({
  title,
  name,
  rename,
  onClose,
  onSaved,
}: {
  title: string;
  name: string;
  rename: (name: string) => Promise<Result<unknown, WordedError>>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, onSubmit, busy, banner } = useOutcomeForm(renameForm, (values) => rename(values.name), {
    defaultValues: { name },
    successBanner: false,
    onSuccess: () => onSaved(),
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField label={text.name} error={form.formState.errors.name?.message} {...form.register("name")} />
        <Banners state={banner} />
        <SubmitButton busy={busy} busyLabel={text.saving}>
          {text.save}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

type Open =
  | { readonly action: "rename-filter" | "delete-filter"; readonly filter: Filter }
  | { readonly action: "rename-value" | "delete-value"; readonly value: FilterValue }
  | null;

/** A sub category's filters and their values, each renamed or deleted in place. */
export function FilterList({ ports, subCategoryId }: { ports: AdminPorts; subCategoryId: number }) {
  const filters = useFiltersOf(subCategoryId);
  const refresh = useRefreshCatalogue();
  const [open, setOpen] = useState<Open>(null);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const done = async (line: string) => {
    setOpen(null);
    setBanner({ tone: "success", text: line });
    await refresh();
  };

  if (filters.isPending) return <Spinner label={text.loadingFilters} />;
  const list = filters.data?.ok ? filters.data.value : [];
  return (
    <section className="mt-6 flex flex-col gap-3 border-t border-gray-100 pt-4">
      <h3 className="font-semibold text-gray-900">{text.filtersOf}</h3>
      <Banners state={banner} />
      {list.length === 0 ? (
        <p className="text-sm text-gray-600">{messages.catalogue.noFilters}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((filter) => (
            <li key={filter.id} className="rounded-xl bg-gray-50 p-3 ring-1 ring-gray-200">
              <div className="flex items-center gap-1">
                <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{filter.name}</span>
                <button
                  type="button"
                  className="icon-button text-gray-700 hover:text-brand-700"
                  aria-label={text.edit(filter.name)}
                  onClick={() => setOpen({ action: "rename-filter", filter })}
                >
                  <Pencil aria-hidden="true" size={18} />
                </button>
                <button
                  type="button"
                  className="icon-button text-red-700 hover:text-red-800"
                  aria-label={text.remove(filter.name)}
                  onClick={() => setOpen({ action: "delete-filter", filter })}
                >
                  <X aria-hidden="true" size={18} />
                </button>
              </div>
              {filter.values.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-2">
                  {filter.values.map((value) => (
                    <li
                      key={value.id}
                      className="inline-flex items-center rounded-full bg-white pl-3 text-sm ring-1 ring-gray-300"
                    >
                      <button
                        type="button"
                        className="min-h-9 hover:text-brand-700"
                        aria-label={text.edit(value.name)}
                        onClick={() => setOpen({ action: "rename-value", value })}
                      >
                        {value.name}
                      </button>
                      <button
                        type="button"
                        className="flex h-9 w-9 items-center justify-center rounded-full text-gray-600 hover:text-red-700"
                        aria-label={text.remove(value.name)}
                        onClick={() => setOpen({ action: "delete-value", value })}
                      >
                        <X aria-hidden="true" size={16} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {open?.action === "rename-filter" && (
        <RenameDialog
          title={text.edit(open.filter.name)}
          name={open.filter.name}
          rename={(name) => renameFilter(ports, open.filter.id, name)}
          onClose={() => setOpen(null)}
          onSaved={() => done(text.saved)}
        />
      )}
      {open?.action === "rename-value" && (
        <RenameDialog
          title={text.edit(open.value.name)}
          name={open.value.name}
          rename={(name) => renameFilterValue(ports, open.value.id, name)}
          onClose={() => setOpen(null)}
          onSaved={() => done(text.saved)}
        />
      )}
      {open?.action === "delete-filter" && (
        <DeleteDialog
          name={open.filter.name}
          remove={() => deleteFilter(ports, open.filter.id)}
          onClose={() => setOpen(null)}
          onDeleted={() => done(text.deleted(open.filter.name))}
        />
      )}
      {open?.action === "delete-value" && (
        <DeleteDialog
          name={open.value.name}
          remove={() => deleteFilterValue(ports, open.value.id)}
          onClose={() => setOpen(null)}
          onDeleted={() => done(text.deleted(open.value.name))}
        />
      )}
    </section>
  );
}
