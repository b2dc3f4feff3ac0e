import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { registerUploads } from "../http/uploads.js";
import { userVerificationRoutes } from "../verification/user-verification-routes.js";
import { accountRoutes } from "./account-routes.js";
import { adminRoleRoutes } from "./admin-role-routes.js";
import { Attempts } from "./attempts.js";
import type { AuthDeps, AuthRouteDeps } from "./auth-deps.js";
import { authRateLimits } from "./auth-rate-limits.js";
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
  // Only the dependencies: the options also carry this plugin's own prefix.
  const { db, config, media, readCache, mailer } = options;
  const deps = { db, config, media, readCache };
  const limits = authRateLimits(config.authRateLimits);
  const shared: AuthDeps = {
    ...deps,
    mailer,
    users: new UserRepository(db),
    limits,
    attempts: new Attempts(limits),
  };
  // The picture and the verification documents arrive as multipart bodies.
  await registerUploads(app);

  await app.register(signUpRoutes, shared);
  await app.register(sessionRoutes, shared);
  await app.register(passwordResetRoutes, shared);
  await app.register(accountRoutes, shared);
  await app.register(adminRoleRoutes, shared);
  await app.register(userVerificationRoutes, deps);
};
