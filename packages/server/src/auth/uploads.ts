import fastifyMultipart, { type MultipartFile } from "@fastify/multipart";
import { messages } from "@katale/domain";
import type { FastifyInstance } from "fastify";
import { MAX_IMAGE_BYTES } from "../media/image-limits.js";
import { IMAGE_ERROR_MESSAGES } from "../media/image-pipeline.js";

// Multipart bodies of the auth service (profile picture, verification documents). Registered inside
// the auth plugin only. Fields arrive as strings (validated by the contract's zod schema); each file
// is read into memory up to MAX_IMAGE_BYTES and becomes an `Upload` value, checked by content later
// by the media pipeline.

const UPLOAD = Symbol("upload");

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
