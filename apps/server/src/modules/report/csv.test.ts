import { describe, expect, it } from 'vitest';
import { FORMULA_GUARD, csvCell, localDateTime } from './csv';

describe('CSV cells', () => {
  it('writes a stored UTC moment as the local date and time of the zone, daylight saving included', () => {
    expect(localDateTime('Asia/Kolkata')('2026-11-28T17:41:55.905Z')).toBe('2026-11-28 23:11:55');
    expect(localDateTime('Asia/Kolkata')('2026-11-30T19:00:00.000Z')).toBe('2026-12-01 00:30:00');
    // New York's clocks jump from 02:00 to 03:00 on 8 March 2026 (07:00 UTC).
    expect(localDateTime('America/New_York')('2026-03-08T06:59:59.000Z')).toBe('2026-03-08 01:59:59');
    expect(localDateTime('America/New_York')('2026-03-08T07:00:00.000Z')).toBe('2026-03-08 03:00:00');
    expect(localDateTime('Asia/Kolkata')(null)).toBeNull();
  });

  it('puts the zero-width guard only before text that begins with a formula character', () => {
    for (const text of ['=1+2', '+91 98480 11111', '-2+3', '@SUM(1;2)', '\t=1+2']) expect(csvCell(text)).toBe(`${FORMULA_GUARD}${text}`);
    expect(csvCell('\r=1+2')).toBe(`"${FORMULA_GUARD}\r=1+2"`);
    expect(csvCell('98480 11111')).toBe('98480 11111');
    expect(csvCell(-0.5)).toBe('-0.5');
  });
});
