import { E164_DIGITS } from '@/contract';

/**
 * A phone number as typed or stored ("+44 20 7946 0958", "442079460958") as E.164 digits without
 * the plus, or null when it is not one (a local number with a leading 0, too short, letters).
 */
export function toE164Digits(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (!/^\+?[0-9 ().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return E164_DIGITS.test(digits) ? digits : null;
}

/** Typed numbers are stored as E.164 digits when they are international; anything else as typed. */
export function normalizePhone(value: string): string {
  const trimmed = value.trim();
  return toE164Digits(trimmed) ?? trimmed;
}

export interface ContactLike {
  first_name?: string | null;
  last_name?: string | null;
  mobile?: string | null;
  phone?: string | null;
}

export function contactName(contact: ContactLike): string {
  return [contact.first_name, contact.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Where "Message" starts a conversation: the mobile (the best number for chat) or else the phone,
 * as E.164 digits, with the person's name. Null when neither number is international.
 */
export function messageTarget(contact: ContactLike): { to: string; name: string } | null {
  const to = toE164Digits(contact.mobile) ?? toE164Digits(contact.phone);
  return to ? { to, name: contactName(contact) } : null;
}
