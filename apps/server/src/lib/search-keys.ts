import Sanscript from '@indic-transliteration/sanscript';

/**
 * Loose phonetic keys that let a search meet a case across scripts and spellings
 * (docs/decisions/022): "Gachi" finds "गच्चीबौली", "लक्ष्मी" finds "Laxmi". A word in Devanagari is
 * first romanised with Sanscript's ITRANS scheme (the closest to how Hindi names are typed in
 * Latin letters); then Latin text from either source is folded by the rules of LOOSE_RULES, so the
 * spellings people commonly use for one name fold to one key. The keys are extra index words: a
 * case's own words stay indexed and matched as before.
 */

const DEVANAGARI = /[\u0900-\u097F]/u;
/** The nukta marks sounds (ज़ z, फ़ f) that Latin typing rarely tells apart: folded with its letter. */
const NUKTA = /\u093C/gu;
const WORD = /[\p{L}\p{M}\p{N}\p{Co}]+/gu;
/** A key this short matches nearly every case: not worth a lookup. */
const MIN_KEY_LENGTH = 2;

/**
 * The folding, in order. Each pair is a spelling choice Indians make when typing a name in Latin
 * letters, and the other spellings fold into the same key:
 * "x"/"ksh", "ch"/"chh"/"c", "sh"/"s", "ph"/"f", aspirates written or not ("dh"/"d"), long vowels
 * doubled or not ("ee"/"i", "oo"/"u"), "au"/"ow"/"ou", "w"/"v", "z"/"j", doubled letters, and, last, every "a" after the first
 * letter: the inherent vowel that Hindi drops in speech and typing ("नगर" nagara, typed "Nagar";
 * "कमला" kamalā, typed "Kamla").
 */
const LOOSE_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/x/g, 'ks'],
  [/chh?/g, 'C'],
  [/c/g, 'k'],
  [/C/g, 'c'],
  [/sh/g, 's'],
  [/ph/g, 'f'],
  [/([bdgjkt])h/g, '$1'],
  [/ee|ii/g, 'i'],
  [/oo|uu/g, 'u'],
  [/au|ow|ou/g, 'o'],
  [/w/g, 'v'],
  [/q/g, 'k'],
  [/z/g, 'j'],
  [/(.)\1+/g, '$1'],
];

/** The word in plain Latin letters: Devanagari romanised, diacritics dropped, lower case. */
function latinLetters(word: string): string {
  let text = word.normalize('NFC').replace(NUKTA, '');
  if (DEVANAGARI.test(text)) {
    // ITRANS writes the anusvara "M": it sounds, and is typed, "m" before p, b and m, else "n"
    // ("कोरमंगला" Koramangala, "चेंबूर" Chembur).
    text = Sanscript.t(text, 'devanagari', 'itrans').replace(/M(?=[pbm])/g, 'm').replace(/M/g, 'n');
  }
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
}

/**
 * The loose key of one word, '' for a word with digits (codes and numbers are matched as typed)
 * or no letters. Both sides of a search go through it: the indexed words and the searched ones.
 */
export function phoneticKey(word: string): string {
  if (/\p{N}/u.test(word)) return '';
  let key = latinLetters(word);
  if (key === '') return '';
  for (const [pattern, replacement] of LOOSE_RULES) key = key.replace(pattern, replacement);
  // The inherent vowel: kept as a first letter ("Anita"), dropped elsewhere.
  return (key[0]! + key.slice(1).replaceAll('a', '')).replace(/(.)\1+/g, '$1');
}

/** A key worth indexing or looking up for this word: long enough, and not the word itself. */
function usefulKey(word: string, key: string): boolean {
  return key.length >= MIN_KEY_LENGTH && key !== word.toLowerCase();
}

/**
 * The extra index words of a field's text: the keys of its words that are worth a lookup, each
 * once, space-separated; null when there are none.
 */
export function indexKeysOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const keys = new Set<string>();
  for (const word of text.match(WORD) ?? []) {
    const key = phoneticKey(word);
    if (usefulKey(word, key)) keys.add(key);
  }
  return keys.size === 0 ? null : [...keys].join(' ');
}

/**
 * The keys to look up for a word of a search, which may be the beginning of a longer word. A
 * Latin word cut short may stop inside a spelling the rules fold ("Gac" of "Gachibowli", "Pre" of
 * "Preeti", "Po" of "Pooja"), so its key is also taken as if the next letter completed it; those
 * extra keys only widen a prefix match.
 */
export function searchKeysOf(word: string): string[] {
  const keys = new Set([phoneticKey(word)]);
  if (!DEVANAGARI.test(word)) {
    const last = word.slice(-1).toLowerCase();
    // "c" and "p" are the letters an "h" changes ("ch", "ph"); "e" and "o" are doubled for long vowels.
    if (last === 'c' || last === 'p') keys.add(phoneticKey(`${word}h`));
    if (last === 'e' || last === 'o') keys.add(phoneticKey(`${word}${last}`));
  }
  return [...keys].filter((key) => usefulKey(word, key));
}
