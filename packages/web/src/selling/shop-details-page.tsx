import {
  type ImageUpload,
  messages,
  PHONE_MAX_LENGTH,
  type Shop,
  type ShopDetailsForm,
  shopDetailsFormSchema,
  shopOwnerMessages,
} from "@katale/domain";
import { Controller } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { AccountCard, AccountFrame } from "../account/account-frame.js";
import { ImagePicker } from "../account/image-picker.js";
import { UploadProgress } from "../media/upload-progress.js";
import { useUploadSession } from "../media/use-upload-session.js";
import { Banners } from "../ui/banner.js";
import { EmailField } from "../ui/email-field.js";
import { TextAreaField } from "../ui/field.js";
import { useNotice } from "../ui/notices.js";
import { PhoneField } from "../ui/phone-field.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { OwnShopGate } from "./shop-own-gate.js";
import { adminShopPath, useShopChanged, useShopParam } from "./shop-queries.js";
import { useShopWrites } from "./use-shop-writes.js";

const text = shopOwnerMessages;

/**
 * /account/shop-details: email, bio, phone, display image, cover photo (spec §2). Skip opens the
 * shop's admin page; Finish saves and opens /shops/all-shops on My shops.
 */
export default function ShopDetailsPage() {
  const shopId = useShopParam();
  return (
    <AccountFrame title={text.shopDetailsTitle}>
      <OwnShopGate shopRef={shopId}>{(shop) => <DetailsForm shop={shop} />}</OwnShopGate>
    </AccountFrame>
  );
}

function DetailsForm({ shop }: { shop: Shop }) {
  const writes = useShopWrites();
  const navigate = useNavigate();
  const notify = useNotice();
  const shopChanged = useShopChanged();
  // The pictures were shrunk when picked; sending them shows the bytes sent, and Cancel saves nothing.
  const upload = useUploadSession();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    shopDetailsFormSchema,
    (values) =>
      upload.run((onStage) => {
        const pictures = [values.displayImage, values.coverImage].filter(Boolean).length;
        if (pictures > 0) onStage({ step: "uploading", total: pictures });
        return writes.saveDetails(shop.id, values as ShopDetailsForm);
      }),
    {
      defaultValues: {
        email: shop.email ?? "",
        bio: shop.bio,
        phone: shop.phone ?? "",
        displayImage: undefined,
        coverImage: undefined,
      },
      successBanner: false,
      onSuccess: async ({ shop: saved, message }) => {
        await shopChanged(saved);
        notify(message);
        navigate("/shops/all-shops?tab=mine");
      },
    },
  );
  const { register, control, formState } = form;
  const { errors } = formState;
  return (
    <AccountCard title={shop.name}>
      <p className="-mt-2 mb-4 text-sm text-gray-700">{text.shopDetailsLead}</p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <EmailField label={text.contactEmail} error={errors.email?.message} {...register("email")} />
        <PhoneField
          label={messages.web.phone}
          maxLength={PHONE_MAX_LENGTH}
          error={errors.phone?.message}
          {...register("phone")}
        />
        <div className="sm:col-span-2">
          <TextAreaField label={text.bio} rows={4} error={errors.bio?.message} {...register("bio")} />
        </div>
        <Controller
          control={control}
          name="displayImage"
          render={({ field, fieldState }) => (
            <ShopImageField
              label={text.displayImage}
              current={shop.displayImage}
              value={field.value}
              error={fieldState.error?.message}
              onChange={(image) => field.onChange(image ?? undefined)}
            />
          )}
        />
        <Controller
          control={control}
          name="coverImage"
          render={({ field, fieldState }) => (
            <ShopImageField
              label={text.coverPhoto}
              current={shop.coverImage}
              value={field.value}
              error={fieldState.error?.message}
              onChange={(image) => field.onChange(image ?? undefined)}
            />
          )}
        />
        <div className="flex flex-col gap-2 sm:col-span-2">
          <UploadProgress stage={upload.stage} onCancel={upload.cancel} />
          <Banners state={banner} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to={adminShopPath(shop)} className="btn-secondary">
              {messages.shops.skip}
            </Link>
            <SubmitButton busy={busy} busyLabel={text.saving} className="sm:w-auto">
              {messages.shops.finish}
            </SubmitButton>
          </div>
        </div>
      </form>
    </AccountCard>
  );
}

/** The picker of one of the shop's images, with the image it has now beside it until a new one is picked. */
function ShopImageField({
  label,
  current,
  value,
  error,
  onChange,
}: {
  label: string;
  current: string | null;
  value: ImageUpload | undefined;
  error?: string | undefined;
  onChange: (image: ImageUpload | null) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      {current !== null && !value && (
        <figure className="flex flex-col gap-1">
          <ResponsiveImage
            path={current}
            alt={text.currentImage(label)}
            width={120}
            height={120}
            sizes="120px"
            className="h-30 w-30 rounded-lg object-cover ring-1 ring-gray-200"
          />
          <figcaption className="text-xs text-gray-600">{text.current}</figcaption>
        </figure>
      )}
      <div className="min-w-0 flex-1">
        <ImagePicker label={label} value={value} error={error} downscale onChange={onChange} />
      </div>
    </div>
  );
}
