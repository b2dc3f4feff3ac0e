import { SEARCH_RESULTS_MAX } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import { prepared } from "../db/prepared.js";
import type { Database } from "../db/schema.js";
import { jsonColumns } from "./product-json-columns.js";

// The search statement (ProductRepository.search and searchJson batch over it).

/** Search: at most this many candidates per tier (the answer's size: a tier that fills it ends the search). */
const SEARCH_TIER_LIMIT = SEARCH_RESULTS_MAX;
/**
 * A query word that no name word starts with is widened to the name words at least this similar
 * (pg_trgm similarity: 'samsng' and 'Samsung' 0.5, 'matoke' and 'Matooke' 0.67), at most
 * SEARCH_TYPO_WORDS of them, closest first.
 */
export const TYPO_SIMILARITY = 0.45;
const SEARCH_TYPO_WORDS = 3;
/**
 * Only the first this many words of a search are looked up for typos (the costly part: a trigram
 * scan of the name words); later words match as themselves and as prefixes.
 */
export const SEARCH_TYPO_LOOKUPS = 3;
/** Searches batched together at most. */
export const SEARCH_BATCH_MAX = 64;

/**
 * Words of one search looked for at most (a word that no name word starts with cost a typo lookup of
 * about 24 ms on PGlite over 10,000 products: a 33-word search took 0.8 s), so a search's work is
 * bounded by its words.
 */
export const SEARCH_WORDS_MAX = 8;

/** A search's words (the first SEARCH_WORDS_MAX distinct ones): what it matches on, and what makes two searches the same. */
export const searchWords = (query: string): string[] =>
  [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, SEARCH_WORDS_MAX);

/** A found product: its id and its kept text. */
export type SearchRow = { product_id: number; json: string };

/** The kept texts of the in-stock products matching `words`, best first (see ProductRepository.search). */
export async function searchRows(db: Kysely<Database>, words: readonly string[]): Promise<SearchRow[]> {
  if (words.length === 0) return [];
  // Words are letters and digits only, and so are the name words (migration 0006): they cannot
  // inject tsquery operators. The words are read through a subquery, so no plan knows them: the
  // generic plan then costs what a custom one does and is kept, not planned again for every search.
  const { rows } = await prepared<SearchRow>`
    WITH words AS (
      SELECT w, ord FROM unnest((SELECT ${words}::text[])) WITH ORDINALITY AS t(w, ord)
    ),
    terms AS (
      SELECT ord, '(' || CASE WHEN length(w) >= 3 THEN w || ':*' ELSE w END || coalesce((
        SELECT string_agg(' | ' || f.word, '' ORDER BY f.closeness DESC) FROM (
          SELECT sw.word, similarity(sw.word, w) AS closeness FROM search_words sw
          WHERE length(w) >= 4 AND ord <= ${sql.lit(SEARCH_TYPO_LOOKUPS)} AND sw.word % w AND similarity(sw.word, w) >= ${sql.lit(TYPO_SIMILARITY)}
            AND NOT EXISTS (
              SELECT 1 FROM search_words e
              WHERE e.word >= w COLLATE "C" AND e.word < (w || chr(255)) COLLATE "C")
          ORDER BY closeness DESC LIMIT ${sql.lit(SEARCH_TYPO_WORDS)}
        ) f), '') || ')' AS term
      FROM words
    ),
    q AS (
      SELECT to_tsquery('english', string_agg(term, ' & ' ORDER BY ord)) AS every_word,
             to_tsquery('english', string_agg(term, ' | ' ORDER BY ord)) AS some_word
      FROM terms
    ),
    hits AS (
      SELECT id, tier FROM (
        (SELECT id, 4 AS tier FROM products
          WHERE in_stock > 0 AND NOT hidden AND name_vector @@ (SELECT every_word FROM q)
          LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
        UNION ALL
        (SELECT id, 3 FROM products
          WHERE in_stock > 0 AND NOT hidden AND search_vector @@ (SELECT every_word FROM q)
            AND NOT name_vector @@ (SELECT every_word FROM q)
          LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
        UNION ALL
        (SELECT id, 2 FROM products
          WHERE in_stock > 0 AND NOT hidden AND name_vector @@ (SELECT some_word FROM q)
            AND NOT search_vector @@ (SELECT every_word FROM q)
          LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
        UNION ALL
        (SELECT id, 1 FROM products
          WHERE in_stock > 0 AND NOT hidden AND search_vector @@ (SELECT some_word FROM q)
            AND NOT search_vector @@ (SELECT every_word FROM q)
            AND NOT name_vector @@ (SELECT some_word FROM q)
          LIMIT ${sql.lit(SEARCH_TIER_LIMIT)})
      ) tiers
      LIMIT ${sql.lit(SEARCH_RESULTS_MAX)}
    )
    SELECT ${jsonColumns} FROM hits h JOIN products p ON p.id = h.id
    ORDER BY h.tier DESC, word_similarity(${words.join(" ")}::text, p.name) DESC, p.id DESC`.execute(db);
  return rows;
}
