import { describe, expect, it } from 'vitest';
import { addressLines, addressOneLine, cityCountry } from './address';

const full = {
  street: '12 High Street',
  city: 'Leeds',
  state: 'West Yorkshire',
  postal_code: 'LS1 4AB',
  country: 'United Kingdom',
};

describe('address formatting', () => {
  it('puts street first, locality next and country last on separate lines', () => {
    expect(addressLines(full)).toEqual(['12 High Street', 'Leeds, West Yorkshire LS1 4AB', 'United Kingdom']);
  });

  it('writes one line with the country last', () => {
    expect(addressOneLine(full)).toBe('12 High Street, Leeds, West Yorkshire LS1 4AB, United Kingdom');
  });

  it('skips blank, null and missing members without leaving stray separators', () => {
    const partial = { street: '  ', city: 'Porto', state: null, postal_code: '', country: 'Portugal' };
    expect(addressLines(partial)).toEqual(['Porto', 'Portugal']);
    expect(addressOneLine(partial)).toBe('Porto, Portugal');
    expect(addressOneLine({ postal_code: '1010', country: 'Austria' })).toBe('1010, Austria');
    expect(addressLines({ state: 'CA', postal_code: '94103' })).toEqual(['CA 94103']);
  });

  it('collapses inner whitespace of untidy input', () => {
    expect(addressOneLine({ street: ' 5   Rue  Lepic ', city: 'Paris' })).toBe('5 Rue Lepic, Paris');
  });

  it('gives nothing for a missing or empty address', () => {
    expect(addressLines(null)).toEqual([]);
    expect(addressOneLine(undefined)).toBe('');
    expect(addressOneLine({ street: '', city: ' ' })).toBe('');
  });

  it('gives city and country for a table cell', () => {
    expect(cityCountry(full)).toBe('Leeds, United Kingdom');
    expect(cityCountry({ country: 'Japan' })).toBe('Japan');
    expect(cityCountry(null)).toBe('');
  });
});
