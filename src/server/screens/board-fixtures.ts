import { PRIORITIES, UNMATCHED, type BoardColumn, type Lead, type LeadStage } from '../../contract';
import { sumsOf } from '../../contract/rules/lead-sums';
import { at, lead, stage, uuid } from '../testing/live-records';
import { compareLeads, leadMatcher, type LeadFilters } from './lead-order';

// A seed-size workspace for the board's tests, and the board it should give, counted from the
// fixtures themselves by the contract's rules (src/contract/rules: which leads match, their sums;
// money in whole units so each figure is exact): what the SQL answers is checked against it.

export const BIG_STAGES: LeadStage[] = [
  stage(0, 'new'),
  stage(1, 'qualified', { position: 1 }),
  stage(2, 'won', { position: 2 }),
];
const STATUSES = ['new', 'qualified', 'won', 'new', 'old-key', 'qualified', 'gone'];
const CURRENCIES = ['EUR', 'USD', 'GBP'];
const OWNER = uuid(7, 'a0000000');

/** A small deterministic generator: the same leads on every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state;
  };
}

function leadNumber(n: number, next: () => number): Lead {
  return lead(n, {
    status: STATUSES[next() % STATUSES.length]!,
    // Every 2,000 leads share creation times: ties broken by id.
    created_at: at(n % 2000),
    value: n % 7 === 0 ? null : next() % 100_000,
    currency: n % 11 === 0 ? null : n % 13 === 0 ? '' : CURRENCIES[next() % CURRENCIES.length]!,
    // Missing, and outside 0 to 100, now and then.
    probability: n % 9 === 0 ? null : n % 17 === 0 ? 150 : n % 19 === 0 ? -10 : next() % 101,
    priority: n % 10 === 0 ? null : PRIORITIES[n % PRIORITIES.length]!,
    assigned_to_user_id: n % 3 === 0 ? OWNER : null,
    email: n % 5 === 0 ? null : `lead${n}@example.com`,
    phone: `4470000${String(n).padStart(5, '0')}`,
    company_name: n % 4 === 0 ? 'Acme Ltd' : n % 6 === 0 ? 'ÉLAN Studio' : null,
  });
}

export interface SeededLeads {
  readonly initial: Lead[];
  /** Later versions of some of them: moved, revalued. */
  readonly changed: Lead[];
  readonly removed: string[];
  /** What the workspace holds in the end. */
  readonly leads: Lead[];
  readonly followUps: string[];
}

export function seededLeads(count: number): SeededLeads {
  const next = numbers(count);
  const initial = Array.from({ length: count }, (_, i) => leadNumber(i + 1, next));
  const changed = initial
    .filter((_, i) => i % 10 === 1 || i % 30 === 7)
    .map((l, i) => ({
      ...l,
      status: STATUSES[(STATUSES.indexOf(l.status) + 1 + i) % STATUSES.length]!,
      value: i % 3 === 0 ? null : (l.value ?? 0) + 1,
      currency: i % 4 === 0 ? 'JPY' : l.currency,
      updated_at: at(100_000 + i),
    }));
  const removed = initial.filter((_, i) => i % 25 === 3).map((l) => l.id);
  const byId = new Map(initial.map((l) => [l.id, l]));
  for (const l of changed) byId.set(l.id, l);
  for (const id of removed) byId.delete(id);
  const followUps = initial.filter((_, i) => i % 8 === 0).map((l) => l.id);
  return { initial, changed, removed, leads: [...byId.values()], followUps };
}

/** The board's columns (stages by position, then Unmatched) counted from the leads. */
export function expectedColumns(
  leads: readonly Lead[],
  stages: readonly LeadStage[],
  filters: LeadFilters,
  limit: number,
  followUps: readonly string[],
): BoardColumn[] {
  const matches = leadMatcher(filters);
  const keys = new Set(stages.map((s) => s.key));
  const flagged = new Set(followUps);
  const column = (key: string, inColumn: (l: Lead) => boolean): BoardColumn => {
    const mine = leads.filter((l) => inColumn(l) && matches(l)).sort(compareLeads);
    const sums = sumsOf(mine);
    const shown = mine.slice(0, limit);
    const last = shown[shown.length - 1];
    return {
      stage: key,
      cards: shown.map((l) => ({ lead: l, followUp: flagged.has(l.id) })),
      nextCursor: mine.length > limit && last ? `${Date.parse(last.created_at)}_${last.id}` : null,
      total: mine.length,
      sums,
    };
  };
  const ordered = [...stages].sort((a, b) => a.position - b.position);
  return [
    ...ordered.map((s) => column(s.key, (l) => l.status === s.key)),
    column(UNMATCHED, (l) => !keys.has(l.status)),
  ];
}
