import type { AssignmentMode } from '../../contract/assignment';

// Whom a rule gives the next thread to (pure: the runner reads the facts, locks the channel's
// rule and calls this). Only members who are Available and under the cap can take one. Round
// robin: the first such member from the cursor on, in the rule's order, so loads stay within one
// of each other. Least loaded: the member with the fewest open threads, ties going to the first
// from the cursor on (so equal loads still take turns). Either way the cursor moves past whoever
// was chosen.

export interface Candidate {
  /** Upstream user id. */
  readonly id: string;
  readonly available: boolean;
  /** Open threads they hold now (pending automatic assignments included). */
  readonly open: number;
}

export type Pick =
  | { readonly ok: true; readonly chosen: Candidate; readonly cursor: number }
  | { readonly ok: false; readonly reason: string };

export const NOBODY_AVAILABLE = 'Nobody on the rule is Available';
export const everyoneAtCap = (cap: number): string =>
  `Everyone Available holds ${String(cap)} open thread${cap === 1 ? '' : 's'} (the cap)`;

export function pickAgent(
  mode: AssignmentMode,
  members: readonly Candidate[],
  cursor: number,
  cap: number | null,
  /** An owner the thread must not go back to (they did not reply in time). */
  notTo: string | null = null,
): Pick {
  const n = members.length;
  const start = n === 0 ? 0 : ((cursor % n) + n) % n;
  // Members in turn order, from the cursor on, with their index in the rule.
  const inTurn = Array.from({ length: n }, (_, k) => ({
    at: (start + k) % n,
    member: members[(start + k) % n]!,
  }));
  const available = inTurn.filter(({ member }) => member.available && member.id !== notTo);
  if (available.length === 0) return { ok: false, reason: NOBODY_AVAILABLE };
  const free = available.filter(({ member }) => cap === null || member.open < cap);
  if (free.length === 0) return { ok: false, reason: everyoneAtCap(cap ?? 0) };
  const chosen =
    mode === 'round-robin'
      ? free[0]!
      : free.reduce((best, next) => (next.member.open < best.member.open ? next : best));
  return { ok: true, chosen: chosen.member, cursor: (chosen.at + 1) % n };
}
