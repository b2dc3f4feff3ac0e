import type { CommentWire } from "@katale/adapters-http/contract";
import { isPastEnd } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";
import { noteOf } from "../moderation/owner-view.js";

// Reviews (comments, spec §3): plain text, trimmed, newest first. The text is stored as typed and
// returned as a string; clients show it as text, never as markup.

export type CommentPage = { ok: true; count: number; data: CommentWire[] } | { ok: false };

export class CommentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private select(db: Kysely<Database> = this.db) {
    return db
      .selectFrom("comments as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .select([
        "c.id as comment_id",
        "c.comment",
        "c.product_id",
        "c.user_id",
        "u.name as commentor_name",
        "u.profile_picture as commentor_profile_picture",
        "c.created_at",
        sql<string[]>`coalesce((
          SELECT array_agg(ci.path ORDER BY ci.position) FROM comment_images ci WHERE ci.comment_id = c.id
        ), '{}')`.as("comment_images"),
      ]);
  }

  /** One page of a product's comments (not those moderators hid), newest first; `ok: false` past the end (page 1 may be empty). */
  async page(productId: number, page: number, pageSize: number): Promise<CommentPage> {
    const counted = await this.db
      .selectFrom("comments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("product_id", "=", productId)
      .where("hidden", "=", false)
      .executeTakeFirstOrThrow();
    const count = Number(counted.n);
    if (isPastEnd(page, count, pageSize)) return { ok: false };
    const rows = await this.select()
      .where("c.product_id", "=", productId)
      .where("c.hidden", "=", false)
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { ok: true, count, data: rows.map(toWire) };
  }

  /**
   * Every comment a user wrote, newest first; those moderators hid only for the author themselves
   * (`withHidden`), with the moderators' note.
   */
  async byUser(userId: number, withHidden = false): Promise<CommentWire[]> {
    const rows = await this.select()
      .leftJoin("moderation_holds as h", (join) =>
        join.on("h.target", "=", "review").onRef("h.target_id", "=", "c.id"),
      )
      .select(["c.hidden", "h.note as hold_note", "h.automatic as hold_automatic"])
      .where("c.user_id", "=", userId)
      .$if(!withHidden, (q) => q.where("c.hidden", "=", false))
      .orderBy("c.created_at", "desc")
      .orderBy("c.id", "desc")
      .execute();
    return rows.map(({ hidden, hold_note, hold_automatic, ...row }) => {
      const wire = toWire(row);
      if (!hidden) return wire;
      const hold = hold_note === null ? undefined : { note: hold_note, automatic: hold_automatic ?? false };
      return { ...wire, moderation: { hidden: true as const, note: noteOf(hold) } };
    });
  }

  async byId(commentId: number): Promise<CommentWire | undefined> {
    const row = await this.select().where("c.id", "=", commentId).executeTakeFirst();
    return row && toWire(row);
  }

  /** Adds a comment (text already trimmed) with its images; undefined for an unknown product. */
  async add(
    userId: number,
    productId: number,
    comment: string,
    images: readonly string[] = [],
    /** Runs in the transaction once the comment is kept (the notification's event). */
    onAdded?: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<CommentWire | undefined> {
    const id = await this.db.transaction().execute(async (trx) => {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "=", productId)
        // A product moderators hid answers here as a missing one.
        .where("hidden", "=", false)
        .executeTakeFirst();
      if (!product) return undefined;
      const row = await trx
        .insertInto("comments")
        .values({ user_id: userId, product_id: productId, comment })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (images.length > 0) {
        await trx
          .insertInto("comment_images")
          .values(images.map((path, position) => ({ comment_id: row.id, position, path })))
          .execute();
      }
      if (onAdded) await onAdded(trx);
      return row.id;
    });
    return id === undefined ? undefined : this.byId(id);
  }

  async edit(commentId: number, comment: string): Promise<CommentWire | undefined> {
    await this.db
      .updateTable("comments")
      .set({ comment, updated_at: sql`now()` })
      .where("id", "=", commentId)
      .execute();
    return this.byId(commentId);
  }

  /** Whose comment it is, or undefined when there is none. */
  async ownerOf(commentId: number): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("comments")
      .select("user_id")
      .where("id", "=", commentId)
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Deletes the comment; answers the paths of its images, for the caller to remove. */
  async remove(commentId: number, onDeleted?: (trx: Kysely<Database>) => Promise<void>): Promise<string[]> {
    return this.db.transaction().execute(async (trx) => {
      const images = await trx
        .selectFrom("comment_images")
        .select("path")
        .where("comment_id", "=", commentId)
        .execute();
      await trx.deleteFrom("comments").where("id", "=", commentId).execute();
      await onDeleted?.(trx);
      return images.map((image) => image.path);
    });
  }
}

type Row = Omit<CommentWire, "date_commented"> & { created_at: unknown };

function toWire({ created_at, ...rest }: Row): CommentWire {
  const date = created_at instanceof Date ? created_at : new Date(String(created_at));
  return { ...rest, date_commented: date.toISOString() };
}
