import type { Contact } from '../../src/contract';
import { compareText } from '../core/compare';
import { badRequest, findOr404 } from '../core/errors';
import type { RouteContext, RouteResult } from '../core/types';
import { assertKnownTags, dedupe } from './records';
import type { CrmState } from './state';

/** A customer has at most one primary contact: naming a new one demotes the others. */
function demoteOtherPrimaries(crm: CrmState, keep: Contact): void {
  for (const c of crm.contacts.values()) {
    if (c.id !== keep.id && c.customer_id === keep.customer_id && c.is_primary) {
      crm.contacts.set(c.id, { ...c, is_primary: false });
    }
  }
}

export function createContact(ctx: RouteContext<'contacts.create'>): RouteResult {
  const { crm } = ctx.ws;
  const body = ctx.body;
  if (!crm.customers.has(body.customer_id))
    throw badRequest(['customer_id must refer to an existing customer']);
  assertKnownTags(crm, 'tags', body.tags);
  const contact: Contact = {
    id: ctx.state.rng.uuid(),
    customer_id: body.customer_id,
    first_name: body.first_name,
    last_name: body.last_name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    mobile: body.mobile ?? null,
    position: body.position ?? null,
    department: body.department ?? null,
    is_primary: body.is_primary ?? false,
    status: 'active',
    image_url: null,
    notes: body.notes ?? null,
    created_at: ctx.now.toISOString(),
    tags: dedupe(body.tags ?? []),
  };
  crm.contacts.set(contact.id, contact);
  if (contact.is_primary) demoteOtherPrimaries(crm, contact);
  return { status: 201, body: contact };
}

export function getContact(ctx: RouteContext<'contacts.get'>): RouteResult {
  return { body: findOr404(ctx.ws.crm.contacts, ctx.params.id, 'Contact') };
}

export function updateContact(ctx: RouteContext<'contacts.update'>): RouteResult {
  const { crm } = ctx.ws;
  const contact = findOr404(crm.contacts, ctx.params.id, 'Contact');
  assertKnownTags(crm, 'tags', ctx.body.tags);
  const next: Contact = {
    ...contact,
    ...ctx.body,
    ...(ctx.body.tags ? { tags: dedupe(ctx.body.tags) } : {}),
  };
  crm.contacts.set(contact.id, next);
  if (next.is_primary) demoteOtherPrimaries(crm, next);
  return { body: next };
}

/** Primary first, then in the order they were added. */
export function contactsOfCustomer(ctx: RouteContext<'contacts.byCustomer'>): RouteResult {
  const { crm } = ctx.ws;
  const customer = findOr404(crm.customers, ctx.params.customerId, 'Customer');
  const rows = [...crm.contacts.values()]
    .filter((c) => c.customer_id === customer.id)
    .sort(
      (a, b) =>
        Number(b.is_primary === true) - Number(a.is_primary === true) ||
        compareText(a.created_at, b.created_at) ||
        compareText(a.id, b.id),
    );
  return { body: rows };
}
