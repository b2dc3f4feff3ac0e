import type { UserWire } from "@katale/adapters-http/contract";
import { type Kysely, type Selectable, sql } from "kysely";
import type { Database, Role, UsersTable, VerificationStatus } from "../db/schema.js";

// Users: every read and write of the users table outside the seed. E-mails are unique
// case-insensitively (index on lower(email)) and kept lower-cased; phones are kept without spaces. A
// deleted account is an anonymised row with deleted_at set (anonymise), which nothing here finds.
// Inside a transaction, construct one on it: `new UserRepository(trx)`.

export type UserRecord = Selectable<UsersTable>;

/** Which of an e-mail and a phone another account already uses. */
export interface TakenFields {
  email: boolean;
  phone: boolean;
}

export interface NewUser {
  email: string;
  phone: string;
  name: string;
  passwordHash: string;
  country?: string | null;
  role?: Role;
  emailVerified?: boolean;
}

export interface ProfileChanges {
  name?: string;
  phone?: string;
  /** An empty country clears it. */
  country?: string | null;
  date_of_birth?: string | null;
  gender?: "male" | "female" | null;
}

/** The login token's row and its user, as authenticate.ts needs them. */
export interface SessionRow {
  tokenId: number;
  last_used_at: Date | string | null;
  id: number;
  email: string;
  name: string;
  role: Role;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function normalisePhone(phone: string): string {
  return phone.replace(/\s+/g, "");
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private live() {
    return this.db.selectFrom("users").selectAll().where("deleted_at", "is", null);
  }

  /** `username` is the e-mail (spec §3) or, at login, the phone number. */
  async byUsername(username: string): Promise<UserRecord | undefined> {
    const value = username.trim();
    return value.includes("@")
      ? this.live()
          .where((eb) => eb(eb.fn("lower", ["email"]), "=", normaliseEmail(value)))
          .executeTakeFirst()
      : this.live().where("phone", "=", normalisePhone(value)).executeTakeFirst();
  }

  async byId(id: number): Promise<UserRecord | undefined> {
    return this.live().where("id", "=", id).executeTakeFirst();
  }

  /** The live user of a login token (by its hash), with the token's row. */
  async bySessionToken(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom("auth_tokens as t")
      .innerJoin("users as u", "u.id", "t.user_id")
      .select(["t.id as tokenId", "t.last_used_at", "u.id", "u.email", "u.name", "u.role"])
      .where("t.token_hash", "=", tokenHash)
      .where("t.revoked_at", "is", null)
      .where("u.deleted_at", "is", null)
      .where("u.suspended", "=", false)
      .executeTakeFirst();
  }

  /** Which of an e-mail and a phone another account (not `exceptUserId`) already uses. */
  async taken(fields: { email?: string; phone?: string }, exceptUserId?: number): Promise<TakenFields> {
    const email = fields.email === undefined ? undefined : normaliseEmail(fields.email);
    const phone = fields.phone === undefined ? undefined : normalisePhone(fields.phone);
    const rows = await this.db
      .selectFrom("users")
      .select(["id", "email", "phone"])
      .where((eb) =>
        eb.or([
          ...(email !== undefined ? [eb(eb.fn("lower", ["email"]), "=", email)] : []),
          ...(phone !== undefined ? [eb("phone", "=", phone)] : []),
        ]),
      )
      .execute();
    const others = rows.filter((r) => r.id !== exceptUserId);
    return {
      email: email !== undefined && others.some((r) => r.email.toLowerCase() === email),
      phone: phone !== undefined && others.some((r) => r.phone === phone),
    };
  }

  /** A new account; when another took the e-mail or phone at the same moment, which one. */
  async create(user: NewUser): Promise<{ ok: true; user: UserRecord } | { ok: false; taken: TakenFields }> {
    try {
      const row = await this.db
        .insertInto("users")
        .values({
          email: normaliseEmail(user.email),
          phone: normalisePhone(user.phone),
          name: user.name,
          password_hash: user.passwordHash,
          date_of_birth: null,
          country: user.country ?? null,
          gender: null,
          profile_picture: null,
          deleted_at: null,
          ...(user.role !== undefined ? { role: user.role } : {}),
          ...(user.emailVerified !== undefined ? { email_verified: user.emailVerified } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, user: row };
    } catch (error) {
      // The unique indexes decide between two sign-ups at once.
      const index = uniqueViolation(error);
      if (index === null) throw error;
      const phone = index.includes("phone");
      return { ok: false, taken: { email: !phone || index.includes("email"), phone } };
    }
  }

  async markEmailVerified(id: number): Promise<void> {
    await this.db.updateTable("users").set({ email_verified: true }).where("id", "=", id).execute();
  }

  async makeAdmin(id: number): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ role: "admin", email_verified: true })
      .where("id", "=", id)
      .execute();
  }

  /** Grants or takes the admin role (issue 10); the account is otherwise unchanged. */
  async setRole(id: number, role: Role): Promise<void> {
    await this.db.updateTable("users").set({ role }).where("id", "=", id).execute();
  }

  /** A new password; `emailVerified` when a code sent to the address proved it (reset). */
  async setPassword(id: number, passwordHash: string, options: { emailVerified?: true } = {}): Promise<void> {
    await this.db
      .updateTable("users")
      .set({ password_hash: passwordHash, ...(options.emailVerified ? { email_verified: true } : {}) })
      .where("id", "=", id)
      .execute();
  }

  /** Changes the profile's fields; refused when the phone belongs to another account. */
  async updateProfile(
    id: number,
    changes: ProfileChanges,
  ): Promise<{ ok: true; user: UserRecord | undefined } | { ok: false; reason: "phone-taken" }> {
    if (changes.phone !== undefined && (await this.taken({ phone: changes.phone }, id)).phone) {
      return { ok: false, reason: "phone-taken" };
    }
    const set = {
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.phone !== undefined ? { phone: normalisePhone(changes.phone) } : {}),
      ...(changes.country !== undefined ? { country: changes.country || null } : {}),
      ...(changes.date_of_birth !== undefined ? { date_of_birth: changes.date_of_birth } : {}),
      ...(changes.gender !== undefined ? { gender: changes.gender } : {}),
    };
    if (Object.keys(set).length > 0) {
      try {
        await this.db.updateTable("users").set(set).where("id", "=", id).execute();
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        return { ok: false, reason: "phone-taken" };
      }
    }
    return { ok: true, user: await this.byId(id) };
  }

  /** Sets the profile picture; answers the user and the picture it replaced. */
  async replacePicture(id: number, path: string): Promise<{ user: UserRecord; previous: string | null }> {
    const before = await this.byId(id);
    const user = await this.db
      .updateTable("users")
      .set({ profile_picture: path })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { user, previous: before?.profile_picture ?? null };
  }

  /** The confirmed new e-mail; refused when someone registered that address meanwhile. */
  async changeEmail(id: number, email: string): Promise<{ ok: true; user: UserRecord } | { ok: false }> {
    try {
      const user = await this.db
        .updateTable("users")
        .set({ email: normaliseEmail(email), email_verified: true })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { ok: true, user };
    } catch (error) {
      if (uniqueViolation(error) === null) throw error;
      return { ok: false };
    }
  }

  async setVerificationStatus(id: number, status: VerificationStatus): Promise<void> {
    await this.db.updateTable("users").set({ verification_status: status }).where("id", "=", id).execute();
  }

  /** Locks the row for account deletion; answers the profile picture to remove. */
  async lockForDeletion(id: number): Promise<{ profile_picture: string | null }> {
    return this.db
      .selectFrom("users")
      .select(["profile_picture"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }

  /** Turns the row into a tombstone (account-deletion.ts): no e-mail, phone, picture or password. */
  async anonymise(id: number, name: string): Promise<void> {
    await this.db
      .updateTable("users")
      .set({
        name,
        email: sql`'deleted-' || id || '@deleted.invalid'`,
        phone: sql`'deleted-' || id`,
        password_hash: "!",
        date_of_birth: null,
        country: null,
        gender: null,
        profile_picture: null,
        verification_status: "UNVERIFIED",
        email_verified: false,
        role: "user",
        deleted_at: sql`now()`,
      })
      .where("id", "=", id)
      .execute();
  }
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
