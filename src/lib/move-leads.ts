import type { LeadList } from '@/contract';

export interface MoveProgress {
  moved: number;
  total: number;
}

export interface MoveLeadsDeps {
  /** One window of the leads still to move (holding the old key, or matching no stage) and how many. */
  read: (offset: number) => Promise<Pick<LeadList, 'data' | 'total'>>;
  /** Moves one lead to the new key. */
  move: (id: string) => Promise<unknown>;
  onProgress: (progress: MoveProgress) => void;
  signal?: AbortSignal;
}

/**
 * Moves every lead holding `from` to another key, one PATCH each (the API has no bulk move).
 * Moved leads leave the list, so the rows already handled are never in front of the read point
 * and every window is read at offset 0; ids already moved are skipped so a server that kept one in
 * the list cannot loop the run. A failure stops the run (the error propagates).
 */
export async function moveAllLeads(deps: MoveLeadsDeps): Promise<MoveProgress> {
  const first = await deps.read(0);
  const progress: MoveProgress = { moved: 0, total: first.total };
  deps.onProgress({ ...progress });
  const done = new Set<string>();
  let page = first;
  for (;;) {
    const todo = page.data.filter((l) => !done.has(l.id));
    if (todo.length === 0) break;
    for (const lead of todo) {
      if (deps.signal?.aborted) return progress;
      await deps.move(lead.id);
      done.add(lead.id);
      progress.moved += 1;
      progress.total = Math.max(progress.total, progress.moved);
      deps.onProgress({ ...progress });
    }
    page = await deps.read(0);
  }
  return progress;
}
