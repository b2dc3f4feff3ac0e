import type { ImageError } from "../media/image-pipeline.js";

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
