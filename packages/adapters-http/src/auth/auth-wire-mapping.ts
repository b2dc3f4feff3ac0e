import type { ProfileChanges, User } from "@katale/domain";
import type { UserWire } from "../contract/auth.js";

export function toUser(wire: UserWire): User {
  return {
    id: wire.id,
    email: wire.email,
    phone: wire.phone,
    name: wire.name,
    dateOfBirth: wire.date_of_birth,
    country: wire.country,
    gender: wire.gender,
    profilePicture: wire.profile_picture,
    verificationStatus: wire.verification_status,
  };
}

/** `users/update_user/`'s body: only the fields being changed. */
export function toProfileWire(changes: ProfileChanges) {
  return {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
    ...(changes.country !== undefined ? { country: changes.country } : {}),
    ...(changes.dateOfBirth !== undefined ? { date_of_birth: changes.dateOfBirth } : {}),
    ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
  };
}
