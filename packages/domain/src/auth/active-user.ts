import { valueCheck } from "../session/value-checks.js";
import { VERIFICATION_STATUSES, type VerificationStatus } from "../verification-status.js";
import type { Gender, User } from "./user.js";

/** The signed-in user as kept in storage under `activeUser` (spec §3). */
export interface ActiveUser {
  readonly email: string;
  readonly phone: string;
  readonly name: string;
  readonly dateOfBirth: string | null;
  readonly country: string | null;
  readonly gender: Gender | null;
  readonly picture: string | null;
  readonly status: VerificationStatus;
}

const GENDERS: readonly (Gender | null)[] = ["male", "female", null];
const isText = (value: unknown): value is string => typeof value === "string";
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

/** A stored `activeUser`: its fields, and nothing else, when each is what it should be. */
export const activeUserCheck = valueCheck<ActiveUser>((value) => {
  if (typeof value !== "object" || value === null) return undefined;
  const { email, phone, name, dateOfBirth, country, gender, picture, status } = value as Record<
    string,
    unknown
  >;
  const valid =
    isText(email) &&
    isText(phone) &&
    isText(name) &&
    isTextOrNull(dateOfBirth) &&
    isTextOrNull(country) &&
    GENDERS.includes(gender as Gender | null) &&
    isTextOrNull(picture) &&
    (VERIFICATION_STATUSES as readonly unknown[]).includes(status);
  if (!valid) return undefined;
  return {
    email,
    phone,
    name,
    dateOfBirth,
    country,
    gender: gender as Gender | null,
    picture,
    status: status as VerificationStatus,
  };
});

export function toActiveUser(user: User): ActiveUser {
  return {
    email: user.email,
    phone: user.phone,
    name: user.name,
    dateOfBirth: user.dateOfBirth,
    country: user.country,
    gender: user.gender,
    picture: user.profilePicture,
    status: user.verificationStatus,
  };
}
