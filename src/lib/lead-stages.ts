import type { LeadStage } from '@/contract';

// Pure helpers about lead stages that the board and the stage settings share.

/** Board order: position, then creation time, then id (positions may tie while a reorder is saved). */
export function sortStages<T extends Pick<LeadStage, 'position' | 'created_at' | 'id'>>(
  stages: readonly T[],
): T[] {
  return [...stages].sort(
    (a, b) =>
      a.position - b.position ||
      (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

export type StageOutcome = 'none' | 'won' | 'lost';

/** Won and lost are judged by the flags, never by key or name (spec). */
export function stageOutcome(stage: Pick<LeadStage, 'is_won' | 'is_lost'>): StageOutcome {
  if (stage.is_won) return 'won';
  if (stage.is_lost) return 'lost';
  return 'none';
}

/** The flags for an outcome, so a form can never send both won and lost. */
export function outcomeFlags(outcome: StageOutcome): { is_won: boolean; is_lost: boolean } {
  return { is_won: outcome === 'won', is_lost: outcome === 'lost' };
}

export function stageByKey<T extends Pick<LeadStage, 'key'>>(stages: readonly T[]): Map<string, T> {
  return new Map(stages.map((s) => [s.key, s]));
}

export function defaultStage<T extends Pick<LeadStage, 'is_default'>>(stages: readonly T[]): T | undefined {
  return stages.find((s) => s.is_default);
}

/**
 * Moves one item of an ordered list and returns the new order.
 * Indices out of range leave the order as it was.
 */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

/**
 * The `position` PATCHes a reorder needs: positions 0..n-1 in the new order, sent only for the
 * stages whose stored position differs (the upstream stores positions as sent, it does not renumber).
 */
export function positionPatches(
  ordered: readonly Pick<LeadStage, 'id' | 'position'>[],
): { id: string; position: number }[] {
  const patches: { id: string; position: number }[] = [];
  ordered.forEach((stage, index) => {
    if (stage.position !== index) patches.push({ id: stage.id, position: index });
  });
  return patches;
}
