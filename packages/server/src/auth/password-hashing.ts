import { type Algorithm, hash, verify } from "@node-rs/argon2";

// Passwords are hashed with argon2id at OWASP's current minimum (Password Storage Cheat Sheet:
// m = 19 MiB, t = 2, p = 1), about 20-90 ms on the target machine. The parameters are stored in each
// hash (PHC string), so raising them later still verifies old hashes.

/** `Algorithm.Argon2id`; the package's const enum cannot be read under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored value that is no argon2 hash (e.g. demo users' "!"). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  if (!storedHash.startsWith("$argon2")) {
    // Same work as a real check, so the answer's timing does not tell an unusable account apart.
    await verify(await dummyHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword("katale-dummy-password-for-timing");
  return dummy;
}

/** Spends the time of a password check for an unknown account (no user enumeration by timing). */
export async function burnPasswordCheck(password: string): Promise<void> {
  await verify(await dummyHash(), password).catch(() => false);
}
