import type { UserWire } from "@katale/adapters-http/contract";
import type { Kysely, Selectable } from "kysely";
import type { Database, UsersTable } from "../db/schema.js";

// Users as the authentication service reads and writes them. E-mails are unique case-insensitively
// (index on lower(email)) and kept lower-cased; phones are kept without spaces. A deleted account is
// an anonymised row with deleted_at set (auth/account-deletion.ts), which nothing here finds.

export type UserRecord = Selectable<UsersTable>;
type Db = Kysely<Database>;

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalisePhone(phone: string): string {
  return phone.replace(/\s+/g, "");
}

/** `username` is the e-mail (spec §3) or, at login, the phone number. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRecord | undefined> {
  const value = username.trim();
  const query = db.selectFrom("users").selectAll().where("deleted_at", "is", null);
  return value.includes("@")
    ? query.where((eb) => eb(eb.fn("lower", ["email"]), "=", normaliseEmail(value))).executeTakeFirst()
    : query.where("phone", "=", normalisePhone(value)).executeTakeFirst();
}

export async function findUserById(db: Db, id: number): Promise<UserRecord | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** Which of an e-mail and a phone another account already uses. */
export async function takenFields(
  db: Db,
  fields: { email?: string; phone?: string },
  exceptUserId?: number,
): Promise<{ email: boolean; phone: boolean }> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "phone"])
    .where((eb) =>
      eb.or([
        ...(fields.email !== undefined
          ? [eb(eb.fn("lower", ["email"]), "=", normaliseEmail(fields.email))]
          : []),
        ...(fields.phone !== undefined ? [eb("phone", "=", normalisePhone(fields.phone))] : []),
      ]),
    )
    .execute();
  const others = rows.filter((r) => r.id !== exceptUserId);
  return {
    email:
      fields.email !== undefined &&
      others.some((r) => r.email.toLowerCase() === normaliseEmail(fields.email!)),
    phone: fields.phone !== undefined && others.some((r) => r.phone === normalisePhone(fields.phone!)),
  };
}

export function toUserWire(user: UserRecord): UserWire {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    name: user.name,
    date_of_birth: user.date_of_birth,
    country: user.country,
    gender: user.gender,
    profile_picture: user.profile_picture,
    verification_status: user.verification_status,
  };
}

/** PostgreSQL's unique_violation, and the index it hit. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== "23505") return null;
  if (typeof e.constraint === "string") return e.constraint;
  return typeof e.message === "string" ? e.message : "";
}
