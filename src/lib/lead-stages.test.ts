import { describe, expect, it } from 'vitest';
import { moveItem, outcomeFlags, positionPatches, sortStages, stageOutcome } from './lead-stages';

const stage = (id: string, position: number, created_at = '2024-01-01T00:00:00Z') => ({
  id,
  position,
  created_at,
});

describe('lead stage helpers', () => {
  it('orders by position, then creation time, then id', () => {
    const sorted = sortStages([
      stage('c', 1),
      stage('b', 0, '2024-02-01T00:00:00Z'),
      stage('a', 0),
      stage('d', 1),
    ]);
    expect(sorted.map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves an item and renumbers only the stages that shift', () => {
    const ordered = [stage('a', 0), stage('b', 1), stage('c', 2), stage('d', 3)];
    const moved = moveItem(ordered, 3, 1);
    expect(moved.map((s) => s.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(positionPatches(moved)).toEqual([
      { id: 'd', position: 1 },
      { id: 'b', position: 2 },
      { id: 'c', position: 3 },
    ]);
    expect(moveItem(ordered, 0, 9).map((s) => s.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('renumbers gapped or tied positions to 0..n-1', () => {
    expect(positionPatches([stage('a', 0), stage('b', 5), stage('c', 5)])).toEqual([
      { id: 'b', position: 1 },
      { id: 'c', position: 2 },
    ]);
  });

  it('keeps won and lost exclusive', () => {
    expect(outcomeFlags('won')).toEqual({ is_won: true, is_lost: false });
    expect(outcomeFlags('none')).toEqual({ is_won: false, is_lost: false });
    expect(stageOutcome({ is_won: false, is_lost: true })).toBe('lost');
  });
});
