import { createHmac, timingSafeEqual } from "node:crypto";
import { isNotificationKind, type NotificationKind } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.js";

/** Path of the one-click unsubscribe link under the shop service (unsubscribe-routes.ts). */
export const UNSUBSCRIBE_PATH = "notifications/unsubscribe/";

/**
 * Signed unsubscribe links (RFC 8058): `?u=<user>&k=<kind>&s=<HMAC-SHA256(user:kind)>`, keyed by the
 * database's own secret (notification_secret, made once by its migration), so every instance signs
 * alike and nothing of a session is in a mail. A link only ever turns one kind's e-mail off.
 */
export class UnsubscribeLinks {
  private secret: Promise<string> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly publicUrl: string,
  ) {}

  async url(userId: number, kind: NotificationKind): Promise<string> {
    const query = new URLSearchParams({ u: String(userId), k: kind, s: await this.sign(userId, kind) });
    return `${this.publicUrl}/api/shop/${UNSUBSCRIBE_PATH}?${query}`;
  }

  /** The user and kind a link names, when its signature holds. */
  async verify(
    u: string | undefined,
    k: string | undefined,
    s: string | undefined,
  ): Promise<{ userId: number; kind: NotificationKind } | undefined> {
    const userId = Number(u);
    if (!Number.isInteger(userId) || userId < 1 || userId > 2_147_483_647) return undefined;
    if (!k || !isNotificationKind(k) || !s) return undefined;
    const expected = Buffer.from(await this.sign(userId, k));
    const given = Buffer.from(s);
    return given.length === expected.length && timingSafeEqual(given, expected)
      ? { userId, kind: k }
      : undefined;
  }

  private async sign(userId: number, kind: NotificationKind): Promise<string> {
    this.secret ??= sql<{ secret: string }>`SELECT secret FROM notification_secret`
      .execute(this.db)
      .then(({ rows }) => {
        if (!rows[0]) throw new Error("notification_secret is empty");
        return rows[0].secret;
      });
    const secret = await this.secret.catch((error: unknown) => {
      this.secret = undefined;
      throw error;
    });
    return createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");
  }
}
