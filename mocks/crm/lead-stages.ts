import type { LeadStage } from '../../src/contract';
import { compareText } from '../core/compare';
import { badRequest, findOr404 } from '../core/errors';
import type { RouteContext, RouteResult } from '../core/types';
import type { CrmState } from './state';

/**
 * Board order. `position` is stored as sent (the client renumbers the columns it moves), so two
 * stages may share a position; creation time and then id break the tie.
 */
export const sortedStages = (crm: CrmState): LeadStage[] =>
  [...crm.stages].sort(
    (a, b) => a.position - b.position || compareText(a.created_at, b.created_at) || compareText(a.id, b.id),
  );

function assertKeyFree(crm: CrmState, key: string, self?: LeadStage): void {
  if (crm.stages.some((s) => s.key === key && s !== self)) throw badRequest(['key already exists']);
}

const WON_AND_LOST = 'is_won and is_lost cannot both be true';

function clearOtherDefaults(crm: CrmState, keep: LeadStage, at: string): void {
  crm.stages.forEach((s, i) => {
    if (s !== keep && s.is_default) crm.stages[i] = { ...s, is_default: false, updated_at: at };
  });
}

export function listStages(ctx: RouteContext<'leadStages.list'>): RouteResult {
  return { body: sortedStages(ctx.ws.crm) };
}

export function createStage(ctx: RouteContext<'leadStages.create'>): RouteResult {
  const { crm } = ctx.ws;
  const body = ctx.body;
  assertKeyFree(crm, body.key);
  if (body.is_won === true && body.is_lost === true) throw badRequest([WON_AND_LOST]);
  const at = ctx.now.toISOString();
  const stage: LeadStage = {
    id: ctx.state.rng.uuid(),
    key: body.key,
    name: body.name,
    color: body.color ?? '#94a3b8',
    position: body.position ?? crm.stages.reduce((max, s) => Math.max(max, s.position + 1), 0),
    is_system: false,
    // A workspace without a default (only possible by hand) gets one rather than staying broken.
    is_default: body.is_default ?? !crm.stages.some((s) => s.is_default),
    is_won: body.is_won ?? false,
    is_lost: body.is_lost ?? false,
    created_at: at,
    updated_at: at,
  };
  crm.stages.push(stage);
  if (stage.is_default) clearOtherDefaults(crm, stage, at);
  return { status: 201, body: stage };
}

export function updateStage(ctx: RouteContext<'leadStages.update'>): RouteResult {
  const { crm } = ctx.ws;
  const stage = findOr404(new Map(crm.stages.map((s) => [s.id, s])), ctx.params.id, 'Lead stage');
  const body = ctx.body;
  if (body.key !== undefined) assertKeyFree(crm, body.key, stage);
  const at = ctx.now.toISOString();
  // Leads keep the old key on a key change (spec: they stop matching a stage); no migration.
  const next: LeadStage = { ...stage, ...body, updated_at: at };
  if (next.is_won && next.is_lost) throw badRequest([WON_AND_LOST]);
  if (stage.is_default && body.is_default === false) {
    throw badRequest([
      'is_default cannot be cleared on the default stage: make another stage the default instead',
    ]);
  }
  crm.stages[crm.stages.indexOf(stage)] = next;
  if (next.is_default) clearOtherDefaults(crm, next, at);
  return { body: next };
}

export function deleteStage(ctx: RouteContext<'leadStages.delete'>): RouteResult {
  const { crm } = ctx.ws;
  const stage = findOr404(new Map(crm.stages.map((s) => [s.id, s])), ctx.params.id, 'Lead stage');
  if (stage.is_default)
    throw badRequest('The default stage cannot be deleted: make another stage the default first');
  let held = 0;
  for (const lead of crm.leads.values()) if (lead.status === stage.key) held++;
  if (held > 0) {
    throw badRequest(
      `The stage still holds ${held} lead${held === 1 ? '' : 's'}: move ${held === 1 ? 'it' : 'them'} to another stage first`,
    );
  }
  crm.stages.splice(crm.stages.indexOf(stage), 1);
  return { status: 204 };
}
