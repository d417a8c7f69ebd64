// Lookups and rules shared by the CRM implementations.
import type { LeadStage } from '../../src/contract';
import { badRequest } from '../core/errors';
import type { CrmState } from './state';

export const stageByKey = (crm: CrmState, key: string): LeadStage | undefined =>
  crm.stages.find((s) => s.key === key);

/** 400 unless every id names a tag of this workspace; the message lists the unknown ones. */
export function assertKnownTags(crm: CrmState, field: string, ids: readonly string[] | undefined): void {
  const unknown = (ids ?? []).filter((id) => !crm.tags.has(id));
  if (unknown.length > 0) throw badRequest([`${field} contains unknown tag ids: ${unknown.join(', ')}`]);
}

export const dedupe = <T>(items: readonly T[]): T[] => [...new Set(items)];
