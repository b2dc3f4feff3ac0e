import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireAdmin } from "../auth/authenticate.js";
import { uniqueViolation } from "../auth/user-repository.js";
import { sendError } from "../http/error-reply.js";
import type { RouteDeps } from "../http/route-deps.js";
import { spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal } from "../http/uploads.js";
import type { ImageKind } from "../media/image-limits.js";
import { stillShown } from "../media/media-references.js";
import { type AuditEntry, writeAudit } from "../moderation/audit-log.js";
import { CatalogueRepository } from "./catalogue-repository.js";
import { FilterRepository } from "./filter-repository.js";

/** The app the catalogue's write routes are added to (zod schemas on every route). */
export type CatalogueApp = Parameters<FastifyPluginAsyncZod>[0];

export type CatalogueWriteKit = ReturnType<typeof catalogueWriteKit>;

/** What every admin catalogue call uses: the repositories, the admin check, images and the read cache. */
export function catalogueWriteKit({ db, media, readCache }: RouteDeps) {
  /** Deletes the images no category, product, shop or message shows any more. */
  const release = async (paths: readonly (string | null | undefined)[]) => {
    for (const path of paths) if (path && !(await stillShown(db, path))) await media.deleteImage(path);
  };

  return {
    catalogue: new CatalogueRepository(db),
    filters: new FilterRepository(db),
    /** Admins only (401 for a visitor, 403 for anyone else); the handler answers bad input itself. */
    admin: { preHandler: requireAdmin(db), attachValidation: true },
    release,

    /**
     * Runs an admin's write and its audit entry in one transaction (`entry` of the write's value;
     * undefined: nothing changed, nothing to note).
     */
    audited<T>(
      request: FastifyRequest,
      work: (repos: { catalogue: CatalogueRepository; filters: FilterRepository }) => Promise<T>,
      entry: (value: T) => AuditEntry | undefined,
    ): Promise<T> {
      return db.transaction().execute(async (trx) => {
        const value = await work({
          catalogue: new CatalogueRepository(trx),
          filters: new FilterRepository(trx),
        });
        const noted = entry(value);
        if (noted) await writeAudit(trx, request, noted);
        return value;
      });
    },

    /** After a delete: every list shows it at once, and the images it used go. */
    async removed(images: readonly (string | null)[] = []): Promise<void> {
      readCache.clear();
      await release(images);
    },

    /**
     * Stores the optional image: undefined when none was sent, null after answering a refusal,
     * otherwise the new host path.
     */
    async storeImage(
      reply: FastifyReply,
      value: unknown,
      kind: ImageKind,
    ): Promise<string | null | undefined> {
      if (value === undefined || value === "") return undefined;
      const upload = spooledFileOf(value);
      const result = upload.ok ? await media.processImage(await upload.read(), { kind }) : upload;
      if (result.ok) return result.path;
      const refused = "code" in result ? result : imageRefusal(result);
      await (refused.status === 413
        ? sendError(reply, 413, "too_large", { detail: refused.message })
        : sendError(reply, 400, "invalid_input", { image: [refused.message] }));
      return null;
    },

    /** Runs a write; a unique violation on a name answers `conflict` (and drops the new image). */
    async write<T>(
      reply: FastifyReply,
      work: () => Promise<T>,
      conflict: (reply: FastifyReply) => unknown,
      newImage?: string,
    ): Promise<{ ok: true; value: T } | { ok: false }> {
      try {
        const value = await work();
        readCache.clear();
        return { ok: true, value };
      } catch (error) {
        await release([newImage]);
        if (uniqueViolation(error)?.includes("name")) {
          await conflict(reply);
          return { ok: false };
        }
        throw error;
      }
    },
  };
}
