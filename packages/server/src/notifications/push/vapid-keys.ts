import type { Kysely } from "kysely";
import webpush from "web-push";
import type { Config } from "../../config.js";
import type { Database } from "../../db/schema.js";
import type { VapidKeyPair } from "./push-config.js";

/** What signs every push (RFC 8292): the key pair and the operator's contact. */
export interface Vapid extends VapidKeyPair {
  readonly subject: string;
}

/**
 * The server's VAPID keys: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when given; else the pair in the
 * database, made by the first instance that asks (an insert that loses to another instance's keeps
 * the winner's), so every instance signs with the key the browsers subscribed with. Read once per
 * process and kept.
 */
export class VapidKeys {
  private loaded: Promise<Vapid> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly config: Pick<Config, "push" | "publicUrl">,
  ) {}

  get(): Promise<Vapid> {
    this.loaded ??= this.load().catch((err: unknown) => {
      // A database that could not be read now may be readable on the next call.
      this.loaded = undefined;
      throw err;
    });
    return this.loaded;
  }

  private async load(): Promise<Vapid> {
    const subject = this.config.push.subject ?? `mailto:push@${new URL(this.config.publicUrl).hostname}`;
    const given = this.config.push.vapidKeys;
    if (given) return { ...given, subject };
    const stored = await this.stored();
    if (stored) return { ...stored, subject };
    const made = webpush.generateVAPIDKeys();
    await this.db
      .insertInto("push_vapid_keys")
      .values({ public_key: made.publicKey, private_key: made.privateKey })
      .onConflict((oc) => oc.column("only_one").doNothing())
      .execute();
    const kept = await this.stored();
    if (!kept) throw new Error("push: the VAPID keys were not kept");
    return { ...kept, subject };
  }

  private async stored(): Promise<VapidKeyPair | undefined> {
    const row = await this.db
      .selectFrom("push_vapid_keys")
      .select(["public_key", "private_key"])
      .executeTakeFirst();
    return row && { publicKey: row.public_key, privateKey: row.private_key };
  }
}
