import type { BodyOf, ResponseOf } from '../../contract/routes';
import type { UpstreamClient } from '../upstream/upstream-client';
import { sameContact, sameCustomer, sameLead, sameSend, type LookupCreate } from './same-record';

// Looks up, on the upstream itself (never the read model, which may lag), the record a create or a
// send whose answer was lost would have made. A candidate must match every identifying field, be
// made at or after the first attempt (less a margin for the two clocks), and not be taken: already
// the answer of another key or another import row, or known before the attempt.

type Reader = Pick<UpstreamClient, 'call'>;

/** The upstream's clock and the BFF's may differ by this much (both are assumed NTP-synced). */
export const CLOCK_MARGIN_MS = 120_000;
/** Records made since the first attempt are near the top of a newest-first list. */
const LOOKUP_PAGE = 100;
/** A thread's newest messages: a lost send is among the last few. */
const MESSAGE_PAGE = 50;

export interface LookupScope {
  /** When the first attempt was sent (epoch ms of the BFF's clock). */
  readonly since: number;
  /** True for a record that cannot be this attempt's: another's answer, or known before. */
  readonly taken: (id: string) => boolean | Promise<boolean>;
}

const madeSince = (createdAt: string, since: number) => Date.parse(createdAt) >= since - CLOCK_MARGIN_MS;

/** The oldest untaken candidate: the first attempt made it before any later copy. */
async function pick<T extends { id: string; created_at: string }>(
  records: readonly T[],
  same: (record: T) => boolean,
  scope: LookupScope,
): Promise<T | null> {
  const candidates = records
    .filter((record) => same(record) && madeSince(record.created_at, scope.since))
    .sort((a, b) => a.created_at.localeCompare(b.created_at));
  for (const record of candidates) if (!(await scope.taken(record.id))) return record;
  return null;
}

export async function findCreated<R extends LookupCreate>(
  upstream: Reader,
  id: R,
  body: BodyOf<R>,
  scope: LookupScope,
): Promise<ResponseOf<R> | null> {
  // Each branch narrows the body by the route id; TypeScript cannot tie the two generics together.
  switch (id) {
    case 'leads.create': {
      const lead = body as BodyOf<'leads.create'>;
      const search = lead.email?.trim() || lead.name;
      const page = await upstream.call('leads.list', { query: { search, limit: LOOKUP_PAGE } });
      return (await pick(page.data, (l) => sameLead(lead, l), scope)) as ResponseOf<R> | null;
    }
    case 'customers.create': {
      const customer = body as BodyOf<'customers.create'>;
      const page = await upstream.call('customers.list', { query: { limit: LOOKUP_PAGE } });
      return (await pick(page.customers, (c) => sameCustomer(customer, c), scope)) as ResponseOf<R> | null;
    }
    case 'contacts.create': {
      const contact = body as BodyOf<'contacts.create'>;
      const held = await upstream.call('contacts.byCustomer', {
        params: { customerId: contact.customer_id },
      });
      return (await pick(held, (c) => sameContact(contact, c), scope)) as ResponseOf<R> | null;
    }
    default:
      return null;
  }
}

/** The outbound message a lost send made in this thread, among its newest. */
export async function findSent(
  upstream: Reader,
  conversationId: string,
  body: BodyOf<'conversations.send'> | BodyOf<'messages.sendText'>,
  scope: LookupScope,
): Promise<ResponseOf<'messages.sendText'> | null> {
  const page = await upstream.call('messages.list', {
    params: { id: conversationId },
    query: { limit: MESSAGE_PAGE },
  });
  return pick(page.data, (m) => sameSend(body, m), scope);
}
