import { toE164Digits } from '@/contract';

// The contact's number and name helpers live in the contract (src/contract/contact-links.ts), shared
// with the BFF; re-exported here for the feature's forms.
export { contactName, messageTarget, toE164Digits, type ContactLike } from '@/contract';

/** Typed numbers are stored as E.164 digits when they are international; anything else as typed. */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  return toE164Digits(trimmed) ?? trimmed;
}
