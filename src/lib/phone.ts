import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

// Kept apart from lib/format: the phone-number metadata is ~37 KB gzip, so only the screens that
// show or check numbers load it, never the first screen.

/** A stored phone number (E.164, with or without the plus) formatted for people. */
export function phone(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/[^\d+]/g, '');
  const parsed = parsePhoneNumberFromString(digits.startsWith('+') ? digits : `+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : value;
}
