import type { Activity } from '../../src/contract';
import { compareText } from '../core/compare';
import { badRequest, findOr404 } from '../core/errors';
import type { RouteContext, RouteResult } from '../core/types';
import type { CrmState } from './state';

/** Newest first by when it happened; creation time and id break ties. */
const newestActivityFirst = (a: Activity, b: Activity) =>
  compareText(b.activity_date ?? b.created_at, a.activity_date ?? a.created_at) ||
  compareText(b.created_at, a.created_at) ||
  compareText(a.id, b.id);

const timeline = (crm: CrmState, pick: (a: Activity) => boolean) =>
  [...crm.activities.values()].filter(pick).sort(newestActivityFirst);

export function activitiesOfCustomer(ctx: RouteContext<'activities.byCustomer'>): RouteResult {
  const { crm } = ctx.ws;
  const customer = findOr404(crm.customers, ctx.params.customerId, 'Customer');
  return { body: timeline(crm, (a) => a.customer_id === customer.id) };
}

export function activitiesOfLead(ctx: RouteContext<'activities.byLead'>): RouteResult {
  const { crm } = ctx.ws;
  const lead = findOr404(crm.leads, ctx.params.leadId, 'Lead');
  return { body: timeline(crm, (a) => a.lead_id === lead.id) };
}

export function createActivity(ctx: RouteContext<'activities.create'>): RouteResult {
  const { crm } = ctx.ws;
  const body = ctx.body;
  if (body.customer_id !== undefined && !crm.customers.has(body.customer_id)) {
    throw badRequest(['customer_id must refer to an existing customer']);
  }
  if (body.lead_id !== undefined && !crm.leads.has(body.lead_id)) {
    throw badRequest(['lead_id must refer to an existing lead']);
  }
  const at = ctx.now.toISOString();
  const activity: Activity = {
    id: ctx.state.rng.uuid(),
    activity_type: body.activity_type,
    subject: body.subject,
    description: body.description ?? null,
    // A date-time with an offset is stored as UTC so timelines sort as text.
    activity_date: body.activity_date ? new Date(body.activity_date).toISOString() : at,
    duration_minutes: body.duration_minutes ?? null,
    outcome: body.outcome ?? null,
    created_at: at,
    ...(body.customer_id !== undefined ? { customer_id: body.customer_id } : {}),
    ...(body.lead_id !== undefined ? { lead_id: body.lead_id } : {}),
  };
  crm.activities.set(activity.id, activity);
  return { status: 201, body: activity };
}
