import type { FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../http/error-reply.js";
import { type FieldWording, fieldErrors } from "../http/field-errors.js";

// The engagement writes check the token before the body (attachValidation): a visitor hears 401
// whatever they sent, a signed-in user with a bad body hears 400 with field errors.

/** Answers 400 when the request failed the contract's schema; true when it did. */
export async function refusedInput(
  request: FastifyRequest,
  reply: FastifyReply,
  wording: FieldWording = {},
): Promise<boolean> {
  const error = request.validationError as
    | (Error & { validationContext?: string; validation?: { instancePath?: string; message?: string }[] })
    | undefined;
  if (!error) return false;
  if (error.validationContext === "body") {
    await sendError(reply, 400, "invalid_input", fieldErrors(error, request.body, wording));
  } else {
    const first = error.validation?.[0];
    const where = first?.instancePath?.replace(/^\//, "") ?? "";
    await sendError(reply, 400, "invalid_input", {
      detail: `Invalid ${error.validationContext ?? "request"}${where ? ` field '${where}'` : ""}: ${first?.message ?? "is invalid"}`,
    });
  }
  return true;
}
