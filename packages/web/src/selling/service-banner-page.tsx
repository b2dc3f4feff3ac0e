import {
  categoryIdField,
  err,
  messages,
  PRODUCT_CREATE_ERROR_MS,
  priceField,
  productDescriptionField,
  SERVICE_BANNER_IMAGE_COUNT,
  SERVICE_REDIRECT_MS,
  SERVICES_CATEGORY_ID,
  type Shop,
  serviceTitleField,
  webSellingMessages,
} from "@katale/domain";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { z } from "zod";
import { useSubCategoriesOf } from "../catalogue/use-catalogue.js";
import { UploadProgress } from "../media/upload-progress.js";
import { uploadCancelledFailure, useUploadSession } from "../media/use-upload-session.js";
import { Banners } from "../ui/banner.js";
import { FieldFrame, inputClass, TextAreaField, TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { ShopChoiceState } from "./add-product-page.js";
import { ProductFormFrame } from "./product-form.js";
import { type PickedImage, ProductFormImages } from "./product-form-images.js";
import { shopAdminPath, useChosenShop, useProductsChanged } from "./product-form-shop.js";
import { useProductWrites } from "./use-product-writes.js";

/** A service is listed while its stock is above 0: one, for as long as it is offered. */
const SERVICE_STOCK = 1;

interface ServiceBannerValues {
  title: string;
  subCategoryId: string;
  price: string;
  description: string;
  images: PickedImage[];
}

/** Spec §5: title, category, price, description and the image required. */
const serviceBannerSchema = z.object({
  title: serviceTitleField,
  subCategoryId: categoryIdField,
  price: z.preprocess(
    (value) =>
      typeof value === "string" && /^[\d\s,]+$/.test(value.trim()) ? value.replace(/[\s,]/g, "") : value,
    priceField,
  ),
  description: productDescriptionField,
  images: z
    .array(z.custom<PickedImage>((value) => typeof value === "object" && value !== null && "key" in value))
    .min(SERVICE_BANNER_IMAGE_COUNT, messages.selling.imagesRequired)
    .max(SERVICE_BANNER_IMAGE_COUNT, messages.selling.imagesTooMany),
}) as unknown as z.ZodType<
  { title: string; subCategoryId: number; price: number; description: string; images: PickedImage[] },
  ServiceBannerValues
>;

const blank: ServiceBannerValues = { title: "", subCategoryId: "", price: "", description: "", images: [] };

/** /account/add-service-banner?shop=ID: 'Add Service' (spec §2, §4). */
export default function ServiceBannerPage() {
  const choice = useChosenShop();
  if (choice.state === "ready") return <ServiceBannerForm shop={choice.shop} />;
  return (
    <ProductFormFrame title={messages.services.addService} backTo="/shops/all-shops">
      <ShopChoiceState choice={choice} />
    </ProductFormFrame>
  );
}

/**
 * A service is a product of category 5 with one image. Posting stores the new product's id
 * (activeProduct) and opens /item 3 s later (spec §4, §9).
 */
function ServiceBannerForm({ shop }: { shop: Shop }) {
  const writes = useProductWrites();
  const navigate = useNavigate();
  const changed = useProductsChanged();
  const subCategories = useSubCategoriesOf(SERVICES_CATEGORY_ID);
  const upload = useUploadSession();
  const [posted, setPosted] = useState(false);
  const text = messages.services;
  const words = webSellingMessages;

  useEffect(() => {
    if (!posted) return;
    const timer = setTimeout(() => navigate("/item"), SERVICE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [posted, navigate]);

  const { form, onSubmit, busy, banner } = useOutcomeForm(
    serviceBannerSchema,
    (values) =>
      upload.run(async (onStage, cancelled) => {
        try {
          const images = await writes.prepareUploads(values.images, onStage, cancelled);
          const answer = await writes.add(shop.id, {
            name: values.title,
            categoryId: SERVICES_CATEGORY_ID,
            subCategoryId: values.subCategoryId,
            description: values.description,
            price: values.price,
            inStock: SERVICE_STOCK,
            images,
          });
          return answer.ok || answer.error.kind !== "invalid-form"
            ? answer
            : err({ ...answer.error, fields: renamed(answer.error.fields) });
        } catch {
          return err({ kind: "network" as const, message: messages.products.createFailed });
        }
      }),
    {
      defaultValues: blank,
      successBanner: false,
      bannerLastsMs: (failure) =>
        failure === null || failure === uploadCancelledFailure ? undefined : PRODUCT_CREATE_ERROR_MS,
      onSuccess: (done) => {
        writes.rememberAdded(shop.id, done.product.id);
        changed();
        setPosted(true);
      },
    },
  );
  const { register, control, formState } = form;
  const { errors } = formState;
  const services = subCategories.data?.ok ? subCategories.data.value : [];
  const working = busy || posted;

  return (
    <ProductFormFrame title={text.addService} backTo={shopAdminPath(shop.id)}>
      <p className="-mt-1 mb-4 text-sm text-gray-600">{shop.name}</p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-busy={busy}>
        <fieldset disabled={working} className="grid min-w-0 gap-4">
          <TextField
            label={text.bannerTitle}
            autoComplete="off"
            error={errors.title?.message}
            {...register("title")}
          />
          <FieldFrame id="service-category" label={text.category} error={errors.subCategoryId?.message}>
            <select
              id="service-category"
              className={inputClass}
              aria-invalid={errors.subCategoryId ? true : undefined}
              aria-describedby={errors.subCategoryId ? "service-category-message" : undefined}
              {...register("subCategoryId")}
            >
              <option value="">{words.chooseCategory}</option>
              {services.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField
            label={text.price}
            inputMode="numeric"
            autoComplete="off"
            hint={words.priceHint}
            error={errors.price?.message}
            {...register("price")}
          />
          <TextAreaField
            label={text.description}
            rows={6}
            error={errors.description?.message}
            {...register("description")}
          />
          <Controller
            control={control}
            name="images"
            render={({ field, fieldState }) => (
              <ProductFormImages
                label={words.images}
                value={field.value}
                onChange={field.onChange}
                max={SERVICE_BANNER_IMAGE_COUNT}
                error={fieldState.error?.message}
                disabled={working}
              />
            )}
          />
        </fieldset>
        <div className="flex flex-col gap-3">
          <UploadProgress stage={upload.stage} onCancel={upload.cancel} />
          <Banners
            state={
              posted ? { tone: "success", text: `${words.servicePosted}. ${words.redirecting}` } : banner
            }
          />
          <SubmitButton
            busy={busy}
            busyLabel={text.posting}
            disabled={posted}
            className="w-full sm:w-auto sm:self-start"
          >
            {text.post}
          </SubmitButton>
        </div>
      </form>
    </ProductFormFrame>
  );
}

/** The product's field names as the service form names them. */
function renamed(fields: Readonly<Record<string, string>> | undefined) {
  if (fields === undefined) return undefined;
  const { name, subCategoryId, categoryId, ...rest } = fields;
  return {
    ...rest,
    ...(name !== undefined ? { title: name } : {}),
    ...((subCategoryId ?? categoryId) !== undefined ? { subCategoryId: subCategoryId ?? categoryId } : {}),
  } as Record<string, string>;
}
