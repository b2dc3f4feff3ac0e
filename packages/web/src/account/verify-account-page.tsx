import { zodResolver } from "@hookform/resolvers/zod";
import {
  messages,
  PROFILE_PHONE_MAX_LENGTH,
  requestUserVerification,
  USER_VERIFICATION_ERROR_BANNER_MS,
  type UserVerificationForm,
  userVerificationRequestSchema,
  VERIFICATION_SUCCESS_BANNER_MS,
} from "@katale/domain";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useServices } from "../app/services-context.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { AccountCard, AccountFrame } from "./account-frame.js";
import { AddressField } from "./address-field.js";
import { ImagePicker } from "./image-picker.js";
import { useActiveUser } from "./use-active-user.js";

/**
 * /account/verify-account: Email, Phone Number, Location (from the suggestions), National ID Number,
 * the ID image and a clear photo, Send. The success banner shows 5 s, 'User already has a
 * verification request' 3 s (spec §4, §8, §9).
 */
export default function VerifyAccountPage() {
  const { userVerification, local } = useServices();
  const [user] = useActiveUser();
  const [banner, setBanner] = useState<(BannerState & { ms: number }) | null>(null);
  const { register, control, handleSubmit, formState, setValue } = useForm<UserVerificationForm>({
    resolver: zodResolver(userVerificationRequestSchema),
    defaultValues: {
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      nin: "",
      nationalIdImage: null,
      userImage: null,
      locationLatitude: null,
      locationLongitude: null,
    },
  });
  const { errors, isSubmitting } = formState;
  const text = messages.webAccount;

  useEffect(() => {
    if (banner === null || banner.ms === 0) return;
    const timer = setTimeout(() => setBanner(null), banner.ms);
    return () => clearTimeout(timer);
  }, [banner]);

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await requestUserVerification({ verification: userVerification, storage: local }, values);
    if (answer.ok) {
      setBanner({ tone: "success", text: answer.value.message, ms: VERIFICATION_SUCCESS_BANNER_MS });
    } else {
      const ms = answer.error.reason === "taken" ? USER_VERIFICATION_ERROR_BANNER_MS : 0;
      setBanner({ tone: "error", text: answer.error.message, ms });
    }
  });

  return (
    <AccountFrame title={text.verifyAccount}>
      <AccountCard title={text.yourDetails}>
        <p className="-mt-2 mb-4 text-sm text-gray-700">{text.verifyLead}</p>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={messages.register.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            label={messages.register.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
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
            <SubmitButton
              busy={isSubmitting}
              busyLabel={text.sending}
              className="w-full sm:w-auto sm:self-start"
            >
              {messages.verification.send}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </AccountFrame>
  );
}
