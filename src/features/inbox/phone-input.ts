import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { E164_DIGITS } from '@/contract';

export type PhoneCheck = { ok: true; digits: string; display: string } | { ok: false; message: string };

/**
 * Checks a number typed by a person and normalises it to E.164 digits (no plus), as `to` is sent.
 * A number without a country code is refused: the platform would not deliver it (spec, send `to`).
 */
export function checkPhone(input: string): PhoneCheck {
  const typed = input.trim();
  if (typed === '') return { ok: false, message: 'Enter the phone number.' };
  const compact = typed.replace(/[\s().-]/g, '');
  const international = compact.startsWith('+')
    ? compact
    : compact.startsWith('00')
      ? `+${compact.slice(2)}`
      : null;
  if (!international) {
    return { ok: false, message: 'Add the country code, e.g. +44 7911 123456.' };
  }
  if (!/^\+\d+$/.test(international)) return { ok: false, message: 'Use digits only after the +.' };
  const parsed = parsePhoneNumberFromString(international);
  if (!parsed || !parsed.isValid()) {
    return { ok: false, message: 'This is not a valid phone number. Check the country code and the digits.' };
  }
  const digits = parsed.number.slice(1);
  if (!E164_DIGITS.test(digits)) return { ok: false, message: 'This is not a valid phone number.' };
  return { ok: true, digits, display: parsed.formatInternational() };
}
