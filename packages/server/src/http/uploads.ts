import type { FastifyReply } from "fastify";
import type { ImageError } from "../media/image-pipeline.js";
import { sendError } from "./error-reply.js";

// How a refused file is answered. Multipart bodies themselves are read by spooled-uploads.ts:
// streamed to disk, only on the calls that take files (issue 14 MF3); nothing holds uploads in memory.

/**
 * A refused file: 413 `too_large`, 400 `invalid_input` (missing, empty, not an image), or 503
 * `unavailable` (too many images being processed: try again).
 */
export type FileRefusal =
  | { ok: false; status: 413; code: "too_large"; message: string }
  | { ok: false; status: 400; code: "invalid_input"; message: string }
  | { ok: false; status: 503; code: "unavailable"; message: string };

const refused = (tooLarge: boolean, message: string): FileRefusal =>
  tooLarge
    ? { ok: false, status: 413, code: "too_large", message }
    : { ok: false, status: 400, code: "invalid_input", message };

/** How the media pipeline's refusal of a file is answered. */
export function imageRefusal(error: ImageError): FileRefusal {
  if (error.kind === "busy") return { ok: false, status: 503, code: "unavailable", message: error.message };
  return refused(error.kind === "too-large", error.message);
}

/** Seconds a client waits before sending its pictures again when the image queue is full. */
export const BUSY_RETRY_SECONDS = 60;

/**
 * Answers a refused file: 413 `too_large`, 503 `unavailable` with `Retry-After` (the image queue is
 * full: nothing is wrong with the file), and a bad file as `badFile` words it (a field error).
 */
export function sendFileRefusal<T>(
  reply: FastifyReply,
  refused: FileRefusal,
  badFile: (message: string) => T,
): T | ReturnType<typeof sendError> {
  if (refused.status === 413) return sendError(reply, 413, "too_large", { detail: refused.message });
  if (refused.status === 503) {
    reply.header("retry-after", String(BUSY_RETRY_SECONDS));
    return sendError(reply, 503, "unavailable", { detail: refused.message });
  }
  return badFile(refused.message);
}
