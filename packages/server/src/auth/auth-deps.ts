import { messages } from "@katale/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/error-reply.js";
import { tooManyRequests } from "../http/rate-limits.js";
import type { RouteDeps } from "../http/route-deps.js";
import type { Mailer, MailMessage } from "../mail/mailer.js";
import type { Attempts } from "./attempts.js";
import type { AuthRateLimits } from "./auth-rate-limits.js";
import { secondsToNextDay } from "./one-time-codes.js";
import type { UserRepository } from "./user-repository.js";

// What the authentication service's plugins share (auth-routes.ts builds it once).

export interface AuthRouteDeps extends RouteDeps {
  mailer: Mailer;
}

export interface AuthDeps extends AuthRouteDeps {
  users: UserRepository;
  limits: AuthRateLimits;
  attempts: Attempts;
}

/** The OpenAPI tag of the service's calls. */
export const AUTH_TAG = "auth";

/** Sends an e-mail; false (logged) when it could not be sent. */
export async function sendMail(
  mailer: Mailer,
  request: FastifyRequest,
  message: MailMessage,
): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    // Only what identifies the failure: the message itself carries a code.
    const { code, message: reason } = error as { code?: unknown; message?: unknown };
    request.log.error({ code, reason }, "could not send an e-mail");
    return false;
  }
}

/**
 * The answer when today's codes for an account are used up, the requesting address's share or the
 * account's ceiling (issue 14 MF7, issue 28): 429 until midnight UTC.
 */
export function tooManyCodesToday(reply: FastifyReply) {
  return tooManyRequests(reply, secondsToNextDay(), { detail: messages.auth.tooManyCodesToday });
}

/** Sends a code the client waits for; when that fails, answers 503 `unavailable` and false. */
export async function deliverCode(
  mailer: Mailer,
  request: FastifyRequest,
  reply: FastifyReply,
  message: MailMessage,
): Promise<boolean> {
  if (await sendMail(mailer, request, message)) return true;
  await sendError(reply, 503, "unavailable", { detail: messages.authServer.mailFailed });
  return false;
}
