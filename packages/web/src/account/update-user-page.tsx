import { zodResolver } from "@hookform/resolvers/zod";
import { messages, PROFILE_PHONE_MAX_LENGTH, profileFormSchema, updateProfile } from "@katale/domain";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { type BannerState, Banners } from "../ui/banner.js";
import { FieldFrame, inputClass, TextField } from "../ui/field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { AccountCard, AccountFrame } from "./account-frame.js";
import { useActiveUser } from "./use-active-user.js";

/** /account/update-user: name, phone (at most 14, spec §5), country, date of birth, gender. */
export default function UpdateUserPage() {
  const ports = useAccountPorts();
  const [user, refresh] = useActiveUser();
  const [banner, setBanner] = useState<BannerState | null>(null);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: user?.name ?? "",
      phone: user?.phone ?? "",
      country: user?.country ?? "",
      dateOfBirth: user?.dateOfBirth ?? "",
      gender: user?.gender ?? "",
    },
  });
  const { errors, isSubmitting } = formState;
  const text = messages.webAccount;

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const answer = await updateProfile(ports, values);
    if (answer.ok) {
      setBanner({ tone: "success", text: answer.value.message });
      refresh();
    } else {
      setBanner({ tone: "error", text: answer.error.message });
    }
  });

  return (
    <AccountFrame title={text.editProfile}>
      <AccountCard title={text.profileDetails}>
        <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={messages.register.fullName}
            autoComplete="name"
            error={errors.name?.message}
            frameClassName="sm:col-span-2"
            {...register("name")}
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
          <TextField
            label={text.country}
            autoComplete="country-name"
            error={errors.country?.message}
            {...register("country")}
          />
          <TextField
            label={text.dateOfBirth}
            type="date"
            autoComplete="bday"
            error={errors.dateOfBirth?.message}
            {...register("dateOfBirth")}
          />
          <FieldFrame id="profile-gender" label={text.gender} error={errors.gender?.message}>
            <select id="profile-gender" className={inputClass} {...register("gender")}>
              <option value="">{text.genderNotSet}</option>
              <option value="male">{text.male}</option>
              <option value="female">{text.female}</option>
            </select>
          </FieldFrame>
          <div className="flex flex-col gap-2 sm:col-span-2">
            <Banners state={banner} />
            <SubmitButton
              busy={isSubmitting}
              busyLabel={text.saving}
              className="w-full sm:w-auto sm:self-start"
            >
              {text.saveChanges}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </AccountFrame>
  );
}
