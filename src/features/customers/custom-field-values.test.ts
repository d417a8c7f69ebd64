import { describe, expect, it } from 'vitest';
import { customFieldsChange, editableFields, inputValue } from './custom-field-values';

const DESCRIPTIONS = [
  { key: 'account_tier', label: 'Account tier', type: 'select', options: ['gold', 'silver'] },
  { key: 'seats', label: 'Seats', type: 'number' },
  { key: 'renewal_date', label: null, type: 'date' },
];

describe('custom field editing', () => {
  it('offers described fields first, then plain extra keys, never objects', () => {
    const fields = editableFields({ seats: 3, region: 'EMEA', meta: { a: 1 }, score: 7 }, DESCRIPTIONS);
    expect(fields.map((f) => [f.key, f.kind, f.label])).toEqual([
      ['account_tier', 'select', 'Account tier'],
      ['seats', 'number', 'Seats'],
      ['renewal_date', 'date', 'Renewal date'],
      ['region', 'text', 'Region'],
      ['score', 'number', 'Score'],
    ]);
    expect(fields[0]?.options).toEqual(['gold', 'silver']);
  });

  it('sends only edited keys, numbers as numbers and cleared fields as null', () => {
    const original = { account_tier: 'gold', seats: 25, region: 'EMEA' };
    const fields = editableFields(original, DESCRIPTIONS);
    const inputs = { account_tier: 'silver', seats: '30', renewal_date: '', region: '' };
    expect(customFieldsChange(inputs, original, fields)).toEqual({
      change: { account_tier: 'silver', seats: 30, region: null },
      errors: {},
    });
  });

  it('refuses a number field that is not a number', () => {
    const fields = editableFields({}, DESCRIPTIONS);
    expect(customFieldsChange({ seats: 'many' }, {}, fields).errors).toEqual({ seats: 'Must be a number.' });
  });

  it('shows stored values as input text', () => {
    expect(inputValue(4)).toBe('4');
    expect(inputValue(null)).toBe('');
    expect(inputValue({ x: 1 })).toBe('');
  });
});
