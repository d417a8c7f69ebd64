import { ACTIVITY_TYPES, OUTCOMES, type Activity } from '../../src/contract';
import type { Rng } from '../core/rng';
import { laterIso, weighted } from './seed-helpers';
import { ACTIVITY_SUBJECTS } from './seed-names';

const OUTCOME_WEIGHTS = [
  ['successful', 4],
  ['follow_up_needed', 3],
  ['no_answer', 2],
  ['completed', 4],
  ['cancelled', 1],
] as const satisfies readonly (readonly [(typeof OUTCOMES)[number], number])[];

const DURATION: Partial<Record<(typeof ACTIVITY_TYPES)[number], readonly [number, number]>> = {
  call: [2, 45],
  meeting: [15, 120],
  support_ticket: [5, 60],
};

interface Subject {
  customer_id?: string;
  lead_id?: string;
  created_at: string;
}

/** Up to `max` activities per subject, dated between the subject's creation and now. */
export function seedActivities(rng: Rng, now: Date, subjects: readonly Subject[], max: number): Activity[] {
  const out: Activity[] = [];
  let n = 0;
  for (const s of subjects) {
    const count = rng.int(0, max);
    for (let i = 0; i < count; i++) {
      // Every type and outcome appears even in a small seed: the first rows walk through them.
      const type = n < ACTIVITY_TYPES.length ? ACTIVITY_TYPES[n]! : rng.pick(ACTIVITY_TYPES);
      const outcome = n < OUTCOMES.length ? OUTCOMES[n]! : weighted(rng, OUTCOME_WEIGHTS);
      n++;
      const date = laterIso(rng, s.created_at, now);
      const range = DURATION[type];
      out.push({
        id: rng.uuid(),
        activity_type: type,
        subject: rng.pick(ACTIVITY_SUBJECTS[type]),
        description: outcome === 'follow_up_needed' ? 'Waiting on their answer; check back this week.' : null,
        activity_date: date,
        duration_minutes: range ? rng.int(range[0], range[1]) : null,
        outcome,
        created_at: date,
        ...(s.customer_id ? { customer_id: s.customer_id } : {}),
        ...(s.lead_id ? { lead_id: s.lead_id } : {}),
      });
    }
  }
  return out;
}
