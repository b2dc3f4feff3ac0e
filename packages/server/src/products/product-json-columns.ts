import { sql } from "kysely";

/** A product's kept text, `json`, with its id beside it (which orders): PRODUCT_JSON in the reads. */
export const jsonColumns = sql.raw("p.id AS product_id, p.wire AS json");
