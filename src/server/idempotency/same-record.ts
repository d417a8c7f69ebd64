import type { BodyOf, ResponseOf } from '../../contract/routes';
import { emailKey, phoneKey } from '../imports/duplicate-index';

// Whether a record the upstream now holds is the one a create or a send whose answer was lost
// would have made: every identifying field the request gave, compared as the upstream may have
// normalised it (case and spaces in names and emails, punctuation in phone numbers). The upstream
// has no idempotency key, so this is what a lost answer is resolved by (docs/api-assumptions.md,
// "Idempotency of sends and creates").

/** The creates whose lost answer can be resolved by looking the record up. */
export const LOOKUP_CREATES = ['leads.create', 'customers.create', 'contacts.create'] as const;
export type LookupCreate = (typeof LOOKUP_CREATES)[number];
/** The sends whose lost answer can be resolved by reading the thread. */
export const LOOKUP_SENDS = ['messages.sendText', 'conversations.send'] as const;
export type LookupSend = (typeof LOOKUP_SENDS)[number];
export type LookupRoute = LookupCreate | LookupSend;

export const isLookupRoute = (id: string): id is LookupRoute =>
  (LOOKUP_CREATES as readonly string[]).includes(id) || (LOOKUP_SENDS as readonly string[]).includes(id);

const text = (value: string | null | undefined): string =>
  (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

export function sameLead(body: BodyOf<'leads.create'>, lead: ResponseOf<'leads.create'>): boolean {
  return (
    text(body.name) === text(lead.name) &&
    emailKey(body.email) === emailKey(lead.email) &&
    phoneKey(body.phone) === phoneKey(lead.phone) &&
    text(body.company_name) === text(lead.company_name)
  );
}

export function sameCustomer(
  body: BodyOf<'customers.create'>,
  customer: ResponseOf<'customers.create'>,
): boolean {
  return (
    text(body.name) === text(customer.name) &&
    emailKey(body.email) === emailKey(customer.email) &&
    phoneKey(body.phone) === phoneKey(customer.phone)
  );
}

export function sameContact(
  body: BodyOf<'contacts.create'>,
  contact: ResponseOf<'contacts.create'>,
): boolean {
  return (
    body.customer_id === contact.customer_id &&
    text(body.first_name) === text(contact.first_name) &&
    text(body.last_name) === text(contact.last_name) &&
    emailKey(body.email) === emailKey(contact.email) &&
    phoneKey(body.phone) === phoneKey(contact.phone) &&
    phoneKey(body.mobile) === phoneKey(contact.mobile)
  );
}

type Message = ResponseOf<'messages.sendText'>;

/** The template name a message carries (a field the spec's record leaves open). */
const templateOf = (message: Message): string | undefined => {
  const name = (message as { template_name?: unknown }).template_name;
  return typeof name === 'string' ? name : undefined;
};

/** An outbound message with the same content: template, else media, else text wins, as the send's rules say. */
export function sameSend(
  body: BodyOf<'conversations.send'> | BodyOf<'messages.sendText'>,
  message: Message,
): boolean {
  if (message.direction !== 'outbound') return false;
  const send: Partial<BodyOf<'conversations.send'>> = body;
  const template = send.template?.templateName ?? send.templateName;
  if (template !== undefined) return message.type === 'template' && templateOf(message) === template;
  if (send.media !== undefined) return message.media?.url === send.media.url;
  return message.text === send.text;
}
