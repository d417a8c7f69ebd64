// The CRM host's in-memory store for one workspace, and its deterministic seed.
import type { Activity, Contact, Customer, Lead, LeadStage, Tag } from '../../src/contract';
import type { Rng } from '../core/rng';
import { seedActivities } from './seed-activities';
import { seedCustomers } from './seed-customers';
import { seedLeads } from './seed-leads';
import { ACME_STAGES, ACME_TAGS, GLOBEX_STAGES, GLOBEX_TAGS, seedStages, seedTags } from './seed-stages';
import { DAY_MS } from '../core/time';

export interface CrmState {
  customers: Map<string, Customer>;
  contacts: Map<string, Contact>;
  leads: Map<string, Lead>;
  stages: LeadStage[];
  tags: Map<string, Tag>;
  /** Each record carries `customer_id` or `lead_id`. */
  activities: Map<string, Activity>;
}

const byId = <T extends { id: string }>(items: readonly T[]) => new Map(items.map((i) => [i.id, i]));

/**
 * Builds one workspace's CRM data. Deterministic given the rng; all times relative to `now`.
 * `scale` multiplies the Acme volumes (1: ~520 leads and 160 customers; 10 for benchmarks).
 */
export function seedCrm(
  rng: Rng,
  now: Date,
  opts: { workspace: 'acme' | 'globex'; scale: number },
): CrmState {
  const acme = opts.workspace === 'acme';
  const scale = Math.max(1, Math.floor(opts.scale));
  const stageDefs = acme ? ACME_STAGES : GLOBEX_STAGES;
  const stages = seedStages(rng, new Date(now.getTime() - 400 * DAY_MS), stageDefs);
  const tags = seedTags(rng, acme ? ACME_TAGS : GLOBEX_TAGS);
  const tagIds = tags.map((t) => t.id);
  const leads = seedLeads(rng, now, { count: acme ? 520 * scale : 5, stages: stageDefs, tagIds });
  const { customers, contacts } = seedCustomers(rng, now, {
    count: acme ? 160 * scale : 3,
    tagIds,
    // Globex's few customers are all companies, so each has contacts.
    businessShare: acme ? 0.65 : 1,
  });
  const activities = [
    ...seedActivities(
      rng,
      now,
      customers.map((c) => ({ customer_id: c.id, created_at: c.created_at })),
      acme ? 4 : 2,
    ),
    ...seedActivities(
      rng,
      now,
      leads.map((l) => ({ lead_id: l.id, created_at: l.created_at })),
      acme ? 3 : 2,
    ),
  ];
  return {
    customers: byId(customers),
    contacts: byId(contacts),
    leads: byId(leads),
    stages,
    tags: byId(tags),
    activities: byId(activities),
  };
}
