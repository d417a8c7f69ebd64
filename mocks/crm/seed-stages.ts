import type { LeadStage, Tag } from '../../src/contract';
import type { Rng } from '../core/rng';
import { MINUTE_MS, iso } from '../core/time';

export interface StageDef {
  key: string;
  name: string;
  color: string;
  is_system?: boolean;
  is_default?: boolean;
  is_won?: boolean;
  is_lost?: boolean;
  /** Seeded leads in this stage get a probability in this range (percent). */
  probability: readonly [number, number];
  /** Relative share of seeded leads. */
  weight: number;
}

export const ACME_STAGES: readonly StageDef[] = [
  {
    key: 'new',
    name: 'New',
    color: '#64748b',
    is_system: true,
    is_default: true,
    probability: [5, 15],
    weight: 22,
  },
  { key: 'contacted', name: 'Contacted', color: '#3b82f6', probability: [15, 25], weight: 18 },
  { key: 'qualified', name: 'Qualified', color: '#8b5cf6', probability: [25, 40], weight: 15 },
  { key: 'demo_scheduled', name: 'Demo scheduled', color: '#06b6d4', probability: [40, 55], weight: 11 },
  { key: 'proposal', name: 'Proposal sent', color: '#f59e0b', probability: [55, 70], weight: 10 },
  { key: 'negotiation', name: 'Negotiation', color: '#f97316', probability: [70, 90], weight: 7 },
  {
    key: 'won',
    name: 'Won',
    color: '#22c55e',
    is_system: true,
    is_won: true,
    probability: [100, 100],
    weight: 9,
  },
  {
    key: 'lost',
    name: 'Lost',
    color: '#ef4444',
    is_system: true,
    is_lost: true,
    probability: [0, 0],
    weight: 8,
  },
];

export const GLOBEX_STAGES: readonly StageDef[] = [
  {
    key: 'inbox',
    name: 'Inbox',
    color: '#0ea5e9',
    is_system: true,
    is_default: true,
    probability: [10, 10],
    weight: 3,
  },
  { key: 'in_progress', name: 'In progress', color: '#a855f7', probability: [50, 50], weight: 2 },
  {
    key: 'closed_won',
    name: 'Closed won',
    color: '#16a34a',
    is_system: true,
    is_won: true,
    probability: [100, 100],
    weight: 1,
  },
  {
    key: 'closed_lost',
    name: 'Closed lost',
    color: '#dc2626',
    is_system: true,
    is_lost: true,
    probability: [0, 0],
    weight: 1,
  },
];

/** Stages are created a minute apart in board order, so ties on `position` sort the seeded way. */
export function seedStages(rng: Rng, createdAt: Date, defs: readonly StageDef[]): LeadStage[] {
  return defs.map((d, position) => {
    const at = iso(createdAt.getTime() + position * MINUTE_MS);
    return {
      id: rng.uuid(),
      key: d.key,
      name: d.name,
      color: d.color,
      position,
      is_system: d.is_system ?? false,
      is_default: d.is_default ?? false,
      is_won: d.is_won ?? false,
      is_lost: d.is_lost ?? false,
      created_at: at,
      updated_at: at,
    };
  });
}

export const ACME_TAGS = [
  ['VIP', '#eab308'],
  ['Enterprise', '#6366f1'],
  ['SMB', '#14b8a6'],
  ['Hot', '#ef4444'],
  ['Needs demo', '#f97316'],
  ['Partner', '#8b5cf6'],
  ['Renewal', '#22c55e'],
  ['Churn risk', '#dc2626'],
  ['Newsletter', '#64748b'],
  ['Event 2025', '#0ea5e9'],
  ['Reseller', '#a16207'],
  ['Support plan', '#10b981'],
] as const;

export const GLOBEX_TAGS = [
  ['Key account', '#2563eb'],
  ['Pilot', '#d946ef'],
] as const;

export const seedTags = (rng: Rng, defs: readonly (readonly [string, string])[]): Tag[] =>
  defs.map(([name, color]) => ({ id: rng.uuid(), name, color }));
