import { describe, expect, it } from 'vitest';
import { CreateReporterInputSchema } from './reporter';
import { UpdatePostOperationDetailInputSchema, UpdateCaseInputSchema } from './case';
import { NameSchema } from './common';
import { hasControlCharacter, hasVisibleText, optionalText, requiredText } from './formats';

const INVISIBLE = ['\u200b', '\u00ad', '\u200d', '\u200c', '\ufeff', '\u200e', '\u200f', '\u202e', '\u2066', '\u2060', ' \u200b\u00a0 '];
const CONTROL = ['\u001b[31m', 'bell\u0007', 'nul\u0000', 'del\u007f', 'c1\u0085', 'form\u000cfeed'];

describe('visible text', () => {
  it('tells apart a text that shows something from one of invisible characters only', () => {
    for (const text of INVISIBLE) expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    expect(hasVisibleText('')).toBe(false);
    expect(hasVisibleText('a\u200b')).toBe(true);
    // Hindi joins letters with ZWJ and ZWNJ: with letters around them they are text.
    expect(hasVisibleText('क्\u200dष')).toBe(true);
  });

  it('finds control characters, but not tab and line breaks', () => {
    for (const text of CONTROL) expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    expect(hasControlCharacter('line one\r\nline two\tend')).toBe(false);
  });
});

describe('text fields', () => {
  const required = requiredText('field.name', 100);
  const optional = optionalText('field.comments', 100);
  const messages = (schema: { safeParse: (v: unknown) => { error?: { issues: Array<{ message: string }> } } }, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

  it('refuses a required text of invisible characters only as if it were empty', () => {
    for (const text of INVISIBLE) expect(messages(required, text), JSON.stringify(text)).toContain('Name is required');
    expect(required.parse('  Asha ')).toBe('Asha');
  });

  it('clears an optional text of invisible characters only, as it does an empty one', () => {
    for (const text of INVISIBLE) expect(optional.parse(text), JSON.stringify(text)).toBeNull();
  });

  it('refuses control characters other than tab and line breaks in every text, naming the field', () => {
    for (const text of CONTROL) {
      expect(messages(required, text), JSON.stringify(text)).toContain('Name holds a control character (such as Esc) that cannot be saved: type the text again without it');
      expect(messages(optional, text)?.[0], JSON.stringify(text)).toMatch(/^Comments holds a control character/);
    }
    expect(optional.parse('first line\r\nsecond\tline')).toBe('first line\r\nsecond\tline');
  });

  it('holds for the shared schemas built on them', () => {
    expect(UpdatePostOperationDetailInputSchema.parse({ caseId: 1, releaseOverrideReason: '\u200b' }).releaseOverrideReason).toBeNull();
    expect(UpdatePostOperationDetailInputSchema.safeParse({ caseId: 1, releaseOverrideReason: 'flooded\u001b' }).success).toBe(false);
    expect(UpdateCaseInputSchema.parse({ caseId: 1, causeOfFailure: '\u00ad\u200b' }).causeOfFailure).toBeNull();
    expect(UpdateCaseInputSchema.safeParse({ caseId: 1, causeOfFailure: 'x\u0007' }).success).toBe(false);
    expect(NameSchema.safeParse('\u2060').success).toBe(false);
    expect(CreateReporterInputSchema.safeParse({ name: 'Asha\u001b', contact: '9845012345' }).success).toBe(false);
  });
});
