import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { messages } from "@katale/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES } from "../media/image-limits.js";
import { IMAGE_ERROR_MESSAGES, type ImageError } from "../media/image-pipeline.js";

// Multipart bodies (profile picture, verification documents; later shop and product images).
// Registered inside the plugins that take files only. Fields arrive as strings (validated by the contract's zod schema); each file
// is read into memory up to MAX_IMAGE_BYTES and becomes an `Upload` value, checked by content later
// by the media pipeline.

const UPLOAD = Symbol("upload");
/** Set on a request once its body has been read and validated (the preHandler stage). */
const BODY_READ = Symbol("bodyRead");
type Marked = { [BODY_READ]?: true };

export interface Upload {
  [UPLOAD]: true;
  bytes: Buffer;
  /** The file was cut at MAX_IMAGE_BYTES. */
  tooLarge: boolean;
}

/** `fieldSize`: the longest text field in bytes (a 2,000-character review may take 8,000). */
export async function registerUploads(
  app: FastifyInstance,
  options: { fieldSize?: number } = {},
): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: "keyValues",
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: 4,
      fields: 20,
      fieldSize: options.fieldSize ?? 4096,
      parts: 30,
    },
    async onFile(part: MultipartFile) {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      const upload: Upload = { [UPLOAD]: true, bytes: Buffer.concat(chunks), tooLarge: part.file.truncated };
      (part as MultipartFile & { value: Upload }).value = upload;
    },
  });

  // The parser (busboy) throws plain errors on a broken body (no closing boundary, a truncated part):
  // the client's fault, met before any handler ran and before anything was stored. This scope's
  // hooks run before a route's own preHandlers (sign-in checks), so the mark tells the two apart.
  app.addHook("preHandler", async (request) => {
    (request as Marked)[BODY_READ] = true;
  });
  // Errors go on to the app's handler (http/error-handler.ts), a broken body as a 400.
  app.setErrorHandler((error: FastifyError, request) => {
    if ((error.statusCode ?? 500) >= 500 && request.isMultipart() && !(request as Marked)[BODY_READ]) {
      request.log.warn({ err: error }, "malformed multipart body");
      throw Object.assign(new Error(messages.api.malformedMultipart), { statusCode: 400 });
    }
    throw error;
  });
}

/**
 * A refused file: 413 `too_large`, 400 `invalid_input` (missing, empty, not an image), or 503
 * `unavailable` (too many images being processed: try again).
 */
export type FileRefusal =
  | { ok: false; status: 413; code: "too_large"; message: string }
  | { ok: false; status: 400; code: "invalid_input"; message: string }
  | { ok: false; status: 503; code: "unavailable"; message: string };

export type UploadCheck = { ok: true; bytes: Buffer } | FileRefusal;

const refused = (tooLarge: boolean, message: string): FileRefusal =>
  tooLarge
    ? { ok: false, status: 413, code: "too_large", message }
    : { ok: false, status: 400, code: "invalid_input", message };

/** How the media pipeline's refusal of a file is answered. */
export function imageRefusal(error: ImageError): FileRefusal {
  if (error.kind === "busy") return { ok: false, status: 503, code: "unavailable", message: error.message };
  return refused(error.kind === "too-large", error.message);
}

/** The file a multipart field carried: missing, too large, or its bytes (content not checked yet). */
export function uploadOf(value: unknown): UploadCheck {
  if (typeof value !== "object" || value === null || !(UPLOAD in value)) {
    return refused(false, messages.authServer.fileRequired);
  }
  const upload = value as Upload;
  if (upload.tooLarge) return refused(true, IMAGE_ERROR_MESSAGES["too-large"]);
  if (upload.bytes.length === 0) return refused(false, messages.authServer.fileRequired);
  return { ok: true, bytes: upload.bytes };
}
