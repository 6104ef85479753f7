import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CaseListInputSchema } from './case';
import { IdSchema } from './common';
import { dateText, numberLike } from './formats';
import { ListInputSchema } from './list';
import { CreateSponsorInputSchema, UpdateSponsorInputSchema } from './sponsor';

/**
 * Numbers from forms arrive as a JSON number or a plain decimal string. Anything else, and any value
 * out of range, is refused with the field named; a sign is never dropped or ignored.
 */
const SPONSOR = { name: 'Tata Trusts', type: 'OPD', startDate: '2026-04-01', endDate: '2027-03-31' };

function amountOf(input: unknown, schema: 'create' | 'update'): number | string {
  const result = schema === 'create' ? CreateSponsorInputSchema.safeParse({ ...SPONSOR, amount: input }) : UpdateSponsorInputSchema.safeParse({ id: 1, amount: input });
  return result.success ? (result.data.amount as number) : result.error.issues[0]!.message;
}

describe('sponsor amount', () => {
  it.each([
    ['-500', 'Sponsor Amount must be at least 0'],
    [-500, 'Sponsor Amount must be at least 0'],
    [' -500 ', 'Sponsor Amount must be at least 0'],
    [-0.01, 'Sponsor Amount must be at least 0'],
    ['\u2212500', 'Sponsor Amount must be a number'],
    ['+500', 'Sponsor Amount must be a number'],
    ['5e2', 'Sponsor Amount must be a number'],
    ['500.', 'Sponsor Amount must be a number'],
    ['.5', 'Sponsor Amount must be a number'],
    ['1,000', 'Sponsor Amount must be a number'],
    ['0x1f4', 'Sponsor Amount must be a number'],
    ['1e400', 'Sponsor Amount must be a number'],
    ['', 'Sponsor Amount must be a number'],
    [true, 'Sponsor Amount must be a number'],
    [[500], 'Sponsor Amount must be a number'],
    [null, 'Sponsor Amount must be a number'],
    [Number.NaN, 'Sponsor Amount must be a number'],
    [Number.POSITIVE_INFINITY, 'Sponsor Amount must be a number'],
    [10_000_000_001, 'Sponsor Amount must be at most 10000000000'],
  ])('refuses %j on create and on update, naming the field', (input, message) => {
    expect(amountOf(input, 'create')).toBe(message);
    expect(amountOf(input, 'update')).toBe(message);
  });

  it.each([
    ['500', 500],
    [' 500 ', 500],
    [500, 500],
    ['250000.50', 250000.5],
    ['0', 0],
  ])('accepts %j as %j', (input, expected) => {
    expect(amountOf(input, 'create')).toBe(expected);
    expect(amountOf(input, 'update')).toBe(expected);
  });

  it('stores minus zero as plain zero', () => {
    expect(Object.is(amountOf('-0', 'create'), 0)).toBe(true);
    expect(Object.is(amountOf(-0, 'update'), 0)).toBe(true);
  });
});

describe('numberLike', () => {
  const weight = numberLike('field.animalWeight', { min: 0, max: 1000 });
  const days = numberLike('field.popExpectedDays', { min: 0, max: 3650 }).pipe(z.number().int('Expected Days must be a whole number'));
  const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

  it('refuses a negative weight or number of days, as a number or as text', () => {
    for (const input of ['-5', -5, ' -5 ', '-0.5']) {
      expect(messageOf(weight, input)).toBe('Weight must be at least 0');
      expect(messageOf(days, input)).toBe('Expected Days must be at least 0');
    }
  });

  it('refuses a weight above its maximum and days that are not whole', () => {
    expect(messageOf(weight, '1000.5')).toBe('Weight must be at most 1000');
    expect(messageOf(days, '2.5')).toBe('Expected Days must be a whole number');
  });
});

describe('record ids', () => {
  it.each([['-5'], [-5], ['+5'], ['5.0'], [5.5], ['0'], [0], ['5e1'], [true], [[5]], ['']])('refuses %j as an id', (input) => {
    expect(IdSchema.safeParse(input).success).toBe(false);
  });

  it('accepts a positive whole number or its digits', () => {
    expect(IdSchema.parse(' 12 ')).toBe(12);
    expect(IdSchema.parse(12)).toBe(12);
  });
});

describe('page and pageSize', () => {
  const messageOf = (input: object) => ListInputSchema.safeParse(input).error?.issues[0]?.message;

  it('refuses zero, negatives, fractions and values that are not numbers', () => {
    expect(messageOf({ page: '-1' })).toBe('page must be at least 1');
    expect(messageOf({ page: 0 })).toBe('page must be at least 1');
    expect(messageOf({ page: 1.5 })).toBe('page must be a whole number');
    expect(messageOf({ pageSize: '-20' })).toBe('pageSize must be at least 1');
    expect(messageOf({ pageSize: 101 })).toBe('pageSize must be at most 100');
    for (const input of [[2], true, '0x10', '1e1', ' ', '']) {
      expect(messageOf({ page: input }), JSON.stringify(input)).toBe('page must be a number');
    }
  });

  it('accepts numbers and digit strings, and defaults when absent', () => {
    expect(ListInputSchema.parse({ page: '3', pageSize: 50 })).toMatchObject({ page: 3, pageSize: 50 });
    expect(ListInputSchema.parse({})).toMatchObject({ page: 1, pageSize: 20 });
  });

  it('reads the dashboard list the same way', () => {
    const messageOf = (input: object) => CaseListInputSchema.safeParse(input).error?.issues[0]?.message;
    expect(messageOf({ pageSize: '-5' })).toBe('pageSize must be at least 1');
    expect(messageOf({ pageSize: [10] })).toBe('pageSize must be a number');
    expect(messageOf({ pageSize: '1e1' })).toBe('pageSize must be a number');
    expect(CaseListInputSchema.parse({ pageSize: '10' }).pageSize).toBe(10);
    expect(CaseListInputSchema.parse({}).pageSize).toBe(50);
  });
});

describe('dates in the OpenAPI document', () => {
  it('carry the YYYY-MM-DD pattern', () => {
    const json = z.toJSONSchema(dateText('field.startDate'), { io: 'input' }) as { pattern?: string };
    expect(json.pattern).toBe('^\\d{4}-\\d{2}-\\d{2}$');
  });

  it('ids are documented as positive integers', () => {
    const json = JSON.stringify(z.toJSONSchema(IdSchema, { io: 'input' }));
    expect(json).toContain('"type":"integer"');
    expect(json).toContain('"minimum":1');
  });
});
