import { sha256 } from "../auth/secrets.js";
import type { Config } from "../config.js";
import { BUSY, ImageJobs } from "./image-jobs.js";
import {
  IMAGE_KINDS,
  IMAGE_MAX_WIDTH,
  IMAGE_VARIANT_WIDTHS,
  type ImageKind,
  PRIVATE_IMAGE_KINDS,
  PRIVATE_IMAGE_MAX_WIDTH,
  type PrivateImageKind,
} from "./image-limits.js";
import {
  decodeUpload,
  encodeImageSet,
  encodeWebp,
  type ImageError,
  type ImageSetFile,
  imageError,
  randomImageName,
} from "./image-pipeline.js";
import { createLocalObjectStore, type LocalObjectStore, type ObjectStore } from "./object-store.js";

/** A public image: its host path (served under /media/) and the main file's size. */
export interface StoredImage {
  ok: true;
  /** e.g. "/media/products/3f9a0c1d2b4e5f60.webp"; variants sit beside it as "-240.webp" etc. */
  path: string;
  width: number;
  height: number;
  /** SHA-256 (hex) of the main file as served. */
  servedSha256: string;
}

export type ProcessImageResult = StoredImage | ImageError;
export type SavePrivateImageResult = { ok: true; key: string } | ImageError;

/**
 * Uploaded and generated pictures, on an ObjectStore: DATA_DIR (one instance) or an S3-compatible
 * store shared by several instances (S3_* variables). Public images keep their /media/ paths
 * whichever store holds them; the server answers those paths (http/media-files.ts).
 */
export interface MediaStore {
  /** Where the files are. */
  readonly files: ObjectStore;
  /**
   * Checks an upload by content, strips metadata, auto-rotates and stores it as WebP (main file at
   * most 1200 px wide) plus its -240/-480/-800 variants, under a random name. `signal`: the
   * request's work was stopped, so a job still waiting for its turn leaves the line (busy).
   */
  processImage(input: Buffer, opts: { kind: ImageKind; signal?: AbortSignal }): Promise<ProcessImageResult>;
  /** Same checks and re-encoding for a verification document; returns an opaque key, not a URL. */
  savePrivateImage(input: Buffer, kind: PrivateImageKind): Promise<SavePrivateImageResult>;
  /** The bytes (image/webp) of a private file, or null for an unknown or malformed key. */
  readPrivate(key: string): Promise<Buffer | null>;
  /** Removes a private file; false for an unknown or malformed key. */
  deletePrivate(key: string): Promise<boolean>;
  /** Removes a public image (main file and variants) by host path or URL; false when not ours. */
  deleteImage(path: string): Promise<boolean>;
  /** Stores a public image set (seed pictures), the main file last; answers its /media/ path. */
  saveImageSet(kind: ImageKind, files: readonly ImageSetFile[]): Promise<string>;
  /** Whether a public image (its main file) is stored. */
  hasImage(kind: ImageKind, name: string): Promise<boolean>;
}

/** Media in DATA_DIR: its directories are served by @fastify/static and looked at by tests. */
export interface LocalMediaStore extends MediaStore {
  readonly files: LocalObjectStore;
  /** Directory served publicly at /media/. */
  readonly publicDir: string;
  /** Directory for private files (verification documents); never served. */
  readonly privateDir: string;
}

const NAME = "[a-z0-9]{8,64}";
const PUBLIC_PATH = new RegExp(`^/media/(${IMAGE_KINDS.join("|")})/(${NAME})\\.webp$`);
const PRIVATE_KEY = new RegExp(`^(${PRIVATE_IMAGE_KINDS.join("|")})/(${NAME})\\.webp$`);

/**
 * The kind and name of one of our public images, from a host path ("/media/products/x.webp") or an
 * absolute URL whose path is one ("https://host/media/products/x.webp"). A variant path resolves to
 * its main image. Anything else (other folders, "..", encoded tricks) is null.
 */
export function parseImagePath(value: string): { kind: ImageKind; name: string; path: string } | null {
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
  }
  const variant = /^(.*)-(\d+)\.webp$/.exec(path);
  if (variant && IMAGE_VARIANT_WIDTHS.some((w) => `${w}` === variant[2])) path = `${variant[1]}.webp`;
  const match = PUBLIC_PATH.exec(path);
  if (!match) return null;
  return { kind: match[1] as ImageKind, name: match[2]!, path };
}

/** SHA-256 of bytes, in hex. */

/** Media in `dataDir` (media/ and private/). `jobs`: the bounded queue every upload waits in. */
export function createMediaStore(dataDir: string, jobs: ImageJobs = new ImageJobs()): LocalMediaStore {
  const files = createLocalObjectStore(dataDir);
  return { ...mediaStoreOn(files, jobs), files, publicDir: files.publicDir, privateDir: files.privateDir };
}

/** The media store the configuration asks for: S3 when S3_BUCKET is set, else DATA_DIR. */
export async function mediaStoreFor(
  config: Pick<Config, "dataDir" | "s3">,
  jobs: ImageJobs,
): Promise<MediaStore> {
  if (!config.s3) return createMediaStore(config.dataDir, jobs);
  // The AWS SDK is loaded only when used: it adds most of a second to every start.
  const { createS3ObjectStore } = await import("./s3-object-store.js");
  return mediaStoreOn(createS3ObjectStore(config.s3), jobs);
}

export function mediaStoreOn(files: ObjectStore, jobs: ImageJobs = new ImageJobs()): MediaStore {
  async function putSet(kind: ImageKind, set: readonly ImageSetFile[]): Promise<void> {
    // Variants first, the main file last: its presence means the set is complete.
    const main = set.at(-1);
    await Promise.all(
      set.slice(0, -1).map(({ file, bytes }) => files.put("public", `${kind}/${file}`, bytes)),
    );
    if (main) await files.put("public", `${kind}/${main.file}`, main.bytes);
  }

  async function processPublic(input: Buffer, kind: ImageKind): Promise<ProcessImageResult> {
    const decoded = await decodeUpload(input, IMAGE_MAX_WIDTH);
    if (!decoded.ok) return decoded;
    const name = randomImageName();
    const set = await encodeImageSet(decoded.image, name, IMAGE_VARIANT_WIDTHS);
    await putSet(kind, set);
    return {
      ok: true,
      path: `/media/${kind}/${name}.webp`,
      width: decoded.image.width,
      height: decoded.image.height,
      servedSha256: sha256(set.at(-1)?.bytes ?? Buffer.alloc(0)),
    };
  }

  async function processPrivate(input: Buffer, kind: PrivateImageKind): Promise<SavePrivateImageResult> {
    const decoded = await decodeUpload(input, PRIVATE_IMAGE_MAX_WIDTH);
    if (!decoded.ok) return decoded;
    const key = `${kind}/${randomImageName()}.webp`;
    await files.put("private", key, await encodeWebp(decoded.image, undefined, { quality: 85 }));
    return { ok: true, key };
  }

  return {
    files,

    async processImage(input, { kind, signal }) {
      const done = await jobs.run(() => processPublic(input, kind), signal);
      return done === BUSY ? imageError("busy") : done;
    },

    async savePrivateImage(input, kind) {
      const done = await jobs.run(() => processPrivate(input, kind));
      return done === BUSY ? imageError("busy") : done;
    },

    async readPrivate(key) {
      // Keys are produced only by savePrivateImage; a strict pattern refuses any traversal outright.
      if (!PRIVATE_KEY.test(key)) return null;
      return files.read("private", key);
    },

    async deletePrivate(key) {
      if (!PRIVATE_KEY.test(key)) return false;
      return files.remove("private", key);
    },

    async deleteImage(path) {
      const image = parseImagePath(path);
      if (!image) return false;
      // The main file first: a set without it is never shown, whatever is left of its variants.
      const removedMain = await files.remove("public", `${image.kind}/${image.name}.webp`);
      await Promise.all(
        IMAGE_VARIANT_WIDTHS.map((w) => files.remove("public", `${image.kind}/${image.name}-${w}.webp`)),
      );
      return removedMain;
    },

    async saveImageSet(kind, set) {
      await putSet(kind, set);
      const main = set.at(-1);
      return `/media/${kind}/${main?.file ?? ""}`;
    },

    hasImage: (kind, name) => files.exists("public", `${kind}/${name}.webp`),
  };
}
