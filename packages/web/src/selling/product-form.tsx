import {
  findMessages,
  followsProductHint,
  messages,
  PRODUCT_IMAGES_MAX,
  webSellingMessages,
} from "@katale/domain";
import { ArrowLeft, Check } from "lucide-react";
import type { ReactNode } from "react";
import { Controller, type UseFormReturn } from "react-hook-form";
import { Link } from "react-router";
import { useCategories, useSubCategoriesOf, useSubCategoryFilters } from "../catalogue/use-catalogue.js";
import { TextAreaField, TextField } from "../ui/field.js";
import { PageTitle } from "../ui/page-title.js";
import { SelectField } from "../ui/select-field.js";
import { ProductFormImages } from "./product-form-images.js";
import type { CheckedProductFormValues, ProductFormValues } from "./product-form-schema.js";

export type ProductFormHandle = UseFormReturn<ProductFormValues, unknown, CheckedProductFormValues>;

/** The owner's product pages: back to the shop's admin page, the title, then the form's card. */
export function ProductFormFrame({
  title,
  backTo,
  children,
}: {
  title: string;
  backTo: string;
  children: ReactNode;
}) {
  return (
    <div className="page max-w-3xl py-4 sm:py-6">
      <Link
        to={backTo}
        className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 text-sm text-gray-700 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" size={18} />
        {webSellingMessages.backToShop}
      </Link>
      <div className="mt-1">
        <PageTitle>{title}</PageTitle>
      </div>
      <div className="mt-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">{children}</div>
    </div>
  );
}

/**
 * The fields of spec §2: name, category, a sub category of that category, description, price in
 * whole UGX, stock, and 1 to 8 images with the hint (a description over 15 words, 3 or more
 * images, the first is the display image).
 */
export function ProductFormFields({ form, busy }: { form: ProductFormHandle; busy: boolean }) {
  const { register, control, formState, watch, setValue } = form;
  const { errors } = formState;
  const text = webSellingMessages;
  const categoryId = watch("categoryId");
  const subCategoryId = watch("subCategoryId");
  const description = watch("description");
  const categories = useCategories();
  const subCategories = useSubCategoriesOf(categoryId ? Number(categoryId) : null);
  const categoryList = categories.data?.ok ? categories.data.value : [];
  const subCategoryList = subCategories.data?.ok ? subCategories.data.value : [];

  return (
    <fieldset disabled={busy} className="grid min-w-0 gap-4 sm:grid-cols-2">
      <TextField
        label={text.productName}
        autoComplete="off"
        error={errors.name?.message}
        frameClassName="sm:col-span-2"
        {...register("name")}
      />
      <Controller
        control={control}
        name="categoryId"
        render={({ field, fieldState }) => (
          <SelectField
            label={text.category}
            placeholder={text.chooseCategory}
            options={categoryList}
            error={fieldState.error?.message}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            // Controlled: the value shows once the options have arrived.
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              // A sub category belongs to one category: choosing another category asks again.
              setValue("subCategoryId", "", { shouldValidate: false });
              setValue("filterValues", {});
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="subCategoryId"
        render={({ field, fieldState }) => (
          <SelectField
            label={text.subCategory}
            placeholder={text.chooseSubCategory}
            options={subCategoryList}
            error={fieldState.error?.message}
            hint={categoryId ? undefined : text.chooseCategoryFirst}
            disabled={!categoryId}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value}
            onChange={(event) => {
              field.onChange(event.target.value);
              // Filters belong to one sub category: another one has its own.
              setValue("filterValues", {});
            }}
          />
        )}
      />
      <Controller
        control={control}
        name="filterValues"
        render={({ field }) => (
          <SubCategoryFilterSelects
            subCategoryId={subCategoryId ? Number(subCategoryId) : null}
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={text.description}
          rows={6}
          error={errors.description?.message}
          {...register("description")}
        />
      </div>
      <TextField
        label={text.price}
        inputMode="numeric"
        autoComplete="off"
        hint={text.priceHint}
        error={errors.price?.message}
        {...register("price")}
      />
      <TextField
        label={text.stock}
        inputMode="numeric"
        autoComplete="off"
        hint={text.stockHint}
        error={errors.inStock?.message}
        {...register("inStock")}
      />
      <div className="sm:col-span-2">
        <Controller
          control={control}
          name="images"
          render={({ field, fieldState }) => (
            <ProductFormImages
              label={text.images}
              hint={
                <>
                  {messages.products.addProductHint}
                  {followsProductHint(description ?? "", field.value.length) && (
                    <span className="mt-1 flex items-center gap-1 font-medium text-green-800">
                      <Check aria-hidden="true" size={16} />
                      {text.hintMet}
                    </span>
                  )}
                </>
              }
              value={field.value}
              onChange={field.onChange}
              max={PRODUCT_IMAGES_MAX}
              error={fieldState.error?.message}
              disabled={busy}
            />
          )}
        />
      </div>
    </fieldset>
  );
}

/** A select for each filter of the chosen sub category (Screen size, Type…), each optional. */
function SubCategoryFilterSelects({
  subCategoryId,
  value,
  onChange,
}: {
  subCategoryId: number | null;
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
}) {
  const filters = useSubCategoryFilters(subCategoryId);
  const list = filters.data?.ok ? filters.data.value : [];
  return list.map((filter) => (
    <SelectField
      key={filter.id}
      label={filter.name}
      placeholder={findMessages.noneChosen}
      options={filter.values}
      value={value[String(filter.id)] ?? ""}
      onChange={(event) => onChange({ ...value, [String(filter.id)]: event.target.value })}
    />
  ));
}
