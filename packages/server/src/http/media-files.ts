import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { MediaStore } from "../media/media-store.js";
import { IMMUTABLE_MAX_AGE_MS } from "./cache-control.js";

/** Public media (product, shop and profile images) at /media/; private documents are never served. */
export async function registerMediaFiles(app: FastifyInstance, media: MediaStore): Promise<void> {
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
