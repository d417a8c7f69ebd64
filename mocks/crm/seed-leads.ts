import { PRIORITIES, type Lead } from '../../src/contract';
import type { Rng } from '../core/rng';
import { DAY_MS } from '../core/time';
import {
  displayPhone,
  emailOf,
  isoDate,
  laterIso,
  organisation,
  ownerId,
  pastIso,
  person,
  someOf,
  weighted,
} from './seed-helpers';
import { INDUSTRIES, LEAD_SOURCES } from './seed-names';
import type { StageDef } from './seed-stages';

const PRIORITY_WEIGHTS = [
  ['urgent', 1],
  ['high', 3],
  ['medium', 5],
  ['low', 3],
] as const satisfies readonly (readonly [(typeof PRIORITIES)[number], number])[];

const roundTo = (n: number, step: number) => Math.round(n / step) * step;

export function seedLeads(
  rng: Rng,
  now: Date,
  opts: { count: number; stages: readonly StageDef[]; tagIds: readonly string[] },
): Lead[] {
  const stageWeights = opts.stages.map((s) => [s, s.weight] as const);
  const leads: Lead[] = [];
  for (let i = 0; i < opts.count; i++) {
    // The first rows walk every stage once, so no column is ever empty whatever the weights.
    const stage = i < opts.stages.length ? opts.stages[i]! : weighted(rng, stageWeights);
    const p = person(rng);
    const business = rng.chance(0.7);
    const { company, domain } = organisation(rng, business);
    const createdAt = pastIso(rng, now, 0, 180);
    const created = Date.parse(createdAt);
    const closed = stage.is_won === true || stage.is_lost === true;
    // Open deals close in the future; decided ones closed somewhere between creation and now.
    const closeMs = closed
      ? created + Math.floor(rng.next() * Math.max(DAY_MS, now.getTime() - created))
      : now.getTime() + rng.int(7, 120) * DAY_MS;
    const [minP, maxP] = stage.probability;
    const currency = weighted(rng, [
      [p.place.currency, 6],
      ['EUR', 2],
      ['USD', 2],
      ['GBP', 1],
    ]);
    leads.push({
      id: rng.uuid(),
      name: `${p.first} ${p.last}`,
      email: emailOf(p, domain),
      phone: displayPhone(rng, p.place),
      company_name: company,
      status: stage.key,
      customer_type: business ? 'business' : 'individual',
      industry: rng.pick(INDUSTRIES),
      source: rng.pick(LEAD_SOURCES),
      assigned_to_user_id: ownerId(rng, 0.08),
      priority: weighted(rng, PRIORITY_WEIGHTS),
      probability: rng.int(minP, maxP),
      value: roundTo(business ? rng.int(2_000, 150_000) : rng.int(300, 8_000), 50),
      currency,
      expected_close_date: isoDate(closeMs),
      tags: someOf(rng, opts.tagIds, 3),
      created_at: createdAt,
      updated_at: laterIso(rng, createdAt, now),
    });
  }
  return leads;
}
