import { createReadStream } from "node:fs";
import { access, mkdir, readFile, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Readable } from "node:stream";
import { writeAtomically } from "./image-pipeline.js";

// Where media files live (issue 13): a directory of DATA_DIR for one instance, or an S3-compatible
// store shared by several (s3-object-store.ts). Two areas: `public` images, served at /media/, and
// `private` documents (verification), read only through the admins' routes.

export type MediaArea = "public" | "private";

/** An object opened for reading: its bytes as a stream, and what HTTP caching needs. */
export interface StoredObject {
  body: Readable;
  size: number;
  etag: string | undefined;
  lastModified: Date | undefined;
}

export interface ObjectStore {
  /** What an operator reads in a message: "the directory ./data" or "S3 bucket media at …". */
  readonly description: string;
  /** Stores `bytes` under `key`; a reader sees the old object or the whole new one, never half. */
  put(area: MediaArea, key: string, bytes: Buffer): Promise<void>;
  /** Opens `key` for streaming; null when there is none. */
  open(area: MediaArea, key: string): Promise<StoredObject | null>;
  /** The bytes of `key`; null when there is none. */
  read(area: MediaArea, key: string): Promise<Buffer | null>;
  exists(area: MediaArea, key: string): Promise<boolean>;
  /** Removes `key`; false when there was none. */
  remove(area: MediaArea, key: string): Promise<boolean>;
  /** Throws a sentence for the operator when the store cannot be used (checked at start). */
  check(): Promise<void>;
}

/**
 * Keys are made by the media store ("products/3f9a0c1d2b4e5f60.webp", "shop-photos/….webp"): one
 * folder and one file name of safe characters. Anything else (traversal, other folders) is refused.
 */
const KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]+\.webp$/;

export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
}

/** The local directory store: DATA_DIR/media (public) and DATA_DIR/private. */
export interface LocalObjectStore extends ObjectStore {
  readonly publicDir: string;
  readonly privateDir: string;
}

export function createLocalObjectStore(dataDir: string): LocalObjectStore {
  const publicDir = join(dataDir, "media");
  const privateDir = join(dataDir, "private");
  const fileOf = (area: MediaArea, key: string) => {
    assertKey(key);
    return join(area === "public" ? publicDir : privateDir, key);
  };
  const missing = (error: unknown) => (error as { code?: string }).code === "ENOENT";

  return {
    description: `the directory ${dataDir}`,
    publicDir,
    privateDir,
    async put(area, key, bytes) {
      const file = fileOf(area, key);
      await mkdir(dirname(file), { recursive: true });
      await writeAtomically(file, bytes);
    },
    async open(area, key) {
      const file = fileOf(area, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          size: info.size,
          etag: `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`,
          lastModified: info.mtime,
        };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async read(area, key) {
      try {
        return await readFile(fileOf(area, key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async exists(area, key) {
      try {
        await access(fileOf(area, key));
        return true;
      } catch {
        return false;
      }
    },
    async remove(area, key) {
      try {
        await rm(fileOf(area, key));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async check() {
      await mkdir(publicDir, { recursive: true });
      await mkdir(privateDir, { recursive: true });
    },
  };
}
