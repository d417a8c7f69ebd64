import { describe, expect, it } from 'vitest';
import { checkPhone } from './phone-input';

describe('checkPhone', () => {
  it.each([
    ['+44 7911 123456', '447911123456'],
    ['+351 912 345 678', '351912345678'],
    ['+1 (415) 555-2671', '14155552671'],
    ['0044 7911 123456', '447911123456'],
  ])('accepts %s as %s', (input, digits) => {
    const result = checkPhone(input);
    expect(result).toMatchObject({ ok: true, digits });
  });

  it('refuses a local number without a country code, saying how to fix it', () => {
    const result = checkPhone('07911 123456');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/country code/);
  });

  it.each(['', '+44 12', '+44 abc', '+999 123456789'])('refuses %j', (input) => {
    expect(checkPhone(input).ok).toBe(false);
  });
});
