import type { ErrorCode } from "@katale/adapters-http/contract";
import { messages } from "@katale/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isConnectionError } from "../db/connection-errors.js";
import { sendError } from "./error-reply.js";

// One place maps every failure to the wire's error body (DESIGN §3): {"detail": "...", "code": "..."}.
// Bad input is always a 4xx with a message; only our own faults are 500s, and they say little.

const DATABASE_RETRY_AFTER_SECONDS = 5;
const sqlStateOf = (error: unknown) => (error as { code?: unknown }).code;

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".") ?? "";
      const part = error.validationContext ?? "request";
      const message = first?.message ?? "is invalid";
      return sendError(reply, 400, "invalid_input", {
        detail: `Invalid ${part}${where ? ` field '${where}'` : ""}: ${message}`,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, method: error.method, url: error.url },
        "response does not match its schema",
      );
      return sendError(reply, 500, "server_error", { detail: messages.api.serverError });
    }
    // The database is away (restarting, failing over, unreachable): not the request's fault, and
    // worth trying again shortly.
    if (isConnectionError(error)) {
      request.log.warn({ err: { code: sqlStateOf(error), message: error.message } }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 503, "database_unavailable", { detail: messages.api.databaseUnavailable });
    }
    // PostgreSQL's data exceptions (class 22: a NUL byte, a number out of range, bad encoding) come
    // from input that got past validation: the client's fault, and nothing was stored.
    const sqlState = (error as { code?: unknown }).code;
    if (typeof sqlState === "string" && /^22[0-9A-Z]{3}$/.test(sqlState)) {
      request.log.warn({ err: error }, "input rejected by the database");
      return sendError(reply, 400, "invalid_input", { detail: messages.api.invalidInput });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(reply, status, errorCodeForStatus(status), { detail: clientMessage(error) });
    }
    request.log.error({ err: error }, "request failed");
    return sendError(reply, 500, "server_error", { detail: messages.api.serverError });
  });
}

/**
 * Fastify's `frameworkErrors`: the router's own refusals, written before any hook or handler runs
 * (a path that is not valid percent-encoding, a path parameter over `maxParamLength`), answered in
 * our error body with its code instead of Fastify's.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return sendError(reply, 414, "invalid_input", { detail: messages.api.urlTooLong });
  }
  return sendError(reply, 400, "invalid_input", { detail: messages.api.invalidUrl });
}

/** The code of a 4xx that carries no code of its own (a framework or plugin error). */
export function errorCodeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return "not_authenticated";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 413:
      return "too_large";
    case 429:
      return "rate_limited";
    default:
      return "invalid_input";
  }
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return messages.api.malformedJson;
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return messages.api.unsupportedContentType;
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return messages.api.bodyTooLarge;
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return "Invalid content length";
    default:
      return error.message || "Bad request";
  }
}
