import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config.js";
import { redactPaths, serializeRequest } from "./log-redaction.js";

/** pino at the configured level, with tokens and passwords redacted (log-redaction.ts). */
export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: { paths: redactPaths, censor: "[redacted]" },
    serializers: { req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
