import { describe, expect, it } from 'vitest';
import { LoginInputSchema } from './auth';
import { IdSchema } from './common';

describe('IdSchema', () => {
  it('accepts positive integers and numeric strings', () => {
    expect(IdSchema.parse(7)).toBe(7);
    expect(IdSchema.parse('42')).toBe(42);
  });

  it.each([[0], [-1], [1.5], ['abc'], [[1]], [{ id: 1 }], [null], ['99999999999'], [2 ** 31]])('refuses %j', (value) => {
    expect(IdSchema.safeParse(value).success).toBe(false);
  });
});

describe('LoginInputSchema', () => {
  it('trims the login ID and the password', () => {
    expect(LoginInputSchema.parse({ loginId: '  asha ', password: ' secret1 ' })).toEqual({ loginId: 'asha', password: 'secret1' });
  });

  it('gives the product’s messages', () => {
    const messages = (input: object) => LoginInputSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ password: 'secret1' })).toEqual(['Login ID is required']);
    expect(messages({ loginId: 'a', password: '' })?.[0]).toBe('Password is required');
    expect(messages({ loginId: 'a', password: '12345' })).toEqual(['Password minimum length is 6']);
  });
});
