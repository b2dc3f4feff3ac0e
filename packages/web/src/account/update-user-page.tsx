import {
  messages,
  PROFILE_PHONE_MAX_LENGTH,
  profileFormSchema,
  updateProfile,
  webAccountMessages,
} from "@katale/domain";
import { useAccountPorts } from "../auth/use-account-ports.js";
import { Banners } from "../ui/banner.js";
import { FieldFrame, inputClass, TextField } from "../ui/field.js";
import { PhoneField } from "../ui/phone-field.js";
import { SubmitButton } from "../ui/submit-button.js";
import { useOutcomeForm } from "../ui/use-outcome-form.js";
import { AccountCard, AccountFrame } from "./account-frame.js";
import { useActiveUser } from "./use-active-user.js";

/** /account/update-user: name, phone (at most 14, spec §5), country, date of birth, gender. */
export default function UpdateUserPage() {
  const ports = useAccountPorts();
  const [user, refresh] = useActiveUser();
  const { form, onSubmit, busy, banner } = useOutcomeForm(
    profileFormSchema,
    (values) => updateProfile(ports, values),
    {
      defaultValues: {
        name: user?.name ?? "",
        phone: user?.phone ?? "",
        country: user?.country ?? "",
        dateOfBirth: user?.dateOfBirth ?? "",
        gender: user?.gender ?? "",
      },
      onSuccess: () => refresh(),
    },
  );
  const { register } = form;
  const { errors } = form.formState;
  const text = webAccountMessages;

  return (
    <AccountFrame title={text.editProfile}>
      <AccountCard title={text.profileDetails}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={messages.register.fullName}
            autoComplete="name"
            error={errors.name?.message}
            frameClassName="sm:col-span-2"
            {...register("name")}
          />
          <PhoneField
            label={messages.register.phone}
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
            <SubmitButton busy={busy} busyLabel={text.saving} className="w-full sm:w-auto sm:self-start">
              {text.saveChanges}
            </SubmitButton>
          </div>
        </form>
      </AccountCard>
    </AccountFrame>
  );
}
