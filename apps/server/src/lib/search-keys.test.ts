import { describe, expect, it } from 'vitest';
import { indexKeysOf, phoneticKey, searchKeysOf } from './search-keys';
import { searchWords, wordLookup } from './search-words';

/** Names as typed in Latin letters and as written in Devanagari: each pair must fold to one key. */
const SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ['Gachibowli', 'गच्चीबौली'],
  ['Lakshmi', 'लक्ष्मी'],
  ['Laxmi', 'लक्ष्मी'],
  ['Shivaji Nagar', 'शिवाजी नगर'],
  ['Mohan', 'मोहन'],
  ['Koramangala', 'कोरमंगला'],
  ['Indiranagar', 'इंदिरानगर'],
  ['Chandni Chowk', 'चांदनी चौक'],
  ['Krishna', 'कृष्ण'],
  ['Thane', 'ठाणे'],
  ['Pooja', 'पूजा'],
  ['Preeti', 'प्रीति'],
  ['Sharma', 'शर्मा'],
  ['Ramesh', 'रमेश'],
  ['Wadala', 'वडाला'],
  ['Dharavi', 'धारावी'],
  ['Bengaluru', 'बेंगलुरु'],
  ['Kamla', 'कमला'],
  ['Gomti Nagar', 'गोमती नगर'],
  ['Chembur', 'चेंबूर'],
  ['Gowda', 'गौड़ा'],
  ['Phool', 'फ़ूल'],
];

/** Whether a search word finds an indexed text by its own beginning or a key's, as the index does. */
function finds(search: string, text: string): boolean {
  const indexed = [...searchWords(text).flatMap((w) => wordLookup(w).tokens), ...(indexKeysOf(text)?.split(' ') ?? [])];
  return searchWords(search).every((word) => {
    const { tokens, keys } = wordLookup(word);
    return tokens.every((t) => indexed.some((i) => i.startsWith(t))) || keys.some((k) => indexed.some((i) => i.startsWith(k)));
  });
}

describe('phonetic keys', () => {
  it.each(SPELLINGS)('folds %s and %s to the same keys', (latin, devanagari) => {
    const keys = (text: string) => searchWords(text).map(phoneticKey);
    expect(keys(devanagari)).toEqual(keys(latin));
    expect(keys(latin).every((key) => key.length >= 2)).toBe(true);
  });

  it.each(SPELLINGS)('finds %s by its Devanagari spelling and %s by its Latin one', (latin, devanagari) => {
    expect(finds(devanagari, latin)).toBe(true);
    expect(finds(latin, devanagari)).toBe(true);
  });

  it('finds a place from the beginning of its name in the other script, as typed so far', () => {
    for (const typed of ['Gachi', 'Gachh', 'Gac', 'gach', 'गच्ची', 'गच']) expect(finds(typed, 'गच्चीबौली'), typed).toBe(true);
    for (const typed of ['Gachi', 'गच्ची', 'गच्चीबौ']) expect(finds(typed, 'Gachibowli'), typed).toBe(true);
    for (const [typed, text] of [
      ['Koram', 'कोरमंगला'],
      ['Pre', 'प्रीति'],
      ['Po', 'पूजा'],
      ['Lak', 'लक्ष्मी'],
      ['Shivaji Nag', 'शिवाजी नगर'],
      ['शिवा', 'Shivaji Nagar'],
      ['Pho', 'फ़ूल'],
    ] as const) {
      expect(finds(typed, text), `${typed} in ${text}`).toBe(true);
    }
  });

  it('still tells different names apart', () => {
    expect(finds('Mohan', 'Mahima')).toBe(false);
    expect(finds('गच्ची', 'Koramangala')).toBe(false);
    expect(finds('Lakshmi', 'Lakhan')).toBe(false);
    expect(finds('Sharma', 'Verma')).toBe(false);
  });

  it('gives no key to numbers, codes with digits, one-letter keys or words that are their own key', () => {
    expect(phoneticKey('560038')).toBe('');
    expect(phoneticKey('ghmc12')).toBe('');
    expect(indexKeysOf('560038 R-12 metro')).toBeNull();
    expect(searchKeysOf('ra')).toEqual([]);
    expect(indexKeysOf(null)).toBeNull();
    expect(indexKeysOf('Ravi Ravi ravi')).toBe('rvi');
  });

  it('keeps a Devanagari word whole as a search word, and splits it for the index as its tokenizer does', () => {
    expect(searchWords('गच्ची, बौली!')).toEqual(['गच्ची', 'बौली']);
    expect(wordLookup('गच्ची').tokens).toEqual(['गच', 'च']);
    expect(wordLookup('गच्ची').keys).toEqual(['gci']);
    expect(searchWords('ी ् %')).toEqual([]);
  });
});
