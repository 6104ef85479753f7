/**
 * Decoding what the SQLite word index answers for a search (case-search.ts, indexedMatches): one
 * text a query and shard, its matches' keys (`rowid & CASE_KEY_MASK`: id * 64 + type code * 8 +
 * status code, migration 014) joined by commas in rowid order. No database and no Kysely here: the
 * search threads (sqlite-search-threads.ts) decode in their own thread what they read.
 */

/** The low 38 bits of a rowid: id * 64 + type code * 8 + status code (migration 014). */
export const CASE_KEY_MASK = 2 ** 38 - 1;
const COMMA = 44;
const ZERO = 48;

/** A search's matches decoded: how many in each status code (0-7), and the asked window's ids, newest first. */
export interface DecodedMatches {
  perCode: number[];
  ids: number[];
}

/**
 * Every match of the texts counted per status code, and the ids of those with the `wanted` code
 * (any when undefined), newest first: all of them, or those of `window` (skipped from the newest).
 * The texts' statuses are disjoint (planSearch's groups), so no match is counted twice.
 */
export function decodeMatches(texts: readonly string[], wanted: number | undefined, window?: { offset: number; limit: number }): DecodedMatches {
  const perCode = new Array<number>(8).fill(0);
  if (texts.length === 1 && window && readKeys(texts[0]!, perCode)) {
    // One NGO, one query (most searches): the counts need every key, the window only its own,
    // read from the newest end. Decoding every id cost about as much again as counting for a
    // common word (docs/performance/2026-11-24.md, "A new search, cheaper to answer").
    return { perCode, ids: windowFromNewest(texts[0]!, wanted, window) };
  }
  perCode.fill(0);
  const parts = texts.map((text) => {
    const part: number[] = [];
    // FTS5 answers in rowid order, which is id order within a shard; sorted only if it ever did not.
    if (!readKeys(text, perCode, wanted, part)) part.sort((a, b) => a - b);
    return part;
  });
  // Ascending within each part; several parts (shards, or a search's groups) are merged by sorting.
  const all = (parts.length === 1 ? parts[0]! : parts.flat().sort((a, b) => a - b)).reverse();
  return { perCode, ids: window ? all.slice(window.offset, window.offset + window.limit) : all };
}

/**
 * Counts the keys by status code into perCode and, given `ids`, adds the ids of the wanted status
 * code (any when undefined) in the keys' order. Answers whether the keys were in rowid order. The
 * keys' digits are read in place: splitting made a string for every match (garbage to collect).
 */
function readKeys(text: string, perCode: number[], wanted?: number, ids?: number[]): boolean {
  let previous = -1;
  let ordered = true;
  let key = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : COMMA;
    if (c !== COMMA) {
      key = key * 10 + (c - ZERO);
      continue;
    }
    const code = key % 8;
    perCode[code]!++;
    if (key < previous) ordered = false;
    previous = key;
    if (ids && (wanted === undefined || code === wanted)) ids.push(Math.floor(key / 64));
    key = 0;
  }
  return ordered;
}

/** The ids of a window of the keys with the wanted status code (any when undefined), counted from the last key. */
function windowFromNewest(text: string, wanted: number | undefined, window: { offset: number; limit: number }): number[] {
  const ids: number[] = [];
  let skipped = 0;
  let key = 0;
  let place = 1;
  for (let i = text.length - 1; i >= -1 && ids.length < window.limit; i--) {
    const c = i >= 0 ? text.charCodeAt(i) : COMMA;
    if (c !== COMMA) {
      key += (c - ZERO) * place;
      place *= 10;
      continue;
    }
    if (wanted === undefined || key % 8 === wanted) {
      if (skipped < window.offset) skipped++;
      else ids.push(Math.floor(key / 64));
    }
    key = 0;
    place = 1;
  }
  return ids;
}
