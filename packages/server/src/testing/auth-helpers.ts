import type { UserWire } from "@katale/adapters-http/contract";
import { hashPassword } from "../auth/password-hashing.js";
import type { Role } from "../db/schema.js";
import { aUser } from "./fixtures.js";
import type { TestServer } from "./test-server.js";

// Helpers for tests that need signed-in users. Either the whole sign-up through the API
// (signUpAndVerify: register, read the code from the development mailbox, verify), or a verified
// user written straight into the database and logged in through the API (aSignedInUser, faster).

export const TEST_PASSWORD = "correct horse battery";

let sequence = 0;

/** The newest 5-digit code e-mailed to `email`, from the development mailbox. */
export function lastCodeFor(server: TestServer, email: string): string {
  const mail = server.mailbox?.latestTo(email);
  const code = mail ? /^\s*(\d{5})\s*$/m.exec(mail.text)?.[1] : undefined;
  if (!code) throw new Error(`no code was e-mailed to ${email}`);
  return code;
}

/** POST a JSON body to the auth service (through Fastify's inject: no socket). */
export async function authPost(
  server: TestServer,
  path: string,
  body: unknown,
  options: { token?: string; method?: "POST" | "PATCH" | "DELETE"; remoteAddress?: string } = {},
) {
  const response = await server.app.inject({
    method: options.method ?? "POST",
    url: `/api/auth/${path}`,
    payload: body as Record<string, unknown>,
    headers: options.token ? { authorization: `Token ${options.token}` } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** GET on the auth service with a token. */
export async function authGet(server: TestServer, path: string, token?: string) {
  const response = await server.app.inject({
    method: "GET",
    url: `/api/auth/${path}`,
    headers: token ? { authorization: `Token ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json() };
}

export function newIdentity() {
  // Fixed widths: "1" + "23" and "12" + "3" must not read the same (a duplicate e-mail now and then).
  const n = `${process.pid % 1000}${String(++sequence).padStart(4, "0")}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
  return {
    name: `Tester ${n}`,
    email: `tester${n}@example.ug`,
    phone: `07${n.padStart(8, "0").slice(-8)}`,
    password: TEST_PASSWORD,
  };
}

/** A verified user through the real sign-up flow; answers the login key too. */
export async function signUpAndVerify(server: TestServer, identity = newIdentity()) {
  const registered = await authPost(server, "register/", identity);
  if (registered.status !== 201) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const verified = await authPost(server, "users/verify/", {
    username: identity.email,
    otp: lastCodeFor(server, identity.email),
  });
  if (verified.status !== 200) throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  const login = await authPost(server, "login/", { username: identity.email, password: identity.password });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return { ...identity, key: login.body.key as string, user: login.body.user as UserWire };
}

/** A verified user inserted directly (real argon2 hash), then logged in through the API. */
export async function aSignedInUser(
  server: TestServer,
  options: { role?: Role; password?: string; created_at?: Date } = {},
) {
  const identity = newIdentity();
  const password = options.password ?? identity.password;
  const row = await aUser(server.db, {
    email: identity.email,
    phone: identity.phone,
    name: identity.name,
    password_hash: await hashPassword(password),
    email_verified: true,
    role: options.role ?? "user",
    ...(options.created_at ? { created_at: options.created_at } : {}),
  });
  const login = await authPost(server, "login/", { username: identity.email, password });
  if (login.status !== 200) throw new Error(`login: ${JSON.stringify(login.body)}`);
  return { ...identity, password, id: row.id, key: login.body.key as string };
}
