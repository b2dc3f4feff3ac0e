import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
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
  encodeWebp,
  type ImageError,
  imageError,
  randomImageName,
  writeAtomically,
  writeImageSet,
} from "./image-pipeline.js";

/** A public image: its host path (served under /media/) and the main file's size. */
export interface StoredImage {
  ok: true;
  /** e.g. "/media/products/3f9a0c1d2b4e5f60.webp"; variants sit beside it as "-240.webp" etc. */
  path: string;
  width: number;
  height: number;
}

export type ProcessImageResult = StoredImage | ImageError;
export type SavePrivateImageResult = { ok: true; key: string } | ImageError;

export interface MediaStore {
  /** Directory served publicly at /media/. */
  readonly publicDir: string;
  /** Directory for private files (verification documents); never served. */
  readonly privateDir: string;
  /**
   * Checks an upload by content, strips metadata, auto-rotates and stores it as WebP (main file at
   * most 1200 px wide) plus its -240/-480/-800 variants, under a random name.
   */
  processImage(input: Buffer, opts: { kind: ImageKind }): Promise<ProcessImageResult>;
  /** Same checks and re-encoding for a verification document; returns an opaque key, not a URL. */
  savePrivateImage(input: Buffer, kind: PrivateImageKind): Promise<SavePrivateImageResult>;
  /** The bytes (image/webp) of a private file, or null for an unknown or malformed key. */
  readPrivate(key: string): Promise<Buffer | null>;
  /** Removes a private file; false for an unknown or malformed key. */
  deletePrivate(key: string): Promise<boolean>;
  /** Removes a public image (main file and variants) by host path or URL; false when not ours. */
  deleteImage(path: string): Promise<boolean>;
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

/** `jobs`: the bounded queue every upload's decoding and encoding waits in (IMAGE_JOBS etc.). */
export function createMediaStore(dataDir: string, jobs: ImageJobs = new ImageJobs()): MediaStore {
  const publicDir = join(dataDir, "media");
  const privateDir = join(dataDir, "private");

  function privateFile(key: string): string | null {
    // Keys are produced only by savePrivateImage; a strict pattern refuses any traversal outright.
    const match = PRIVATE_KEY.exec(key);
    return match ? join(privateDir, match[1]!, `${match[2]}.webp`) : null;
  }

  async function processPublic(input: Buffer, kind: ImageKind): Promise<ProcessImageResult> {
    const decoded = await decodeUpload(input, IMAGE_MAX_WIDTH);
    if (!decoded.ok) return decoded;
    const name = randomImageName();
    await writeImageSet(decoded.image, join(publicDir, kind), name, IMAGE_VARIANT_WIDTHS);
    return {
      ok: true,
      path: `/media/${kind}/${name}.webp`,
      width: decoded.image.width,
      height: decoded.image.height,
    };
  }

  async function processPrivate(input: Buffer, kind: PrivateImageKind): Promise<SavePrivateImageResult> {
    const decoded = await decodeUpload(input, PRIVATE_IMAGE_MAX_WIDTH);
    if (!decoded.ok) return decoded;
    const name = randomImageName();
    const dir = join(privateDir, kind);
    await mkdir(dir, { recursive: true });
    await writeAtomically(
      join(dir, `${name}.webp`),
      await encodeWebp(decoded.image, undefined, { quality: 85 }),
    );
    return { ok: true, key: `${kind}/${name}.webp` };
  }

  return {
    publicDir,
    privateDir,

    async processImage(input, { kind }) {
      const done = await jobs.run(() => processPublic(input, kind));
      return done === BUSY ? imageError("busy") : done;
    },

    async savePrivateImage(input, kind) {
      const done = await jobs.run(() => processPrivate(input, kind));
      return done === BUSY ? imageError("busy") : done;
    },

    async readPrivate(key) {
      const file = privateFile(key);
      if (!file) return null;
      try {
        return await readFile(file);
      } catch {
        return null;
      }
    },

    async deletePrivate(key) {
      const file = privateFile(key);
      if (!file) return false;
      try {
        await rm(file);
        return true;
      } catch {
        return false;
      }
    },

    async deleteImage(path) {
      const image = parseImagePath(path);
      if (!image) return false;
      const dir = join(publicDir, image.kind);
      const files = [`${image.name}.webp`, ...IMAGE_VARIANT_WIDTHS.map((w) => `${image.name}-${w}.webp`)];
      let removedMain = false;
      for (const [index, file] of files.entries()) {
        try {
          await rm(join(dir, file));
          if (index === 0) removedMain = true;
        } catch {
          // Already gone: deleting is idempotent.
        }
      }
      return removedMain;
    },
  };
}
