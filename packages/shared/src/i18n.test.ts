import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_AREAS, LANGUAGES, type CatalogueArea, type Language } from './i18n';
import { CATALOGUES } from './locales/catalogues';
import { OPTION_SETS, optionKey, type OptionSet } from './option-labels';

const catalogue = (language: Language, area: CatalogueArea) => CATALOGUES[language][area];

/** The names a message fills in ({field}, {count, plural, …}), wherever they sit in it. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(message));
  return [...names].sort();
}

describe('the catalogue', () => {
  for (const area of CATALOGUE_AREAS) {
    it(`has the same keys in every language in ${area}`, () => {
      const english = Object.keys(catalogue('en', area)).sort();
      for (const language of LANGUAGES) {
        const keys = Object.keys(catalogue(language, area)).sort();
        expect({ language, missing: english.filter((k) => !keys.includes(k)), extra: keys.filter((k) => !english.includes(k)) }).toEqual({ language, missing: [], extra: [] });
      }
    });

    it(`gives every translation in ${area} the English text's placeholders, and no empty text`, () => {
      const english = catalogue('en', area);
      for (const language of LANGUAGES) {
        for (const [key, message] of Object.entries(catalogue(language, area))) {
          expect(message.trim(), `${language} ${key}`).not.toBe('');
          expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key] ?? ''));
        }
      }
    });
  }

  it('names no internal document (file path, docs/, ADR) in any text a user reads or prints', () => {
    for (const language of LANGUAGES) {
      for (const area of CATALOGUE_AREAS) {
        for (const [key, message] of Object.entries(catalogue(language, area))) {
          expect(message, `${language} ${key}`).not.toMatch(/docs\/|\.md\b|\bADR\b|decisions\//);
        }
      }
    }
  });

  it('keeps each key in one area only', () => {
    const seen = new Map<string, string>();
    for (const area of CATALOGUE_AREAS) {
      for (const key of Object.keys(catalogue('en', area))) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, area);
      }
    }
  });

  it('has a label in every language for every stored option', () => {
    const keys = new Set(CATALOGUE_AREAS.flatMap((area) => Object.keys(catalogue('hi', area))));
    for (const [set, values] of Object.entries(OPTION_SETS) as Array<[OptionSet, readonly string[]]>) {
      for (const value of values) expect(keys.has(optionKey(set, value as never)), `${set} ${value}`).toBe(true);
    }
  });
});
