import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import fastifyMultipart from "@fastify/multipart";
import { messages } from "@katale/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { authenticate, tokenOf } from "../auth/authenticate.js";
import type { Database } from "../db/schema.js";
import { MAX_IMAGE_BYTES } from "../media/image-limits.js";
import { IMAGE_ERROR_MESSAGES } from "../media/image-pipeline.js";
import { sendError } from "./error-reply.js";
import type { FileRefusal } from "./uploads.js";

// Multipart bodies of the seller's calls (shops, products, shop verification: issue 9), which carry
// up to 8 images of up to 10 MB each. Nothing is held in memory: each file streams to a temporary
// file of its own (cut at MAX_IMAGE_BYTES), and text fields are bounded. A token in the
// Authorization header is checked before the body is read, so a stranger's upload is refused unread
// (a token in the form, the spec's fallback, can only be read with the body). The temporary files
// (under DATA_DIR/uploads) go when the answer is sent or the client goes away; a body cut off half way fails the request
// before any handler ran, so nothing is created from it.

const SPOOLED = Symbol("spooled");
const TEMP_DIR = Symbol("spoolDir");
type Spooling = { [TEMP_DIR]?: string };
/** Spool folders emptied at start in this process. */
const cleared = new Set<string>();

/** A file of a multipart body, waiting on disk. */
export interface SpooledFile {
  [SPOOLED]: true;
  path: string;
  size: number;
  /** The file was cut at MAX_IMAGE_BYTES. */
  tooLarge: boolean;
}

export interface SpoolOptions {
  /** Where the temporary files go (DATA_DIR/uploads: the data's own disk, never served). */
  spoolDir: string;
  /** Most files one body may carry; one more is refused with 413. */
  maxFiles: number;
  /** Longest text field in bytes. */
  fieldSize?: number;
  /**
   * The fields that may carry a file; a file under any other name is refused with 400 before it is
   * read (the connection closes, the rest of the body unread). Unset: any field.
   */
  fileFields?: readonly string[] | RegExp;
  /**
   * No file is read before the sender is signed in: by the Authorization header (checked before
   * the body), or by a token field that came before the first file; otherwise 401, body unread.
   */
  signInFirst?: boolean;
}

function takesFile(fields: SpoolOptions["fileFields"], name: string): boolean {
  if (fields === undefined) return true;
  return fields instanceof RegExp ? fields.test(name) : fields.includes(name);
}

/** A refusal met while reading a body: the answer goes at once and the connection closes. */
class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: "invalid_input" | "not_authenticated" | "invalid_token",
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Before the first file of a `signInFirst` body: the token fields seen so far must sign in. */
async function signedInBeforeFiles(
  request: FastifyRequest,
  db: Kysely<Database>,
  fields: Record<string, unknown>,
): Promise<void> {
  if (request.authUser) return;
  request.body = fields;
  const user = await authenticate(request, db);
  if (user) return;
  if (tokenOf(request)) throw new Refused(401, "invalid_token", messages.authServer.invalidToken);
  throw new Refused(401, "not_authenticated", messages.authServer.credentialsMissing);
}

async function refuseToken(request: FastifyRequest, reply: FastifyReply, db: Kysely<Database>) {
  if (!tokenOf(request)) return false;
  if (await authenticate(request, db)) return false;
  reply.header("www-authenticate", "Token");
  await sendError(reply, 401, "invalid_token", { detail: messages.authServer.invalidToken });
  return true;
}

async function removeSpool(request: FastifyRequest) {
  const dir = (request as Spooling)[TEMP_DIR];
  if (!dir) return;
  (request as Spooling)[TEMP_DIR] = undefined;
  await rm(dir, { recursive: true, force: true });
}

/**
 * Registers multipart parsing for the routes of this plugin: files spooled to disk (`SpooledFile`
 * values in the body), repeated text fields as arrays. JSON bodies are untouched.
 */
export async function registerSpooledUploads(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: SpoolOptions,
): Promise<void> {
  const fieldSize = options.fieldSize ?? 64 * 1024;
  // Left over by a process that stopped mid-upload: nothing else lives there.
  if (!cleared.has(options.spoolDir)) {
    cleared.add(options.spoolDir);
    await rm(options.spoolDir, { recursive: true, force: true });
  }
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: options.maxFiles + 1,
      fields: 40,
      fieldSize,
      parts: options.maxFiles + 41,
      headerPairs: 100,
    },
  });

  // Before the body: a header token that is wrong is answered at once, the body left unread.
  app.addHook("onRequest", async (request, reply) => {
    // (No body yet, so tokenOf reads the header only; isMultipart() is not known yet either.)
    const multipart = /^multipart\/form-data/i.test(request.headers["content-type"] ?? "");
    if (multipart && (await refuseToken(request, reply, db))) return reply;
  });

  app.addHook("preValidation", async (request, reply) => {
    if (!request.isMultipart()) return;
    await mkdir(options.spoolDir, { recursive: true });
    const dir = await mkdtemp(join(options.spoolDir, "upload-"));
    (request as Spooling)[TEMP_DIR] = dir;
    const body: Record<string, unknown> = {};
    const put = (name: string, value: unknown) => {
      const before = body[name];
      body[name] =
        before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
    };
    let files = 0;
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (!takesFile(options.fileFields, part.fieldname)) {
            throw new Refused(400, "invalid_input", messages.api.unexpectedFile);
          }
          if (options.signInFirst && files === 0) await signedInBeforeFiles(request, db, body);
          files += 1;
          if (files > options.maxFiles + 1) throw Object.assign(new Error("files"), { statusCode: 413 });
          const path = join(dir, String(files));
          await pipeline(part.file, createWriteStream(path));
          const file: SpooledFile = {
            [SPOOLED]: true,
            path,
            size: part.file.bytesRead,
            tooLarge: part.file.truncated,
          };
          put(part.fieldname, file);
        } else {
          if (part.valueTruncated) throw Object.assign(new Error("field"), { statusCode: 413 });
          put(part.fieldname, part.value);
        }
      }
    } catch (error) {
      await removeSpool(request);
      if (error instanceof Refused) {
        // What is left of the body is never read: the connection closes after the answer.
        reply.header("connection", "close");
        if (error.status === 401) reply.header("www-authenticate", "Token");
        return sendError(reply, error.status, error.code, { detail: error.detail });
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 413) {
        return sendError(reply, 413, "too_large", { detail: messages.api.bodyTooLarge });
      }
      // A broken or cut-off body: the client's fault, met before anything was stored.
      request.log.warn({ err: error }, "malformed multipart body");
      return sendError(reply, 400, "invalid_input", { detail: messages.api.malformedMultipart });
    }
    request.body = body;
  });

  // Before the answer leaves (the handler is done with the files), and as a net after it.
  app.addHook("onSend", async (request, _reply, payload) => {
    await removeSpool(request);
    return payload;
  });
  app.addHook("onResponse", removeSpool);
  app.addHook("onRequestAbort", removeSpool);
}

/**
 * For the routes of a plugin that take no files: a multipart body is refused with 400 before any of
 * it is read (the connection closes), so nobody can make the server hold uploads it never wanted.
 */
export function refuseFiles(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!/^multipart\//i.test(request.headers["content-type"] ?? "")) return;
    reply.header("connection", "close");
    return sendError(reply, 400, "invalid_input", { detail: messages.api.noFilesExpected });
  });
}

/** The folder of temporary upload files: DATA_DIR/uploads. */
export function spoolDir(config: { dataDir: string }): string {
  return join(config.dataDir, "uploads");
}

export function isSpooledFile(value: unknown): value is SpooledFile {
  return typeof value === "object" && value !== null && SPOOLED in value;
}

export type SpooledCheck = { ok: true; file: SpooledFile; read(): Promise<Buffer> } | FileRefusal;

/** The file a field carried: missing (or not a file), too large, or readable (content not checked yet). */
export function spooledFileOf(
  value: unknown,
  missing: string = messages.authServer.fileRequired,
): SpooledCheck {
  if (!isSpooledFile(value) || value.size === 0) {
    return { ok: false, status: 400, code: "invalid_input", message: missing };
  }
  if (value.tooLarge) {
    return { ok: false, status: 413, code: "too_large", message: IMAGE_ERROR_MESSAGES["too-large"] };
  }
  // At most MAX_IMAGE_BYTES: read one file at a time.
  return { ok: true, file: value, read: () => readFile(value.path) };
}
