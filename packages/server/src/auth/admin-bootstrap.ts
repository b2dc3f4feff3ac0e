import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { hashPassword } from "./password-hashing.js";
import { normaliseEmail, UserRepository } from "./user-repository.js";

// The admin account (issue 4): created at start from KATALE_ADMIN_EMAIL / KATALE_ADMIN_PASSWORD, and
// in the development seed with a generated password shown once. Idempotent: an existing account with
// that e-mail is made an admin (verified) and keeps its password, so a password changed in the app
// is not reset by a restart (use the reset flow to recover it).

type Db = Kysely<Database>;

/** The development seed's admin (reserved example domain). */
export const DEV_ADMIN_EMAIL = "admin@example.com";
const ADMIN_NAME = "Katale admin";

export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string },
): Promise<{ created: boolean; userId: number }> {
  const users = new UserRepository(db);
  const email = normaliseEmail(admin.email);
  const existing = await users.byUsername(email);
  if (existing) {
    if (existing.role !== "admin" || !existing.email_verified) await users.makeAdmin(existing.id);
    return { created: false, userId: existing.id };
  }
  const row = await users.create({
    email,
    // The phone is required and unique; the admin can set a real one in the profile.
    phone: `admin-${randomBytes(4).toString("hex")}`,
    name: ADMIN_NAME,
    passwordHash: await hashPassword(admin.password),
    country: "Uganda",
    emailVerified: true,
    role: "admin",
  });
  if (!row.ok) return ensureAdmin(db, admin); // another instance created it at the same moment
  return { created: true, userId: row.user.id };
}

/**
 * The development seed's admin: created once with a random password, which the caller shows once.
 * Answers the password when it created the account, else null.
 */
export async function ensureDevAdmin(db: Db): Promise<{ email: string; password: string } | null> {
  if (await new UserRepository(db).byUsername(DEV_ADMIN_EMAIL)) return null;
  const password = randomBytes(12).toString("base64url");
  const { created } = await ensureAdmin(db, { email: DEV_ADMIN_EMAIL, password });
  return created ? { email: DEV_ADMIN_EMAIL, password } : null;
}
