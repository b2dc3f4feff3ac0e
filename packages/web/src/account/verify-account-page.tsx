import {
  messages,
  PROFILE_PHONE_MAX_LENGTH,
  USER_VERIFICATION_ERROR_BANNER_MS,
  type UserVerificationForm,
  userVerificationRequestSchema,
  VERIFICATION_SUCCESS_BANNER_MS,
  webAccountMessages,
} from "@katale/domain";
import { Controller } from "react-hook-form";
import { Banners } from "../ui/banner.js";
import { EmailField } from "../ui/email-field.js";
import { TextField } from "../ui/field.js";
import { PhoneField } from "../ui/phone-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { AccountCard, AccountFrame } from "./account-frame.js";
import { AddressField } from "./address-field.js";
import { ImagePicker } from "./image-picker.js";
import { useActiveUser } from "./use-active-user.js";
import { useRequestUserVerification } from "./use-request-verification.js";

/**
 * /account/verify-account: Email, Phone Number, Location (from the suggestions), National ID Number,
 * the ID image and a clear photo, Send. The success banner shows 5 s, 'User already has a
 * verification request' 3 s (spec §4, §8, §9).
 */
export default function VerifyAccountPage() {
  const requestVerification = useRequestUserVerification();
  const [user] = useActiveUser();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    userVerificationRequestSchema,
    (values: UserVerificationForm) => requestVerification(values),
    {
      defaultValues: {
        email: user?.email ?? "",
        phone: user?.phone ?? "",
        nin: "",
        nationalIdImage: null,
        userImage: null,
        locationLatitude: null,
        locationLongitude: null,
      },
      // The success shows 5 s, 'already has a request' 3 s; other failures stay until the next try.
      bannerLastsMs: (failure) =>
        failure === null
          ? VERIFICATION_SUCCESS_BANNER_MS
          : failure.kind === "taken"
            ? USER_VERIFICATION_ERROR_BANNER_MS
            : undefined,
    },
  );
  const { register, control, formState, setValue } = form;
  const { errors } = formState;
  const text = webAccountMessages;

  return (
    <AccountFrame title={text.verifyAccount}>
      <AccountCard title={text.yourDetails}>
        <p className="-mt-2 mb-4 text-sm text-gray-700">{text.verifyLead}</p>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <EmailField label={messages.register.email} error={errors.email?.message} {...register("email")} />
          <PhoneField
            label={messages.register.phone}
            maxLength={PROFILE_PHONE_MAX_LENGTH}
            error={errors.phone?.message}
            {...register("phone")}
          />
          <div className="sm:col-span-2">
            <AddressField
              label={text.location}
              error={errors.locationLatitude?.message ?? errors.locationLongitude?.message}
              onChoose={(place) => {
                const options = { shouldValidate: formState.isSubmitted };
                setValue("locationLatitude", place?.lat ?? null, options);
                setValue("locationLongitude", place?.lon ?? null, options);
              }}
            />
          </div>
          <TextField
            label={text.nin}
            autoCapitalize="characters"
            spellCheck={false}
            error={errors.nin?.message}
            frameClassName="sm:col-span-2"
            {...register("nin")}
          />
          <Controller
            control={control}
            name="nationalIdImage"
            render={({ field, fieldState }) => (
              <ImagePicker
                label={text.nationalIdImage}
                value={field.value}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="userImage"
            render={({ field, fieldState }) => (
              <ImagePicker
                label={text.userImage}
                value={field.value}
                error={fieldState.error?.message}
                onChange={field.onChange}
              />
            )}
          />
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Banners state={banner} />
            <SubmitButton busy={busy} busyLabel={text.sending} className="w-full sm:w-auto sm:self-start">
              {messages.verification.send}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </AccountFrame>
  );
}
