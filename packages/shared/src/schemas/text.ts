import { z } from 'zod';
import { says, type FieldLabel } from './say';

/**
 * What every text field a person types is made of (docs/product.md#formats-and-validation): the
 * one place the schemas take their text from, so a rule about characters holds in every form.
 */

/**
 * Control characters are no part of what a person types: the C0 and C1 controls (ESC, BEL, NUL, …)
 * and DEL. Tab and line breaks (LF, and the CR of a CRLF a pasted text may carry) are text.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * Characters that show nothing: white space, format characters (Unicode category Cf: zero-width
 * space, joiners, soft hyphen, byte order mark, bidi marks and isolates), the code points Unicode
 * says to draw as nothing (Default_Ignorable_Code_Point: the combining grapheme joiner, Hangul
 * fillers, variation selectors) and the blank Braille pattern. A text of only these says nothing.
 */
const INVISIBLE_ONLY = /^[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/** Whether a text holds at least one character that shows. */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE_ONLY.test(value);
}

/** The base of every text field a person types: trimmed, and without control characters. */
export function plainText(label: FieldLabel, notText = says('validation.text', label)) {
  return z.string(notText).trim().refine((value) => !hasControlCharacter(value), says('validation.controlCharacter', label));
}

/**
 * A text that must say something: one of invisible characters only is missing, like an empty one,
 * and so is a field left out.
 */
export function requiredText(label: FieldLabel, max = 200) {
  return plainText(label, says('validation.required', label))
    .min(1, says('validation.required', label))
    .refine(hasVisibleText, says('validation.required', label))
    .max(max, says('validation.maxLength', label, { max: String(max) }));
}
