import { type Customer, type CustomerStats } from '../../src/contract';
import { newestFirst } from '../core/compare';
import { findOr404 } from '../core/errors';
import { pageOf } from '../core/paging';
import type { RouteContext, RouteResult } from '../core/types';
import { assertKnownTags, dedupe } from './records';
import { CUSTOMER_FIELDS } from './seed-customers';

export function listCustomers(ctx: RouteContext<'customers.list'>): RouteResult {
  const { status, customer_type, page, limit } = ctx.query;
  const rows = [...ctx.ws.crm.customers.values()]
    .filter(
      (c) =>
        (status === undefined || c.status === status) &&
        (customer_type === undefined || c.customer_type === customer_type),
    )
    .sort(newestFirst);
  // The spec's own envelope for customers: the leads envelope's paging, `customers` for `data`.
  const { data, hasMore: _hasMore, ...paging } = pageOf(rows, { page, limit });
  return { body: { customers: data, ...paging, fields: CUSTOMER_FIELDS } };
}

export function customerStats(ctx: RouteContext<'customers.stats'>): RouteResult {
  const stats: CustomerStats = {
    total: 0,
    active: 0,
    inactive: 0,
    prospect: 0,
    archived: 0,
    by_type: { individual: 0, business: 0 },
  };
  for (const c of ctx.ws.crm.customers.values()) {
    stats.total++;
    stats[c.status]++;
    if (c.customer_type) stats.by_type[c.customer_type]++;
  }
  return { body: stats };
}

export function getCustomer(ctx: RouteContext<'customers.get'>): RouteResult {
  return { body: findOr404(ctx.ws.crm.customers, ctx.params.id, 'Customer') };
}

/** A new customer (implied by `customers:create`): active and `manual` unless the body says. */
export function createCustomer(ctx: RouteContext<'customers.create'>): RouteResult {
  const body = ctx.body;
  const at = ctx.now.toISOString();
  const customer: Customer = {
    id: ctx.state.rng.uuid(),
    name: body.name,
    company_name: body.company_name ?? null,
    industry: body.industry ?? null,
    website: body.website ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    address: body.address ?? null,
    customer_type: body.customer_type ?? null,
    status: body.status ?? 'active',
    source: body.source ?? 'manual',
    assigned_to_user_id: body.assigned_to_user_id ?? null,
    tags: [],
    custom_fields: body.custom_fields ?? {},
    created_at: at,
    updated_at: at,
  };
  ctx.ws.crm.customers.set(customer.id, customer);
  return { status: 201, body: customer };
}

/**
 * A partial update. `address` merges member by member, and so does `custom_fields`, where a null
 * member removes the field: a form that edits one field must not wipe the others.
 */
export function updateCustomer(ctx: RouteContext<'customers.update'>): RouteResult {
  const { crm } = ctx.ws;
  const customer = findOr404(crm.customers, ctx.params.id, 'Customer');
  const { address, custom_fields, ...rest } = ctx.body;
  const next: Customer = { ...customer, ...rest, updated_at: ctx.now.toISOString() };
  if (address) next.address = { ...(customer.address ?? {}), ...address };
  if (custom_fields) {
    const merged: Record<string, unknown> = { ...(customer.custom_fields ?? {}), ...custom_fields };
    for (const [key, value] of Object.entries(custom_fields)) if (value === null) delete merged[key];
    next.custom_fields = merged;
  }
  crm.customers.set(customer.id, next);
  return { body: next };
}

export function addCustomerTags(ctx: RouteContext<'customers.addTags'>): RouteResult {
  const { crm } = ctx.ws;
  const customer = findOr404(crm.customers, ctx.params.id, 'Customer');
  assertKnownTags(crm, 'tagIds', ctx.body.tagIds);
  const tags = dedupe([...(customer.tags ?? []), ...ctx.body.tagIds]);
  crm.customers.set(customer.id, { ...customer, tags, updated_at: ctx.now.toISOString() });
  return { status: 201, body: { success: true, tags } };
}
