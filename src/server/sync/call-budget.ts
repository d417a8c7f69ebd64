// The sync's upstream budget (SYNC_CALLS_PER_MINUTE): a token bucket shared by every task, refilled
// at the set rate and holding at most one second's worth. The hot read (new messages) is served
// first and finds a reserve kept for it; the sweeps and catch-ups take what is left, so a larger
// workspace makes them slower, never the upstream's bill larger.

export type CallPriority = 'hot' | 'background';

interface Waiter {
  readonly priority: CallPriority;
  readonly resolve: () => void;
}

export class CallBudget {
  private tokens: number;
  private updatedAt: number;
  private readonly capacity: number;
  /** Tokens background calls leave for the hot read. */
  private readonly reserve: number;
  private readonly perMs: number;
  private readonly waiting: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private spent = 0;

  constructor(
    perMinute: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.perMs = perMinute / 60_000;
    this.capacity = Math.max(1, perMinute / 60);
    this.reserve = Math.min(this.capacity - 1, Math.max(0, Math.floor(this.capacity / 3)));
    this.tokens = this.capacity;
    this.updatedAt = clock();
  }

  /** Calls made through the budget since it was created. */
  get calls(): number {
    return this.spent;
  }

  /** Resolves when a call of this priority may be made. */
  take(priority: CallPriority): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push({ priority, resolve });
      this.pump();
    });
  }

  /** Lets every waiting call go (the sync stops: they fail or finish on their own). */
  release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of this.waiting.splice(0)) w.resolve();
  }

  private refill(): void {
    const now = this.clock();
    this.tokens = Math.min(this.capacity, this.tokens + (now - this.updatedAt) * this.perMs);
    this.updatedAt = now;
  }

  private pump(): void {
    this.refill();
    for (;;) {
      const hot = this.waiting.findIndex((w) => w.priority === 'hot');
      const next = hot >= 0 ? hot : this.waiting.length > 0 ? 0 : -1;
      if (next < 0) return;
      const needed = this.waiting[next]!.priority === 'hot' ? 1 : 1 + this.reserve;
      if (this.tokens < needed) {
        this.wake((needed - this.tokens) / this.perMs);
        return;
      }
      this.tokens -= 1;
      this.spent += 1;
      this.waiting.splice(next, 1)[0]!.resolve();
    }
  }

  private wake(afterMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.pump();
      },
      Math.max(1, Math.ceil(afterMs)),
    );
    this.timer.unref?.();
  }
}
