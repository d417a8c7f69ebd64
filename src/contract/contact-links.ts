import { E164_DIGITS } from './common';
import type { Conversation } from './conversations';

// How a contact and the threads are linked, for the BFF (which answers a contact's page from its
// read model) and the browser (which words numbers and names the same way). The API links a thread
// to a contact by `contact_id`; a thread nobody linked yet still belongs to the contact whose number
// it is on (the thread id is the number on the primary platform).

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

const digitsOf = (value: string) => value.replace(/@.*$/, '').replace(/\D/g, '');

/** The international number a one-to-one thread is on (E.164 digits), or null when it is on none. */
export const threadNumber = (thread: Pick<Conversation, 'external_thread_id'>): string | null =>
  toE164Digits(digitsOf(thread.external_thread_id));

/** Whether a thread is the contact's: linked to them, or unlinked, one-to-one and on their number. */
export function isContactThread(
  contact: ContactLike & { id: string },
  thread: Conversation,
  number: string | null = messageTarget(contact)?.to ?? null,
): boolean {
  if (thread.contact_id === contact.id) return true;
  return (
    !thread.contact_id &&
    !thread.is_group &&
    number !== null &&
    digitsOf(thread.external_thread_id) === number
  );
}

/** Newest activity first; a thread without messages last. */
export const newestThreadFirst = (a: Conversation, b: Conversation): number =>
  (b.last_message_at ?? '').localeCompare(a.last_message_at ?? '');

/** Where "Message" goes: the newest open thread, else the newest thread, else none. */
export function threadToOpen(threads: readonly Conversation[]): Conversation | null {
  return threads.find((t) => t.status === 'open') ?? threads[0] ?? null;
}
