import type { Result, WordedError } from "@katale/domain";
import { authCliMessages } from "../auth/auth-cli-messages.js";
import { CliFailure } from "../cli-failure.js";
import { cliMessages } from "../cli-messages.js";
import type { Invocation } from "../invocation.js";
import { sellingFailureOf } from "../selling/selling-run.js";
import { adminCliMessages as text } from "./admin-cli-messages.js";
import type { AdminCliServices } from "./admin-services.js";

/** The admin services of this run; a session is required before anything is sent. */
export function adminOf(run: Invocation): AdminCliServices {
  const admin = run.services.admin;
  if (admin === undefined) throw new CliFailure(cliMessages.unexpected("admin services are not configured"));
  if (admin.storage.get("token") === null) throw new CliFailure(authCliMessages.notLoggedIn);
  return admin;
}

/** The terminal's words for a failed admin step: someone who is not an admin hears that one is needed. */
export function adminFailureOf(failure: WordedError, shopUrl: string): CliFailure {
  if (failure.kind === "forbidden") return new CliFailure(text.adminNeeded);
  return sellingFailureOf(failure, shopUrl);
}

/** The value of an admin step, or the command ends with its failure. */
export function adminDone<T>(run: Invocation, result: Result<T, WordedError>): T {
  if (result.ok) return result.value;
  throw adminFailureOf(result.error, run.services.urls.shopUrl);
}

/** Ends the command unless the signed-in user is an admin (asked of `users/me/` before any change). */
export async function requireAdmin(run: Invocation): Promise<AdminCliServices> {
  const admin = adminOf(run);
  const me = await admin.auth.me(admin.storage.get("token")!);
  if (!me.ok) {
    if (me.error.kind === "unauthorized") throw new CliFailure(authCliMessages.sessionEnded);
    if (me.error.kind === "network")
      throw new CliFailure(cliMessages.cannotReach("auth", run.services.urls.authUrl));
    throw new CliFailure(cliMessages.serviceFailed("auth", run.services.urls.authUrl, undefined));
  }
  if (!me.value.isAdmin) throw new CliFailure(text.adminNeeded);
  return admin;
}
