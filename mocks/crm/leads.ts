import type { Lead, LeadStage } from '../../src/contract';
import { leadMatcher } from '../../src/contract/rules/lead-match';
import { newestFirst } from '../core/compare';
import { badRequest, FakeError, findOr404 } from '../core/errors';
import { pageOf } from '../core/paging';
import type { RouteContext, RouteResult } from '../core/types';
import { assertKnownTags, dedupe, stageByKey } from './records';
import type { CrmState } from './state';

const STATUS_UNKNOWN = 'status must be a lead stage key';

function stageOrThrow(crm: CrmState, key: string): LeadStage {
  const stage = stageByKey(crm, key);
  if (!stage) throw badRequest([STATUS_UNKNOWN]);
  return stage;
}

function defaultStage(crm: CrmState): LeadStage {
  const stage = crm.stages.find((s) => s.is_default);
  // The stage rules keep exactly one default; reaching this means the store was edited by hand.
  if (!stage) throw new FakeError(500, 'The workspace has no default lead stage');
  return stage;
}

export function listLeads(ctx: RouteContext<'leads.list'>): RouteResult {
  const query = ctx.query;
  const matches = leadMatcher({ status: query.status, priority: query.priority, search: query.search });
  const rows = [...ctx.ws.crm.leads.values()].filter(matches).sort(newestFirst);
  return { body: pageOf(rows, query) };
}

export function createLead(ctx: RouteContext<'leads.create'>): RouteResult {
  const { crm } = ctx.ws;
  const body = ctx.body;
  const stage = body.status === undefined ? defaultStage(crm) : stageOrThrow(crm, body.status);
  assertKnownTags(crm, 'tags', body.tags);
  const at = ctx.now.toISOString();
  const lead: Lead = {
    id: ctx.state.rng.uuid(),
    name: body.name,
    email: body.email ?? null,
    phone: body.phone ?? null,
    company_name: body.company_name ?? null,
    status: stage.key,
    customer_type: body.customer_type ?? null,
    industry: body.industry ?? null,
    source: body.source ?? null,
    assigned_to_user_id: body.assigned_to_user_id ?? null,
    // Unstated defaults: a medium priority, and a probability that fits the stage.
    priority: body.priority ?? 'medium',
    probability: body.probability ?? (stage.is_won ? 100 : stage.is_lost ? 0 : 10),
    value: body.value ?? null,
    currency: body.currency ?? (body.value !== undefined ? 'EUR' : null),
    expected_close_date: body.expected_close_date ?? null,
    tags: dedupe(body.tags ?? []),
    created_at: at,
    updated_at: at,
  };
  crm.leads.set(lead.id, lead);
  return { status: 201, body: lead };
}

export function getLead(ctx: RouteContext<'leads.get'>): RouteResult {
  return { body: findOr404(ctx.ws.crm.leads, ctx.params.id, 'Lead') };
}

export function updateLead(ctx: RouteContext<'leads.update'>): RouteResult {
  const { crm } = ctx.ws;
  const lead = findOr404(crm.leads, ctx.params.id, 'Lead');
  const body = ctx.body;
  if (body.status !== undefined) stageOrThrow(crm, body.status);
  assertKnownTags(crm, 'tags', body.tags);
  const next: Lead = {
    ...lead,
    ...body,
    ...(body.tags ? { tags: dedupe(body.tags) } : {}),
    updated_at: ctx.now.toISOString(),
  };
  crm.leads.set(lead.id, next);
  return { body: next };
}

export function deleteLead(ctx: RouteContext<'leads.delete'>): RouteResult {
  const { crm } = ctx.ws;
  const lead = findOr404(crm.leads, ctx.params.id, 'Lead');
  crm.leads.delete(lead.id);
  // A deleted lead's timeline goes with it, as nothing can list it any more.
  for (const [id, a] of crm.activities) if (a.lead_id === lead.id) crm.activities.delete(id);
  return { status: 204 };
}

export function reassignLead(ctx: RouteContext<'leads.reassign'>): RouteResult {
  const { crm } = ctx.ws;
  const lead = findOr404(crm.leads, ctx.params.id, 'Lead');
  const next: Lead = {
    ...lead,
    assigned_to_user_id: ctx.body.assigned_to_user_id,
    updated_at: ctx.now.toISOString(),
  };
  crm.leads.set(lead.id, next);
  return { body: next };
}
