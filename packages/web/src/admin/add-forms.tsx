import { adminServerMessages, type ImageUpload, messages, webAdminMessages } from "@katale/domain";
import {
  type AdminPorts,
  addCategory,
  addFilter,
  addFilterValue,
  addSubCategory,
} from "@katale/domain/admin";
import type { ReactNode } from "react";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { ImagePicker } from "../account/image-picker.js";
import { useCategories, useSubCategories } from "../catalogue/use-catalogue.js";
import { Banners } from "../ui/banner.js";
import { TextField } from "../ui/field.js";
import { SelectField } from "../ui/select-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { FilterList } from "./filter-list.js";
import { useFiltersOf, useRefreshCatalogue } from "./use-admin.js";

const text = webAdminMessages;
const image = z.custom<ImageUpload | null>();
const chosen = (message: string) => z.string().regex(/^\d+$/, message).transform(Number);

/** The card the add forms sit in. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Submit({ busy }: { busy: boolean }) {
  return (
    <SubmitButton busy={busy} busyLabel={text.creating} className="w-full sm:w-auto sm:self-start">
      {text.create}
    </SubmitButton>
  );
}

const categoryForm = z.object({ name: z.string(), image });

/** Add category: name and image; 'Category successfully created' or 'category already exists'. */
export function AddCategoryForm({ ports }: { ports: AdminPorts }) {
  const refresh = useRefreshCatalogue();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    categoryForm,
    (values) => addCategory(ports, { name: values.name, ...(values.image ? { image: values.image } : {}) }),
    {
      defaultValues: { name: "", image: null },
      onSuccess: async (_value, _values, f) => {
        f.reset();
        await refresh();
      },
    },
  );
  return (
    <FormCard title={text.tabAddCategory}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label={text.categoryName}
          error={form.formState.errors.name?.message}
          {...form.register("name")}
        />
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImagePicker label={text.image} value={field.value} onChange={field.onChange} />
          )}
        />
        <Banners state={banner} />
        <Submit busy={busy} />
      </form>
    </FormCard>
  );
}

const subCategoryForm = z.object({
  categoryId: chosen(adminServerMessages.categoryRequired),
  name: z.string(),
  image,
});

/** Add sub category: the category ('--- Select a category ---'), name, image. */
export function AddSubCategoryForm({ ports }: { ports: AdminPorts }) {
  const refresh = useRefreshCatalogue();
  const categories = useCategories();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    subCategoryForm,
    (values) =>
      addSubCategory(ports, {
        categoryId: values.categoryId,
        name: values.name,
        ...(values.image ? { image: values.image } : {}),
      }),
    {
      defaultValues: { categoryId: "", name: "", image: null },
      onSuccess: async (_value, values, f) => {
        f.reset({ categoryId: String(values.categoryId), name: "", image: null });
        await refresh();
      },
    },
  );
  const { errors } = form.formState;
  return (
    <FormCard title={text.tabAddSubCategory}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label={text.category}
          placeholder={messages.catalogue.selectCategoryOption}
          options={categories.data?.ok ? categories.data.value : []}
          hint={
            categories.data && !categories.data.ok ? messages.catalogue.failedToLoadCategories : undefined
          }
          error={errors.categoryId?.message}
          {...form.register("categoryId")}
        />
        <TextField label={text.subCategoryName} error={errors.name?.message} {...form.register("name")} />
        <Controller
          control={form.control}
          name="image"
          render={({ field }) => (
            <ImagePicker label={text.image} value={field.value} onChange={field.onChange} />
          )}
        />
        <Banners state={banner} />
        <Submit busy={busy} />
      </form>
    </FormCard>
  );
}

const filterForm = z.object({
  subCategoryId: chosen(adminServerMessages.subCategoryRequired),
  name: z.string(),
});

/** Add filter: the sub category, the filter's name; 'filter name already exists' when its sub category has it. */
export function AddFilterForm({ ports }: { ports: AdminPorts }) {
  const refresh = useRefreshCatalogue();
  const subCategories = useSubCategories();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    filterForm,
    (values) => addFilter(ports, { subCategoryId: values.subCategoryId, name: values.name }),
    {
      defaultValues: { subCategoryId: "", name: "" },
      onSuccess: async (_value, values, f) => {
        f.reset({ subCategoryId: String(values.subCategoryId), name: "" });
        await refresh();
      },
    },
  );
  const { errors } = form.formState;
  const subCategoryId = form.watch("subCategoryId");
  return (
    <FormCard title={text.tabAddFilter}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label={text.subCategory}
          placeholder={text.selectSubCategory}
          options={subCategories.data?.ok ? subCategories.data.value : []}
          error={errors.subCategoryId?.message}
          {...form.register("subCategoryId")}
        />
        <TextField label={text.filterName} error={errors.name?.message} {...form.register("name")} />
        <Banners state={banner} />
        <Submit busy={busy} />
      </form>
      {/^\d+$/.test(subCategoryId) && <FilterList ports={ports} subCategoryId={Number(subCategoryId)} />}
    </FormCard>
  );
}

const filterValueForm = z.object({
  subCategoryId: z.string(),
  filterId: chosen(adminServerMessages.filterRequired),
  name: z.string(),
});

/** Add filter value: the sub category, then its filters ('no filters' when none load), then the value. */
export function AddFilterValueForm({ ports }: { ports: AdminPorts }) {
  const refresh = useRefreshCatalogue();
  const subCategories = useSubCategories();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    filterValueForm,
    (values) => addFilterValue(ports, { filterId: values.filterId, name: values.name }),
    {
      defaultValues: { subCategoryId: "", filterId: "", name: "" },
      onSuccess: async (_value, values, f) => {
        f.reset({ subCategoryId: values.subCategoryId, filterId: String(values.filterId), name: "" });
        await refresh();
      },
    },
  );
  const { errors } = form.formState;
  const subCategoryId = form.watch("subCategoryId");
  const filters = useFiltersOf(/^\d+$/.test(subCategoryId) ? Number(subCategoryId) : null);
  const filterOptions = filters.data?.ok ? filters.data.value : [];
  const noFilters =
    subCategoryId !== "" && !filters.isPending && (!filters.data?.ok || filterOptions.length === 0);
  const subCategoryField = form.register("subCategoryId");
  return (
    <FormCard title={text.tabAddFilterValue}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SelectField
          label={text.subCategory}
          placeholder={text.selectSubCategory}
          options={subCategories.data?.ok ? subCategories.data.value : []}
          {...subCategoryField}
          onChange={async (event) => {
            await subCategoryField.onChange(event);
            form.setValue("filterId", "");
          }}
        />
        <SelectField
          label={text.filter}
          placeholder={text.selectFilter}
          options={filterOptions}
          disabled={subCategoryId === "" || filterOptions.length === 0}
          hint={
            noFilters ? messages.catalogue.noFilters : filters.isFetching ? text.loadingFilters : undefined
          }
          error={errors.filterId?.message}
          {...form.register("filterId")}
        />
        <TextField label={text.filterValue} error={errors.name?.message} {...form.register("name")} />
        <Banners state={banner} />
        <Submit busy={busy} />
      </form>
    </FormCard>
  );
}
