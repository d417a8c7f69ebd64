import { describe, expect, it } from 'vitest';
import { changedEntries, changedTexts, filledOrUndefined, filledTexts, textOf, textsOf } from './form-values';

describe('form values', () => {
  it('shows a missing value as an empty field and a number as its digits', () => {
    expect(textOf(null)).toBe('');
    expect(textOf(undefined)).toBe('');
    expect(textOf(0)).toBe('0');
    expect(textsOf({ name: 'Ana', email: null }, ['name', 'email', 'phone'])).toEqual({
      name: 'Ana',
      email: '',
      phone: '',
    });
  });

  it('trims, and leaves blank fields out of a create body', () => {
    expect(filledOrUndefined('  x ')).toBe('x');
    expect(filledOrUndefined('   ')).toBeUndefined();
    expect(filledTexts({ a: ' one ', b: '  ', c: '' }, ['a', 'b', 'c'])).toEqual({ a: 'one' });
  });

  it('sends only the texts that changed, a cleared one as an empty string', () => {
    const before = { a: 'same', b: 'old', c: 'gone' };
    expect(changedTexts({ a: ' same ', b: 'new ', c: ' ' }, before, ['a', 'b', 'c'])).toEqual({
      b: 'new',
      c: '',
    });
  });

  it('keeps only the body entries the record does not already hold', () => {
    expect(changedEntries({ name: 'B', value: 10, priority: 'high' }, { name: 'A', value: 10 })).toEqual({
      name: 'B',
      priority: 'high',
    });
  });
});
