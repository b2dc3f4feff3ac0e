import {
  type CreateShopForm,
  createShopFormSchema,
  errorMessage,
  messages,
  shopOwnerMessages,
} from "@katale/domain";
import { Controller } from "react-hook-form";
import { useNavigate } from "react-router";
import { AccountCard, AccountFrame } from "../account/account-frame.js";
import { AddressField } from "../account/address-field.js";
import { useCategories } from "../catalogue/use-catalogue.js";
import { Banners } from "../ui/banner.js";
import { TextField } from "../ui/field.js";
import { useNotice } from "../ui/notices.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { ShopCategoryChoice } from "./shop-category-choice.js";
import { shopDetailsPath, useShopChanged } from "./shop-queries.js";
import { useShopWrites } from "./use-shop-writes.js";

const text = shopOwnerMessages;

/**
 * /account/createshop: name, up to 3 categories, location from the address suggestions (spec §2,
 * §5); then the shop details step of the new shop.
 */
export default function ShopCreatePage() {
  const writes = useShopWrites();
  const navigate = useNavigate();
  const shopChanged = useShopChanged();
  const notify = useNotice();
  const categories = useCategories();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    createShopFormSchema,
    (values) => writes.create(values as CreateShopForm),
    {
      defaultValues: { name: "", categories: [], locationLatitude: null, locationLongitude: null },
      // 'Shop created' goes with the owner to the details step, in the toast.
      successBanner: false,
      onSuccess: async ({ shop, message }) => {
        writes.rememberCreated(shop.id);
        await shopChanged(shop);
        notify(message);
        navigate(shopDetailsPath(shop.id));
      },
    },
  );
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const loaded = categories.data;

  return (
    <AccountFrame title={text.createShopTitle}>
      <AccountCard title={messages.shops.createShop}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <TextField
            label={text.shopName}
            autoComplete="organization"
            error={errors.name?.message}
            {...register("name")}
          />
          <Controller
            control={control}
            name="categories"
            render={({ field, fieldState }) => (
              <ShopCategoryChoice
                categories={loaded?.ok ? loaded.value : undefined}
                loadError={loaded && !loaded.ok ? errorMessage(loaded.error) : undefined}
                onRetry={() => categories.refetch()}
                value={field.value ?? []}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
          <AddressField
            label={text.location}
            error={errors.locationLatitude?.message ?? errors.locationLongitude?.message}
            onChoose={(place) => {
              const options = { shouldValidate: formState.isSubmitted };
              setValue("locationLatitude", place?.lat ?? null, options);
              setValue("locationLongitude", place?.lon ?? null, options);
            }}
          />
          <div className="flex flex-col gap-2">
            <Banners state={banner} />
            <SubmitButton busy={busy} busyLabel={text.creating} className="w-full sm:w-auto sm:self-start">
              {messages.shops.createShop}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </AccountFrame>
  );
}
