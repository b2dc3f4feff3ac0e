import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { stillShown } from "../media/media-references.js";
import type { MediaStore } from "../media/media-store.js";
import { UserRepository } from "./user-repository.js";

// Account deletion (issue 4; the spec's screen only pretends). What happens to the user's data:
//
// - deleted: login tokens (every session ends), one-time codes, reset keys, saved products, browse
//   history, follows, comments with their images, identity verification requests with their private
//   documents, chat rooms where the user is the customer (with their messages), and the user's shops
//   with everything in them (products, product images, their ratings and comments, followers, chat
//   rooms, shop verification requests): nobody could answer for a shop whose owner is gone;
// - anonymised: the user row itself stays as a tombstone ("Deleted user", no e-mail, phone, picture,
//   birth date or password, deleted_at set), so the user's ratings of other shops' products still count
//   in their averages without pointing to a person. The e-mail and phone become free to register again.
//
// Files (avatar, shop and product images, comment images, chat photos, documents) are removed after the database
// transaction commits; a file that cannot be removed is only logged.

export const DELETED_USER_NAME = "Deleted user";

type Db = Kysely<Database>;

export async function deleteAccount(
  db: Db,
  media: MediaStore,
  userId: number,
  log: (message: string, error: unknown) => void,
): Promise<void> {
  const files = await db.transaction().execute(async (trx) => {
    const users = new UserRepository(trx);
    const user = await users.lockForDeletion(userId);
    const shopIds = (await trx.selectFrom("shops").select("id").where("owner_id", "=", userId).execute()).map(
      (s) => s.id,
    );

    const publicFiles: string[] = user.profile_picture ? [user.profile_picture] : [];
    const privateFiles: string[] = [];

    const commentImages = trx
      .selectFrom("comment_images as ci")
      .innerJoin("comments as c", "c.id", "ci.comment_id")
      .select("ci.path");
    publicFiles.push(...(await commentImages.where("c.user_id", "=", userId).execute()).map((r) => r.path));

    const documents = await trx
      .selectFrom("user_verification_requests")
      .select(["national_id_image", "user_image"])
      .where("user_id", "=", userId)
      .execute();
    for (const d of documents) privateFiles.push(d.national_id_image, d.user_image);

    // Chat photos of the rooms that go (the user's as customer, their shops') and of their messages.
    const chatPhotos = await trx
      .selectFrom("chat_messages as m")
      .innerJoin("chat_rooms as r", "r.id", "m.room_id")
      .select("m.image")
      .where("m.image", "is not", null)
      .where((eb) =>
        eb.or([
          eb("m.sender_id", "=", userId),
          eb("r.customer_id", "=", userId),
          ...(shopIds.length > 0 ? [eb("r.shop_id", "in", shopIds)] : []),
        ]),
      )
      .execute();
    for (const p of chatPhotos) if (p.image) publicFiles.push(p.image);

    if (shopIds.length > 0) {
      const shops = await trx
        .selectFrom("shops")
        .select(["display_image", "cover_image"])
        .where("id", "in", shopIds)
        .execute();
      for (const s of shops) {
        if (s.display_image) publicFiles.push(s.display_image);
        if (s.cover_image) publicFiles.push(s.cover_image);
      }
      const productImages = await trx
        .selectFrom("product_images as pi")
        .innerJoin("products as p", "p.id", "pi.product_id")
        .select("pi.path")
        .where("p.shop_id", "in", shopIds)
        .execute();
      publicFiles.push(...productImages.map((r) => r.path));
      publicFiles.push(
        ...(
          await commentImages
            .innerJoin("products as p", "p.id", "c.product_id")
            .where("p.shop_id", "in", shopIds)
            .execute()
        ).map((r) => r.path),
      );
      const shopDocuments = await trx
        .selectFrom("shop_verification_requests")
        .select("shop_image")
        .where("shop_id", "in", shopIds)
        .execute();
      for (const d of shopDocuments) if (d.shop_image) privateFiles.push(d.shop_image);
      // Cascades to products, images, ratings, comments, follows, chat rooms and requests.
      await trx.deleteFrom("shops").where("id", "in", shopIds).execute();
    }
    const shopDocumentsRequested = await trx
      .selectFrom("shop_verification_requests")
      .select("shop_image")
      .where("requested_by", "=", userId)
      .execute();
    for (const d of shopDocumentsRequested) if (d.shop_image) privateFiles.push(d.shop_image);

    await trx.deleteFrom("auth_tokens").where("user_id", "=", userId).execute();
    await trx.deleteFrom("one_time_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("reset_keys").where("user_id", "=", userId).execute();
    await trx.deleteFrom("saved_products").where("user_id", "=", userId).execute();
    await trx.deleteFrom("browse_history").where("user_id", "=", userId).execute();
    await trx.deleteFrom("follows").where("user_id", "=", userId).execute();
    await trx.deleteFrom("comments").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_verification_requests").where("user_id", "=", userId).execute();
    await trx.deleteFrom("shop_verification_requests").where("requested_by", "=", userId).execute();
    await trx.deleteFrom("chat_rooms").where("customer_id", "=", userId).execute();
    await trx.deleteFrom("chat_messages").where("sender_id", "=", userId).execute();

    await users.anonymise(userId, DELETED_USER_NAME);
    return { publicFiles, privateFiles };
  });

  for (const path of new Set(files.publicFiles)) {
    // Generated (seed) images are named by content and may be shared: keep what is still shown.
    if (await stillShown(db, path)) continue;
    await media.deleteImage(path).catch((error: unknown) => log("could not remove an image", error));
  }
  for (const key of new Set(files.privateFiles)) {
    await media.deletePrivate(key).catch((error: unknown) => log("could not remove a document", error));
  }
}
