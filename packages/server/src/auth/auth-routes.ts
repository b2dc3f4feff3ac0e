import { useCommonPasswords } from "@katale/domain";
import { isCommonPassword } from "@katale/domain/common-passwords";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { refuseFiles } from "../http/spooled-uploads.js";
import { userVerificationRoutes } from "../verification/user-verification-routes.js";
import { accountRoutes, profilePictureRoutes } from "./account-routes.js";
import { adminRoleRoutes } from "./admin-role-routes.js";
import { Attempts } from "./attempts.js";
import type { AuthDeps, AuthRouteDeps } from "./auth-deps.js";
import { AUTH_LIMITS, authRateLimits } from "./auth-rate-limits.js";
import { passwordResetRoutes } from "./password-reset-routes.js";
import { sessionRoutes } from "./session-routes.js";
import { signUpRoutes } from "./sign-up-routes.js";
import { UserRepository } from "./user-repository.js";

// The authentication service (spec §7, mounted under /api/auth/): sign-up, sessions, password
// reset, the account, and the user's identity verification request. Wording from the domain's
// messages, statuses as the clients expect them (spec §8), each error with its code
// (contract/error-codes.ts).

export type { AuthRouteDeps } from "./auth-deps.js";

export const authRoutes: FastifyPluginAsyncZod<AuthRouteDeps> = async (app, options) => {
  // New passwords (sign-up, change, reset) are checked against the common-passwords list.
  useCommonPasswords(isCommonPassword);
  // Only the dependencies: the options also carry this plugin's own prefix.
  const { db, config, media, readCache, counters, notifier, mailer } = options;
  const deps = { db, config, media, readCache, counters, notifier };
  const limits = authRateLimits(config.authRateLimits, AUTH_LIMITS, counters);
  const shared: AuthDeps = {
    ...deps,
    mailer,
    users: new UserRepository(db),
    limits,
    attempts: new Attempts(limits),
  };
  // Only the picture and the verification documents take files (multipart bodies, spooled to disk
  // after the sender is signed in); every other call refuses a multipart body unread (issue 14 MF3).
  await app.register(async (noFiles) => {
    refuseFiles(noFiles);
    await noFiles.register(signUpRoutes, shared);
    await noFiles.register(sessionRoutes, shared);
    await noFiles.register(passwordResetRoutes, shared);
    await noFiles.register(accountRoutes, shared);
    await noFiles.register(adminRoleRoutes, shared);
  });
  await app.register(profilePictureRoutes, shared);
  await app.register(userVerificationRoutes, deps);
};
