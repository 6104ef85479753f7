import { searchKeysOf } from './search-keys';

/** More words than this in one search are ignored: nobody types them, and each costs a lookup. */
const MAX_WORDS = 8;

/**
 * The words of a search: runs of letters, combining marks and digits, lower-cased. A Devanagari
 * word keeps its vowel signs and viramas ("गच्ची" is one word), so it can be romanised whole
 * (search-keys.ts); everything else (spaces, punctuation, symbols) separates words.
 */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}\p{Co}]+/u)
    .filter((w) => /[\p{L}\p{N}\p{Co}]/u.test(w))
    .slice(0, MAX_WORDS);
}

/** How the index finds one word of a search. */
export interface WordLookup {
  /**
   * The word as the index's tokenizer splits it, each piece matched from its beginning: one piece
   * for a Latin word; a Devanagari word splits at its combining marks, as SQLite's unicode61 reads
   * the indexed text.
   */
  tokens: string[];
  /** Or any of these phonetic keys, matched from their beginning (search-keys.ts). */
  keys: string[];
}

export function wordLookup(word: string): WordLookup {
  return { tokens: word.split(/\p{M}+/u).filter((t) => t.length > 0), keys: searchKeysOf(word) };
}

/** Statuses that share the words still to be found among the indexed fields. */
export interface SearchGroup<S extends string> {
  statuses: S[];
  /** Empty: every case with one of these statuses matches. */
  words: string[];
}

/**
 * How to answer a search over the indexed fields plus status. A case matches when each word of
 * the search begins a word of its reporter name, location, landmark, pincode, animal ID or status.
 * Status has six values, so it is not indexed: for each status, the words it already supplies are
 * dropped, and statuses left with the same words are searched together. "released" then means
 * "status Released" (read from the counters) or "released" in another field; "blood ravi" means
 * "Blood Test and ravi" or "blood and ravi". No words at all (only punctuation): nothing matches.
 */
export function planSearch<S extends string>(text: string, statuses: readonly S[]): SearchGroup<S>[] {
  const words = searchWords(text);
  if (words.length === 0) return [];
  const groups = new Map<string, SearchGroup<S>>();
  for (const status of statuses) {
    const statusWords = searchWords(status);
    const left = words.filter((w) => !statusWords.some((s) => s.startsWith(w)));
    const key = left.join(' ');
    const group = groups.get(key) ?? { statuses: [], words: left };
    group.statuses.push(status);
    groups.set(key, group);
  }
  return [...groups.values()];
}
