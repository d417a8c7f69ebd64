import { describe, expect, it } from 'vitest';
import { contactName, messageTarget, normalizePhone, toE164Digits } from './phone-digits';

describe('phone digits', () => {
  it('reads international numbers as E.164 digits', () => {
    expect(toE164Digits('+44 20 7946 0958')).toBe('442079460958');
    expect(toE164Digits('14155550123')).toBe('14155550123');
    expect(toE164Digits('+1 (415) 555-0123')).toBe('14155550123');
  });

  it('refuses local, short and odd numbers', () => {
    expect(toE164Digits('020 7946 0958')).toBeNull();
    expect(toE164Digits('12345')).toBeNull();
    expect(toE164Digits('call me')).toBeNull();
    expect(toE164Digits('')).toBeNull();
    expect(toE164Digits(null)).toBeNull();
  });

  it('stores international numbers as digits and keeps the rest as typed', () => {
    expect(normalizePhone(' +351 912 345 678 ')).toBe('351912345678');
    expect(normalizePhone('020 7946 0958')).toBe('020 7946 0958');
  });

  it('messages the mobile first, else the phone, with the full name', () => {
    expect(
      messageTarget({
        first_name: 'Ana',
        last_name: 'Silva',
        mobile: '351912345678',
        phone: '+351 21 000 0000',
      }),
    ).toEqual({ to: '351912345678', name: 'Ana Silva' });
    expect(
      messageTarget({ first_name: 'Bo', last_name: null, mobile: '0912', phone: '+46 8 123 456 78' }),
    ).toEqual({
      to: '46812345678',
      name: 'Bo',
    });
    expect(messageTarget({ first_name: 'Cy', mobile: null, phone: '020 7946 0958' })).toBeNull();
  });

  it('joins names without stray spaces', () => {
    expect(contactName({ first_name: ' Ana ', last_name: '' })).toBe('Ana');
  });
});
