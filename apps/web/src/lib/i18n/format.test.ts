import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber } from './format';
import { i18n } from './i18n';

describe('formatting for the active language', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('writes a stored date as dd/mm/yyyy whatever the time zone', () => {
    expect(formatDate('2026-11-23')).toBe('23/11/2026');
    expect(formatDate('2026-11-23T23:59:00.000Z')).toBe('23/11/2026');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('groups numbers as Indian users write them', () => {
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatNumber(0.5, { style: 'percent' })).toBe('50%');
    // A formatter kept for one set of options is not used for another.
    expect(formatNumber(1234567)).toBe('12,34,567');
  });

  it('follows a change of language after a formatter was kept for the first one', () => {
    const instant = '2026-11-23T10:30:00.000Z';
    const english = formatDateTime(instant);
    expect(english).toMatch(/Nov/);
    i18n.loadAndActivate({ locale: 'hi', messages: {} });
    const hindi = formatDateTime(instant);
    expect(hindi).not.toBe(english);
    expect(hindi).toMatch(/नव/);
    i18n.activate('en');
    expect(formatDateTime(instant)).toBe(english);
  });
});
