import { z } from "zod";
import { signedInToken } from "../engagement/signed-in.js";
import { messages } from "../messages.js";
import { err, ok } from "../result.js";
import type { AccountPorts } from "./account-ports.js";
import { type AuthOutcome, authFailure, done, parseForm } from "./auth-failure.js";
import { COUNTRY_MAX_LENGTH, nameField, profilePhoneField } from "./auth-fields.js";
import type { ProfileChanges } from "./auth-gateway.js";
import { storeUser } from "./stored-session.js";
import { genderSchema, type User } from "./user.js";

/** An empty form field means "not set". */
const blankAsNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** A YYYY-MM-DD date after today (in the latest time zone on Earth, so nobody's today is refused). */
export function isFutureDate(date: string, now = new Date()): boolean {
  const latestToday = new Date(now.getTime() + 14 * 3600 * 1000).toISOString().slice(0, 10);
  return date > latestToday;
}

/** /account/update-user: name, phone (at most 14, spec §5), country, date of birth, gender. */
export const profileFormSchema = z.object({
  name: nameField,
  phone: profilePhoneField,
  country: z.preprocess(
    blankAsNull,
    z.string().trim().max(COUNTRY_MAX_LENGTH, messages.auth.countryTooLong).nullable().optional(),
  ),
  dateOfBirth: z.preprocess(
    blankAsNull,
    z.iso
      .date(messages.auth.dateOfBirthInvalid)
      .refine((date) => !isFutureDate(date), messages.auth.dateOfBirthFuture)
      .nullable()
      .optional(),
  ),
  gender: z.preprocess(blankAsNull, genderSchema.nullable().optional()),
});
export type ProfileForm = z.input<typeof profileFormSchema>;

/** Saves the profile and refreshes the stored activeUser: 'Update successful' / 'Update failed, …'. */
export async function updateProfile(
  ports: AccountPorts<"updateProfile">,
  form: ProfileForm,
): Promise<AuthOutcome<{ readonly user: User }>> {
  const parsed = parseForm(profileFormSchema, form);
  if (!parsed.ok) return parsed;
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  const changes: ProfileChanges = parsed.value;
  const answer = await ports.auth.updateProfile(token.value, changes);
  if (!answer.ok) {
    return err(
      authFailure(answer.error, {
        "already-registered": messages.register.phoneExists,
        invalid: messages.account.updateFailed,
        otherwise: messages.account.updateFailed,
      }),
    );
  }
  storeUser(ports.storage, answer.value);
  return ok(done(messages.account.updateSuccess, { user: answer.value }));
}
