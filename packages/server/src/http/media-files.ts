import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { IMAGE_KINDS, IMAGE_VARIANT_WIDTHS } from "../media/image-limits.js";
import type { LocalMediaStore, MediaStore } from "../media/media-store.js";
import { IMMUTABLE_CACHE, IMMUTABLE_MAX_AGE_MS } from "./cache-control.js";

/**
 * Public media (product, shop and profile images) at /media/, from DATA_DIR or from the S3 store:
 * the same paths and cache headers either way. Private documents are never served here.
 */
export async function registerMediaFiles(app: FastifyInstance, media: MediaStore): Promise<void> {
  if (isLocal(media)) return registerDirectory(app, media);
  registerFromStore(app, media);
}

const isLocal = (media: MediaStore): media is LocalMediaStore => "publicDir" in media;

async function registerDirectory(app: FastifyInstance, media: LocalMediaStore): Promise<void> {
  mkdirSync(media.publicDir, { recursive: true });
  // Media names are random or content hashes: a file never changes, so it may be cached for a year.
  await app.register(fastifyStatic, {
    root: resolve(media.publicDir),
    prefix: "/media/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    maxAge: IMMUTABLE_MAX_AGE_MS,
    immutable: true,
  });
}

/** What may be asked for: an image of ours or one of its variants, nothing else of the store. */
const MEDIA_FILE = new RegExp(
  `^(${IMAGE_KINDS.join("|")})/[a-z0-9]{8,64}(-(${IMAGE_VARIANT_WIDTHS.join("|")}))?\\.webp$`,
);

function registerFromStore(app: FastifyInstance, media: MediaStore): void {
  app.route<{ Params: { "*": string } }>({
    method: ["GET", "HEAD"],
    url: "/media/*",
    handler: async (request, reply) => {
      const key = request.params["*"];
      const object = MEDIA_FILE.test(key) ? await media.files.open("public", key) : null;
      if (!object) return reply.callNotFound();
      reply.header("cache-control", IMMUTABLE_CACHE).type("image/webp");
      if (object.etag) reply.header("etag", object.etag);
      if (object.lastModified) reply.header("last-modified", object.lastModified.toUTCString());
      if (object.etag && request.headers["if-none-match"] === object.etag) {
        object.body.destroy();
        return reply.code(304).send();
      }
      reply.header("content-length", String(object.size));
      if (request.method === "HEAD") {
        object.body.destroy();
        return reply.send();
      }
      return reply.send(object.body);
    },
  });
}
