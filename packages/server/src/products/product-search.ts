import { SEARCH_RESULTS_MAX } from "@katale/domain";
import { type Kysely, sql } from "kysely";
import { SEARCH_SAMPLE_EVERY } from "../db/migrations/0032-search-sample.js";
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
/**
 * A tier is looked for among the newest SEARCH_NEWEST_ROWS listed products (newest first) when at
 * least SEARCH_PROBE_HITS of the newest SEARCH_PROBE_ROWS hold it (about 7 % or more): a word that
 * common fills the tier there after a few hundred products, while its index's bitmap would hold every
 * product with the word (a word in a tenth of a million products: 100,000 of them, 0.3 s). Else, or
 * when the window does not fill the tier, the tier comes from the sample's index or the whole one
 * (IN_SAMPLE). A rarer word reads more of the window than the sample's bitmap costs (2.4 %: 2,000
 * rows, 3–5 ms at 1,000,000 products, against under 1 ms).
 */
const SEARCH_NEWEST_ROWS = 5_000;
const SEARCH_PROBE_ROWS = 150;
const SEARCH_PROBE_HITS = 10;
/**
 * The sample indexes' predicate, word for word as migration 0032 wrote it (one listed product in
 * SEARCH_SAMPLE_EVERY). A tier of a word in a few thousand products (too rare for the window) fills
 * from the sample's index, a sixteenth of the whole index's bitmap; a word in under about 800 per
 * million leaves the sample short and its tier comes from the whole index, whose bitmap is small then.
 */
const IN_SAMPLE = `id % ${SEARCH_SAMPLE_EVERY} = 0 AND in_stock > 0 AND NOT hidden`;

/**
 * The tiers, best first: a product's rank and the condition on its vectors. Tiers 2 and 1 (some of
 * the words, not all) hold nothing for a search of one word: they are not looked for then.
 */
const TIERS: { tier: number; holds: string; words: number }[] = [
  { tier: 4, holds: "name_vector @@ {every}", words: 1 },
  { tier: 3, holds: "search_vector @@ {every} AND NOT name_vector @@ {every}", words: 1 },
  { tier: 2, holds: "name_vector @@ {some} AND NOT search_vector @@ {every}", words: 2 },
  {
    tier: 1,
    holds: "search_vector @@ {some} AND NOT search_vector @@ {every} AND NOT name_vector @@ {some}",
    words: 2,
  },
].map(({ tier, holds, words }) => ({
  tier,
  words,
  holds: holds
    .replaceAll("{every}", "(SELECT every_word FROM q)")
    .replaceAll("{some}", "(SELECT some_word FROM q)"),
}));

/**
 * A tier's probe (its hits among the newest SEARCH_PROBE_ROWS), window (its first hits among the
 * newest) and sample (its first hits among the products of the sample indexes, migration 0032).
 */
const windowed = ({ tier, holds }: (typeof TIERS)[number]) => `
    probe${tier} AS (
      SELECT count(*) AS n FROM (SELECT * FROM newest LIMIT ${SEARCH_PROBE_ROWS}) p WHERE ${holds}
    ),
    window${tier} AS (SELECT id FROM newest WHERE ${holds} LIMIT ${SEARCH_TIER_LIMIT}),
    sample${tier} AS (
      SELECT id FROM products WHERE ${IN_SAMPLE} AND ${holds} LIMIT ${SEARCH_TIER_LIMIT}
    )`;

/**
 * A tier's hits: its window's when the probe says the tier is common and the window fills it; else
 * its sample's when the sample fills it; else its whole index's.
 */
const tierHits = ({ tier, holds, words }: (typeof TIERS)[number]) => {
  const enough = words > 1 ? `(SELECT count(*) FROM words) >= ${words} AND ` : "";
  const fromWindow = `(SELECT n FROM probe${tier}) >= ${SEARCH_PROBE_HITS}
            AND (SELECT count(*) FROM window${tier}) = ${SEARCH_TIER_LIMIT}`;
  const fromSample = `(SELECT count(*) FROM sample${tier}) = ${SEARCH_TIER_LIMIT}`;
  return `(SELECT id, ${tier} AS tier FROM window${tier} WHERE ${enough}${fromWindow})
        UNION ALL
        (SELECT id, ${tier} FROM sample${tier} WHERE ${enough}NOT (${fromWindow}) AND ${fromSample})
        UNION ALL
        (SELECT id, ${tier} FROM products
          WHERE ${enough}NOT (${fromWindow}) AND NOT ${fromSample}
            AND in_stock > 0 AND NOT hidden AND ${holds}
          LIMIT ${SEARCH_TIER_LIMIT})`;
};

const TIER_WINDOWS = TIERS.map(windowed).join(",\n");
const TIER_HITS = TIERS.map(tierHits).join("\n        UNION ALL\n        ");

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
    newest AS (
      SELECT id, name_vector, search_vector FROM products
      WHERE in_stock > 0 AND NOT hidden ORDER BY id DESC LIMIT ${sql.lit(SEARCH_NEWEST_ROWS)}
    ),
    ${sql.raw(TIER_WINDOWS)},
    hits AS (
      SELECT id, tier FROM (
        ${sql.raw(TIER_HITS)}
      ) tiers
      LIMIT ${sql.lit(SEARCH_RESULTS_MAX)}
    )
    SELECT ${jsonColumns} FROM hits h JOIN products p ON p.id = h.id
    ORDER BY h.tier DESC, word_similarity(${words.join(" ")}::text, p.name) DESC, p.id DESC`.execute(db);
  return rows;
}
