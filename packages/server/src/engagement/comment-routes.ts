import { engagementCalls, parsePage, routeSchema } from "@katale/adapters-http/contract";
import { COMMENTS_PER_PAGE, messages } from "@katale/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { authenticate, currentUser, requireUser } from "../auth/authenticate.js";
import { PRIVATE_NO_STORE, PUBLIC_REVALIDATE } from "../http/cache-control.js";
import { sendError } from "../http/error-reply.js";
import type { FieldWording } from "../http/field-errors.js";
import { INVALID_PAGE, PRODUCT_NOT_FOUND } from "../http/not-found-messages.js";
import type { RouteDeps } from "../http/route-deps.js";
import { registerSpooledUploads, spoolDir, spooledFileOf } from "../http/spooled-uploads.js";
import { imageRefusal } from "../http/uploads.js";
import { stillShown } from "../media/media-references.js";
import { writeAudit } from "../moderation/audit-log.js";
import { CommentRepository } from "./comment-repository.js";
import { refusedInput } from "./input-refusal.js";

// Reviews (comments) on products, shop service (spec §7). Edit by the author only; delete by the
// author or an admin. The text is trimmed by the contract and kept as plain text.

const TAG = "engagement";
const COMMENT_WORDING: FieldWording = {
  comment: [messages.support.enterComment, messages.reviews.tooLong],
};
const IMAGE_FIELD = /^image_\d+$/;
/** Pictures one review may carry (the multipart limit before). */
const COMMENT_IMAGES_MAX = 4;

export const commentRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, media, readCache, config } = deps;
  const comments = new CommentRepository(db);
  // Pictures spooled to disk, none read before the sender is signed in (issue 14 MF3). A review's
  // 2,000 characters may be 4 bytes each in UTF-8.
  await registerSpooledUploads(app, db, {
    maxFiles: COMMENT_IMAGES_MAX,
    fieldSize: 4 * 2000 + 1024,
    spoolDir: spoolDir(config),
    fileFields: IMAGE_FIELD,
    signInFirst: true,
  });
  const signedIn = { preHandler: requireUser(db), attachValidation: true };
  /** Removes images no row shows any more (files are named by content and may be shared). */
  const release = async (paths: readonly string[]) => {
    for (const path of paths) if (!(await stillShown(db, path))) await media.deleteImage(path);
  };

  app.get(
    `/${engagementCalls.comments.path}`,
    { schema: routeSchema(engagementCalls.comments, TAG) },
    async (request, reply) => {
      const productId = request.params.productId;
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        // A product moderators hid answers here as a missing one.
        .where("hidden", "=", false)
        .executeTakeFirst();
      if (!product) return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      const page = parsePage(request.query.page);
      const result =
        page === null ? ({ ok: false } as const) : await comments.page(productId, page, COMMENTS_PER_PAGE);
      if (!result.ok) return sendError(reply, 404, "invalid_page", { detail: INVALID_PAGE });
      reply.header("cache-control", PUBLIC_REVALIDATE);
      return { data: result.data, number_of_comments: result.count };
    },
  );

  app.get(
    `/${engagementCalls.userComments.path}`,
    { schema: routeSchema(engagementCalls.userComments, TAG) },
    async (request, reply) => {
      const userId = request.params.userId;
      const user = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
      if (!user) return sendError(reply, 404, "user_not_found", { detail: messages.api.userNotFound });
      // Its author also sees what moderators hid of it (never shared: their answer is private).
      const own =
        request.headers.authorization !== undefined && (await authenticate(request, db))?.id === userId;
      const data = await comments.byUser(userId, own);
      reply.header("cache-control", own ? PRIVATE_NO_STORE : PUBLIC_REVALIDATE);
      return { data, number_of_comments: data.length };
    },
  );

  app.post(
    `/${engagementCalls.addComment.path}`,
    { schema: routeSchema(engagementCalls.addComment, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, COMMENT_WORDING)) return reply;
      const { comment, product_id: productId, ...rest } = request.body;
      const images: string[] = [];
      for (const [field, value] of Object.entries(rest)) {
        if (!IMAGE_FIELD.test(field)) continue;
        const upload = spooledFileOf(value);
        const stored = upload.ok
          ? await media.processImage(await upload.read(), { kind: "comments" })
          : upload;
        if (!stored.ok) {
          await release(images);
          const refused = "code" in stored ? stored : imageRefusal(stored);
          return sendError(reply, refused.status, refused.code, { detail: refused.message });
        }
        images.push(stored.path);
      }
      const me = currentUser(request).id;
      const added = await comments.add(me, productId, comment, images, (trx) =>
        deps.notifier.record(trx, { kind: "review_on_my_product", actor_id: me, product_id: productId }),
      );
      if (!added) {
        await release(images);
        return sendError(reply, 404, "product_not_found", { detail: PRODUCT_NOT_FOUND });
      }
      readCache.clear();
      return reply.code(201).send({ data: added });
    },
  );

  app.patch(
    `/${engagementCalls.editComment.path}`,
    { schema: routeSchema(engagementCalls.editComment, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply, COMMENT_WORDING)) return reply;
      const id = request.params.id;
      const owner = await comments.ownerOf(id);
      if (owner === undefined)
        return sendError(reply, 404, "comment_not_found", { detail: messages.api.commentNotFound });
      if (owner !== currentUser(request).id)
        return sendError(reply, 403, "forbidden", { detail: messages.reviews.notOwner });
      const data = await comments.edit(id, request.body.comment);
      if (!data) return sendError(reply, 404, "comment_not_found", { detail: messages.api.commentNotFound });
      readCache.clear();
      return { detail: messages.reviews.edited, data };
    },
  );

  app.delete(
    `/${engagementCalls.deleteComment.path}`,
    { schema: routeSchema(engagementCalls.deleteComment, TAG), ...signedIn },
    async (request, reply) => {
      if (await refusedInput(request, reply)) return reply;
      const id = request.params.id;
      const me = currentUser(request);
      const owner = await comments.ownerOf(id);
      if (owner === undefined)
        return sendError(reply, 404, "comment_not_found", { detail: messages.api.commentNotFound });
      if (owner !== me.id && !me.isAdmin)
        return sendError(reply, 403, "forbidden", { detail: messages.reviews.notOwner });
      // An admin removing someone else's review is moderation: noted in the audit log.
      const audited =
        owner === me.id
          ? undefined
          : (trx: Parameters<typeof writeAudit>[0]) =>
              writeAudit(trx, request, { action: "review.delete", target: "review", targetId: id });
      await release(await comments.remove(id, audited));
      readCache.clear();
      return reply.code(204).send(null);
    },
  );
};
