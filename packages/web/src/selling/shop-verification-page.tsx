import {
  messages,
  SHOP_VERIFICATION_ERROR_BANNER_MS,
  type Shop,
  type ShopVerificationForm,
  shopOwnerMessages,
  shopVerificationFormSchema,
  VERIFICATION_SUCCESS_BANNER_MS,
} from "@katale/domain";
import { useEffect, useState } from "react";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { AccountCard, AccountFrame } from "../account/account-frame.js";
import { AddressField } from "../account/address-field.js";
import { ImagePicker } from "../account/image-picker.js";
import { useSession } from "../auth/use-session.js";
import { Banners } from "../ui/banner.js";
import { EmailField } from "../ui/email-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { OwnShopGate } from "./shop-own-gate.js";
import { adminShopPath, useShopChanged, useShopParam } from "./shop-queries.js";
import { useShopWrites } from "./use-shop-writes.js";

const text = shopOwnerMessages;

/**
 * /account/shop-verification?shop=ID: why to verify (credibility, visibility, security), then
 * Email, Business Location from the suggestions, a shop photo, Send. The success shows 5 s and
 * then the page before opens again; 'Shop already has a verification request' shows 2 s (spec §4,
 * §8, §9).
 */
export default function ShopVerificationPage() {
  const shopId = useShopParam();
  return (
    <AccountFrame title={text.verifyTitle}>
      <OwnShopGate shopRef={shopId}>{(shop) => <VerificationForm shop={shop} />}</OwnShopGate>
    </AccountFrame>
  );
}

function VerificationForm({ shop }: { shop: Shop }) {
  const writes = useShopWrites();
  const { activeUser } = useSession();
  const navigate = useNavigate();
  const shopChanged = useShopChanged();
  const [sent, setSent] = useState(false);
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    shopVerificationFormSchema,
    (values) => writes.requestVerification(values as ShopVerificationForm),
    {
      defaultValues: {
        contact: shop.email ?? activeUser?.email ?? "",
        shopImage: null,
        locationLatitude: null,
        locationLongitude: null,
        shop: shop.id,
      },
      bannerLastsMs: (failure) =>
        failure === null
          ? VERIFICATION_SUCCESS_BANNER_MS
          : failure.kind === "taken"
            ? SHOP_VERIFICATION_ERROR_BANNER_MS
            : undefined,
      onSuccess: async () => {
        setSent(true);
        await shopChanged();
      },
    },
  );

  // After the success banner's 5 s: back one page (or the shop's admin page when opened directly).
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (index > 0) navigate(-1);
      else navigate(adminShopPath(shop));
    }, VERIFICATION_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate, shop]);

  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  return (
    <AccountCard title={shop.name}>
      <div className="-mt-2 mb-4 text-sm text-gray-700">
        <p>{text.verifyLead}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{text.verifyCredibility}</li>
          <li>{text.verifyVisibility}</li>
          <li>{text.verifySecurity}</li>
        </ul>
      </div>
      {shop.verificationStatus === "PENDING" && !sent && (
        <p className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">
          {messages.verification.shopRequestExists}
        </p>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <EmailField label={text.contactEmail} error={errors.contact?.message} {...register("contact")} />
        <AddressField
          label={text.businessLocation}
          error={errors.locationLatitude?.message ?? errors.locationLongitude?.message}
          onChoose={(place) => {
            const options = { shouldValidate: formState.isSubmitted };
            setValue("locationLatitude", place?.lat ?? null, options);
            setValue("locationLongitude", place?.lon ?? null, options);
          }}
        />
        <Controller
          control={control}
          name="shopImage"
          render={({ field, fieldState }) => (
            <ImagePicker
              label={text.shopPhoto}
              value={field.value}
              error={fieldState.error?.message}
              onChange={field.onChange}
            />
          )}
        />
        <div className="flex flex-col gap-2">
          <Banners state={banner} />
          <SubmitButton
            busy={busy}
            disabled={sent}
            busyLabel={text.sending}
            className="w-full sm:w-auto sm:self-start"
          >
            {messages.verification.send}
          </SubmitButton>
        </div>
      </form>
    </AccountCard>
  );
}
