import type { FaqWire, FeedbackWire } from "@katale/adapters-http/contract";
import type { Insertable, Kysely } from "kysely";
import type { Database, FeedbackTable } from "../db/schema.js";

/** The public feedback list shows the newest this many. */
export const FEEDBACK_LIST_MAX = 100;

// FAQs and feedback (spec §3). Feedback e-mail addresses are never selected for the public list.
export class SupportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  faqs(): Promise<FaqWire[]> {
    return this.db
      .selectFrom("faqs")
      .select(["id", "question", "answer"])
      .orderBy("position")
      .orderBy("id")
      .execute();
  }

  async feedback(limit = FEEDBACK_LIST_MAX): Promise<FeedbackWire[]> {
    const rows = await this.db
      .selectFrom("feedback")
      .select(["id", "name", "message", "stars", "created_at"])
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
    return rows.map(toFeedbackWire);
  }

  /** Stores feedback as sent (`stars` already the stored 0–10 value); answers it as published. */
  async addFeedback(feedback: { name: string; email: string; message: string; stars: number }) {
    const row = await this.db
      .insertInto("feedback")
      .values(feedback as Insertable<FeedbackTable>)
      .returning(["id", "name", "message", "stars", "created_at"])
      .executeTakeFirstOrThrow();
    return toFeedbackWire(row);
  }
}

function toFeedbackWire({
  created_at,
  ...rest
}: Omit<FeedbackWire, "date"> & { created_at: unknown }): FeedbackWire {
  return { ...rest, date: toIso(created_at as Date | string) };
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
