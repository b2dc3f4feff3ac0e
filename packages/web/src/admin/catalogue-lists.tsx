import {
  type Category,
  type ImageUpload,
  messages,
  type Result,
  type SubCategory,
  type WordedError,
  webAdminMessages,
} from "@katale/domain";
import {
  type AdminPorts,
  deleteCategory,
  deleteSubCategory,
  editCategory,
  editSubCategory,
} from "@katale/domain/admin";
import { ImageOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { ImagePicker } from "../account/image-picker.js";
import { useCategories, useSubCategories } from "../catalogue/use-catalogue.js";
import { useMediaUrl } from "../media/use-media-url.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { Dialog } from "../ui/dialog.js";
import { EmptyState } from "../ui/empty-state.js";
import { ErrorState } from "../ui/error-state.js";
import { TextField } from "../ui/field.js";
import { Spinner } from "../ui/spinner.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { DeleteDialog } from "./delete-dialog.js";
import { useRefreshCatalogue } from "./use-admin.js";

const text = webAdminMessages;

function Thumb({ path, round }: { path: string | null; round?: boolean }) {
  const media = useMediaUrl();
  const src = media(path);
  const shape = round ? "h-20 w-20 rounded-full" : "h-12 w-12 rounded-lg";
  return src ? (
    <img
      src={src}
      alt=""
      width={80}
      height={80}
      className={`${shape} shrink-0 object-cover ring-1 ring-gray-200`}
    />
  ) : (
    <span className={`${shape} flex shrink-0 items-center justify-center bg-gray-100 text-gray-400`}>
      <ImageOff aria-hidden="true" size={20} />
    </span>
  );
}

function IconButton({ label, onClick, danger }: { label: string; onClick: () => void; danger?: boolean }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      className={`icon-button ${danger ? "text-red-700 hover:text-red-800" : "text-gray-700 hover:text-brand-700"}`}
    >
      {danger ? <Trash2 aria-hidden="true" size={18} /> : <Pencil aria-hidden="true" size={18} />}
    </button>
  );
}

const editForm = z.object({ name: z.string(), image: z.custom<ImageUpload | null>() });

/** The edit popup of a category or a sub category: name and a new image (none keeps the old one). */
function EditDialog({
  title,
  name,
  categoryName,
  save,
  onClose,
  onSaved,
}: {
  title: string;
  name: string;
  categoryName?: string;
  save: (values: { name: string; image: ImageUpload | null }) => Promise<Result<unknown, WordedError>>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { form, onSubmit, busy, banner } = useOutcomeForm(editForm, save, {
    defaultValues: { name, image: null },
    successBanner: false,
    onSuccess: () => onSaved(),
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {categoryName !== undefined && (
          <TextField label={text.category} value={categoryName} readOnly disabled />
        )}
        <TextField label={text.name} error={form.formState.errors.name?.message} {...form.register("name")} />
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImagePicker label={text.image} value={field.value} onChange={field.onChange} />
          )}
        />
        <Banners state={banner} />
        <SubmitButton busy={busy} busyLabel={text.saving}>
          {text.save}
        </SubmitButton>
      </form>
    </Dialog>
  );
}

type Open<T> = { readonly action: "edit" | "delete"; readonly item: T } | null;

/** The Categories tab: every category with edit (popup) and delete. */
export function CategoryList({ ports }: { ports: AdminPorts }) {
  const categories = useCategories();
  const refresh = useRefreshCatalogue();
  const [open, setOpen] = useState<Open<Category>>(null);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const done = async (line: string) => {
    setOpen(null);
    setBanner({ tone: "success", text: line });
    await refresh();
  };

  if (categories.isPending) return <Spinner />;
  if (!categories.data?.ok)
    return <ErrorState message={messages.catalogue.failedToLoadCategories} onRetry={categories.refetch} />;
  const list = categories.data.value;
  return (
    <div className="flex flex-col gap-3">
      <Banners state={banner} />
      {list.length === 0 ? (
        <EmptyState>{text.noCategories}</EmptyState>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
          {list.map((category) => (
            <li key={category.id} className="flex items-center gap-3 px-3 py-2 sm:px-4">
              <Thumb path={category.imageUrl} />
              <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{category.name}</span>
              <IconButton
                label={text.edit(category.name)}
                onClick={() => setOpen({ action: "edit", item: category })}
              />
              <IconButton
                danger
                label={text.remove(category.name)}
                onClick={() => setOpen({ action: "delete", item: category })}
              />
            </li>
          ))}
        </ul>
      )}
      {open?.action === "edit" && (
        <EditDialog
          title={text.editCategory}
          name={open.item.name}
          save={(values) =>
            editCategory(ports, open.item.id, {
              name: values.name,
              ...(values.image ? { image: values.image } : {}),
            })
          }
          onClose={() => setOpen(null)}
          onSaved={() => done(text.categoryEdited)}
        />
      )}
      {open?.action === "delete" && (
        <DeleteDialog
          name={open.item.name}
          remove={() => deleteCategory(ports, open.item.id)}
          onClose={() => setOpen(null)}
          onDeleted={() => done(text.deleted(open.item.name))}
        />
      )}
    </div>
  );
}

/** The Sub categories tab: a grid of round images with name, edit ('Edit sub category') and delete. */
export function SubCategoryGrid({ ports }: { ports: AdminPorts }) {
  const subCategories = useSubCategories();
  const categories = useCategories();
  const refresh = useRefreshCatalogue();
  const [open, setOpen] = useState<Open<SubCategory>>(null);
  const [banner, setBanner] = useState<BannerState | null>(null);
  const done = async (line: string) => {
    setOpen(null);
    setBanner({ tone: "success", text: line });
    await refresh();
  };
  const categoryName = (sub: SubCategory) =>
    sub.categoryName ??
    (categories.data?.ok ? categories.data.value.find((c) => c.id === sub.categoryId)?.name : undefined) ??
    "";

  if (subCategories.isPending) return <Spinner />;
  if (!subCategories.data?.ok)
    return (
      <ErrorState message={messages.catalogue.failedToLoadSubCategories} onRetry={subCategories.refetch} />
    );
  const list = subCategories.data.value;
  return (
    <div className="flex flex-col gap-3">
      <Banners state={banner} />
      {list.length === 0 ? (
        <EmptyState>{text.noSubCategories}</EmptyState>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {list.map((sub) => (
            <li
              key={sub.id}
              className="flex flex-col items-center gap-2 rounded-2xl bg-white p-3 text-center shadow-sm ring-1 ring-gray-200"
            >
              <Thumb path={sub.imageUrl} round />
              <span className="w-full truncate text-sm font-medium text-gray-900">{sub.name}</span>
              <span className="-mt-2 w-full truncate text-xs text-gray-600">{categoryName(sub)}</span>
              <div className="flex gap-1">
                <IconButton
                  label={text.edit(sub.name)}
                  onClick={() => setOpen({ action: "edit", item: sub })}
                />
                <IconButton
                  danger
                  label={text.remove(sub.name)}
                  onClick={() => setOpen({ action: "delete", item: sub })}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      {open?.action === "edit" && (
        <EditDialog
          title={messages.catalogue.editSubCategory}
          name={open.item.name}
          categoryName={categoryName(open.item)}
          save={(values) =>
            editSubCategory(ports, open.item.id, {
              name: values.name,
              ...(values.image ? { image: values.image } : {}),
            })
          }
          onClose={() => setOpen(null)}
          onSaved={() => done(messages.catalogue.subCategoryEdited)}
        />
      )}
      {open?.action === "delete" && (
        <DeleteDialog
          name={open.item.name}
          remove={() => deleteSubCategory(ports, open.item.id)}
          onClose={() => setOpen(null)}
          onDeleted={() => done(text.deleted(open.item.name))}
        />
      )}
    </div>
  );
}
