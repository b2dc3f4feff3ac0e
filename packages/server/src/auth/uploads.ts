import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { messages } from "@katale/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES } from "../media/image-limits.js";
import { IMAGE_ERROR_MESSAGES } from "../media/image-pipeline.js";

// Multipart bodies of the auth service (profile picture, verification documents). Registered inside
// the auth plugin only. Fields arrive as strings (validated by the contract's zod schema); each file
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

export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    attachFieldsToBody: "keyValues",
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_IMAGE_BYTES, files: 4, fields: 20, fieldSize: 4096, parts: 30 },
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

export type UploadCheck = { ok: true; bytes: Buffer } | { ok: false; status: 400 | 413; message: string };

/** The file a multipart field carried: missing, too large, or its bytes (content not checked yet). */
export function uploadOf(value: unknown): UploadCheck {
  if (typeof value !== "object" || value === null || !(UPLOAD in value)) {
    return { ok: false, status: 400, message: messages.authServer.fileRequired };
  }
  const upload = value as Upload;
  if (upload.tooLarge) return { ok: false, status: 413, message: IMAGE_ERROR_MESSAGES["too-large"] };
  if (upload.bytes.length === 0) return { ok: false, status: 400, message: messages.authServer.fileRequired };
  return { ok: true, bytes: upload.bytes };
}
