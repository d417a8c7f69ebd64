import { describe, expect, it } from 'vitest';
import { NOBODY_AVAILABLE, everyoneAtCap, pickAgent, type Candidate } from './assignment-pick';

const member = (id: string, open = 0, available = true): Candidate => ({ id, open, available });

/** Hands out `threads` one after another, as the runner does, and answers each member's load. */
function handOut(
  mode: 'round-robin' | 'least-loaded',
  start: Candidate[],
  threads: number,
  cap: number | null,
) {
  const members = start.map((m) => ({ ...m }));
  let cursor = 0;
  const order: string[] = [];
  for (let i = 0; i < threads; i++) {
    const pick = pickAgent(mode, members, cursor, cap);
    if (!pick.ok) break;
    cursor = pick.cursor;
    order.push(pick.chosen.id);
    const held = members.find((m) => m.id === pick.chosen.id)!;
    members[members.indexOf(held)] = { ...held, open: held.open + 1 };
  }
  return { order, loads: members.map((m) => m.open) };
}

describe('pickAgent', () => {
  it('round robin takes turns in the rule’s order, so loads differ by at most one', () => {
    const { order, loads } = handOut('round-robin', [member('a'), member('b'), member('c')], 7, null);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a']);
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
  });

  it('round robin skips whoever is not Available and goes on from the cursor', () => {
    const pick = pickAgent('round-robin', [member('a'), member('b', 0, false), member('c')], 1, null);
    expect(pick).toEqual({ ok: true, chosen: member('c'), cursor: 0 });
  });

  it('least loaded gives to the fewest open threads, whatever the turn', () => {
    const pick = pickAgent('least-loaded', [member('a', 4), member('b', 1), member('c', 2)], 0, null);
    expect(pick.ok && pick.chosen.id).toBe('b');
  });

  it('least loaded with equal loads still takes turns from the cursor', () => {
    const { order } = handOut('least-loaded', [member('a'), member('b'), member('c')], 6, null);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
  });

  it('skips members at the cap, and says so when everyone Available is at it', () => {
    expect(pickAgent('round-robin', [member('a', 2), member('b', 1)], 0, 2)).toMatchObject({
      ok: true,
      chosen: { id: 'b' },
    });
    expect(pickAgent('round-robin', [member('a', 2), member('b', 3), member('c', 0, false)], 0, 2)).toEqual({
      ok: false,
      reason: everyoneAtCap(2),
    });
    const { order } = handOut('round-robin', [member('a'), member('b')], 10, 3);
    expect(order).toHaveLength(6);
  });

  it('with nobody Available (or no members) nobody is picked', () => {
    expect(pickAgent('least-loaded', [member('a', 0, false)], 0, null)).toEqual({
      ok: false,
      reason: NOBODY_AVAILABLE,
    });
    expect(pickAgent('round-robin', [], 3, null)).toEqual({ ok: false, reason: NOBODY_AVAILABLE });
  });

  it('never gives a thread back to the owner who did not reply', () => {
    expect(pickAgent('least-loaded', [member('a'), member('b', 5)], 0, null, 'a')).toMatchObject({
      ok: true,
      chosen: { id: 'b' },
    });
    expect(pickAgent('round-robin', [member('a')], 0, null, 'a')).toEqual({
      ok: false,
      reason: NOBODY_AVAILABLE,
    });
  });

  it('a cursor past the end (members removed since) wraps around', () => {
    expect(pickAgent('round-robin', [member('a'), member('b')], 7, null)).toMatchObject({
      chosen: { id: 'b' },
    });
  });
});
