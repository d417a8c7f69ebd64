import { describe, expect, it } from 'vitest';
import { checkCustomerRow, checkLeadRow, parseLooseNumber } from './imports';

const stages = [
  { key: 'new', name: 'New' },
  { key: 'proposal-sent', name: 'Proposal sent' },
];

describe('parseLooseNumber', () => {
  it.each([
    ['1234', 1234],
    ['1,234.50', 1234.5],
    ['1.234,50', 1234.5],
    ['1 234,5', 1234.5],
    ['€ 1200', 1200],
    ['30%', 30],
    ['12,000', 12000],
    ['EUR 99.99', 99.99],
  ])('reads %s as %d', (text, value) => {
    expect(parseLooseNumber(text)).toBe(value);
  });

  it('gives NaN for words', () => {
    expect(parseLooseNumber('about ten')).toBeNaN();
  });
});

describe('checkLeadRow', () => {
  it('turns cells into the create body: stage by name, lower-case choices, numbers', () => {
    const check = checkLeadRow(
      {
        name: '  Ana Lima ',
        email: 'ana@example.com',
        status: 'proposal SENT',
        priority: 'High',
        value: '1.500,00',
        currency: 'eur',
        probability: '40%',
        phone: '',
      },
      { stages },
    );
    expect(check).toEqual({
      ok: true,
      record: {
        name: 'Ana Lima',
        email: 'ana@example.com',
        status: 'proposal-sent',
        priority: 'high',
        value: 1500,
        currency: 'EUR',
        probability: 40,
      },
    });
  });

  it('names every field that does not fit the contract', () => {
    const check = checkLeadRow(
      { name: '', email: 'not-an-email', status: 'Lost forever', probability: '140' },
      { stages },
    );
    expect(check.ok).toBe(false);
    const errors = check.ok ? [] : check.errors;
    expect(errors).toContain(`status "Lost forever" is not one of the pipeline's stages`);
    for (const field of ['name', 'email', 'probability'])
      expect(errors.some((e) => e.startsWith(`${field} `))).toBe(true);
  });
});

describe('checkCustomerRow', () => {
  it('splits a row into a customer with its address and a contact', () => {
    const check = checkCustomerRow({
      name: 'Initech',
      status: 'Prospect',
      city: 'Lisbon',
      country: 'Portugal',
      contact_first_name: 'Bill',
      contact_email: 'bill@initech.example',
    });
    expect(check).toEqual({
      ok: true,
      record: {
        customer: { name: 'Initech', status: 'prospect', address: { city: 'Lisbon', country: 'Portugal' } },
        contact: { first_name: 'Bill', email: 'bill@initech.example' },
      },
    });
  });

  it('has no contact when no contact cell is given, and names contact fields with their prefix', () => {
    expect(checkCustomerRow({ name: 'Solo' })).toEqual({
      ok: true,
      record: { customer: { name: 'Solo' }, contact: null },
    });
    const bad = checkCustomerRow({ name: 'Initech', contact_email: 'bill@initech.example' });
    expect(bad.ok ? [] : bad.errors).toEqual([expect.stringMatching(/^contact_first_name /)]);
  });
});
