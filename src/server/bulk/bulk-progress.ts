import type { BulkRun } from '../../contract';

// A run's progress to the browsers of who started it (`bulk.progress`, theirs only), at most every
// PROGRESS_EVERY_MS per run from one instance: a 5,000-thread close is not 5,000 events. A change
// of state (paused, done, cancelled) is told at once, so the end is never late.

export const PROGRESS_EVERY_MS = 500;

export class BulkProgress {
  private readonly lastAt = new Map<string, number>();

  constructor(
    private readonly opts: {
      readonly read: (id: string) => Promise<BulkRun | null>;
      readonly tell: (run: BulkRun) => Promise<void>;
      readonly clock: () => number;
    },
  ) {}

  /** After an item: told when the run was last told long enough ago. */
  async moved(id: string): Promise<void> {
    const now = this.opts.clock();
    if (now - (this.lastAt.get(id) ?? Number.NEGATIVE_INFINITY) < PROGRESS_EVERY_MS) return;
    await this.now(id);
  }

  /** Told now (a change of state, the end of a slice). */
  async now(id: string): Promise<void> {
    this.lastAt.set(id, this.opts.clock());
    const run = await this.opts.read(id);
    if (!run) return;
    if (run.state === 'done' || run.state === 'cancelled') this.lastAt.delete(id);
    await this.opts.tell(run);
  }
}
