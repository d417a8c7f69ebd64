import { E164_DIGITS } from '@/contract';

export interface PhoneListResult {
  numbers: string[];
  /** Entries that are not E.164 numbers, as typed. */
  invalid: string[];
}

/**
 * Reads numbers typed for approval: separated by commas, semicolons or new lines; spaces, dashes,
 * dots, brackets and a leading plus are dropped, so "+44 7700 900123" becomes "447700900123".
 * A number without its country code (leading 0) is refused rather than guessed.
 */
export function parsePhoneList(text: string): PhoneListResult {
  const numbers: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[,;\n]+/)) {
    const entry = raw.trim();
    if (entry === '') continue;
    const digits = entry.replace(/[\s().-]/g, '').replace(/^\+/, '');
    if (E164_DIGITS.test(digits)) {
      if (!numbers.includes(digits)) numbers.push(digits);
    } else invalid.push(entry);
  }
  return { numbers, invalid };
}
