// The sync's upstream budget (SYNC_CALLS_PER_MINUTE): a token bucket shared by every task, refilled
// at the set rate and holding at most one second's worth. The hot read (new messages) is served
// first and finds a reserve kept for it; the sweeps and catch-ups take what is left, so a larger
// workspace makes them slower, never the upstream's bill larger. Under contention the sweeps still
// get one call in HOT_TURNS + 1: a hot read that never rests (a first load of many threads) would
// otherwise starve them, and leads and customers would never load.
//
// What is not hot is of three kinds. A first load (leads, customers) goes before the others:
// until it is done the board or the customer list is partly empty. Sweeps re-read whole lists to
// find changes made outside the BFF; catch-ups read what was never read at all (a customer's
// contacts, a lead's follow-up flag, the search index's older messages), one record per call. A
// large workspace asks both for far more than the budget holds. Catch-ups then get two calls for
// each sweep's one: 100,000 customers' contacts take hours instead of days, and a sweep stretches
// (a full pass of 200,000 leads in minutes rather than seconds) without ever stopping.

export type CallPriority = 'hot' | 'load' | 'sweep' | 'catch-up';

/** Hot calls granted in a row, while others wait, before a sweep or catch-up gets its turn. */
const HOT_TURNS = 2;
/** Catch-up calls granted in a row, while a sweep waits, before the sweep gets its turn. */
const CATCH_UP_TURNS = 2;

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
  /** Hot calls granted in a row while a sweep or catch-up was waiting. */
  private hotStreak = 0;
  /** Catch-up calls granted in a row while a sweep was waiting. */
  private catchUpStreak = 0;

  constructor(
    perMinute: number,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.capacity = Math.max(1, perMinute / 60);
    // What the bucket holds at the start counts against the minute: a full bucket spent at once,
    // then the refill, never make more than `perMinute` calls in any minute.
    this.perMs = Math.max(perMinute - this.capacity, perMinute / 2) / 60_000;
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

  /** Which waiting call that is not hot goes next: a first load, else catch-ups with a sweep
   *  every third turn. */
  private nextBackground(): number {
    const load = this.waiting.findIndex((w) => w.priority === 'load');
    if (load >= 0) return load;
    const sweep = this.waiting.findIndex((w) => w.priority === 'sweep');
    const catchUp = this.waiting.findIndex((w) => w.priority === 'catch-up');
    if (sweep < 0) return catchUp;
    if (catchUp < 0) return sweep;
    return this.catchUpStreak >= CATCH_UP_TURNS ? sweep : catchUp;
  }

  private pump(): void {
    this.refill();
    for (;;) {
      if (this.waiting.length === 0) return;
      const hot = this.waiting.findIndex((w) => w.priority === 'hot');
      const background = this.nextBackground();
      const backgroundsTurn = background >= 0 && (hot < 0 || this.hotStreak >= HOT_TURNS);
      const next = backgroundsTurn ? background : hot;
      // A call whose turn it is under contention needs no reserve: the hot read has had its share.
      const needed = !backgroundsTurn ? 1 : hot >= 0 ? 1 : 1 + this.reserve;
      if (this.tokens < needed) {
        this.wake((needed - this.tokens) / this.perMs);
        return;
      }
      this.tokens -= 1;
      this.spent += 1;
      this.hotStreak = backgroundsTurn ? 0 : background >= 0 ? this.hotStreak + 1 : 0;
      const granted = this.waiting.splice(next, 1)[0]!;
      if (granted.priority === 'sweep') this.catchUpStreak = 0;
      else if (granted.priority === 'catch-up')
        this.catchUpStreak = this.waiting.some((w) => w.priority === 'sweep') ? this.catchUpStreak + 1 : 0;
      granted.resolve();
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
