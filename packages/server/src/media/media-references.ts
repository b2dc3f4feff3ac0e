import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * Whether a public image is still shown somewhere. Generated (seed) images are named by content and
 * may be shared, so a file is removed only when nothing refers to it any more.
 */
export async function stillShown(db: Kysely<Database>, path: string): Promise<boolean> {
  const row = await sql<{ shown: boolean }>`
    SELECT EXISTS (SELECT 1 FROM product_images WHERE path = ${path})
      OR EXISTS (SELECT 1 FROM comment_images WHERE path = ${path})
      OR EXISTS (SELECT 1 FROM chat_messages WHERE image = ${path})
      OR EXISTS (SELECT 1 FROM users WHERE profile_picture = ${path})
      OR EXISTS (SELECT 1 FROM shops WHERE display_image = ${path} OR cover_image = ${path})
      OR EXISTS (SELECT 1 FROM categories WHERE image_url = ${path})
      OR EXISTS (SELECT 1 FROM sub_categories WHERE image_url = ${path}) AS shown`.execute(db);
  return row.rows[0]?.shown === true;
}
