// A semaphore with a bounded queue. Password checks (scrypt) run on libuv's thread pool, four
// threads that static files (fs) and dns share; a burst of sign-ins would otherwise occupy all
// of them and stall everything else for seconds. At most `concurrency` checks run at once, up to
// `queueLimit` wait their turn in order, and any more are refused at once (the caller answers
// 503 with Retry-After) rather than queued without bound.

export type Release = () => void;

export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: ((release: Release) => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly queueLimit: number,
  ) {}

  /** A turn (resolves with its release once it may run), or null when the queue is full. */
  tryEnter(): Promise<Release> | null {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve(this.releaser());
    }
    if (this.waiting.length >= this.queueLimit) return null;
    return new Promise<Release>((resolve) => this.waiting.push(resolve));
  }

  /** Checks running now and waiting for a turn. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line, so `running` stays the same.
      if (next) next(this.releaser());
      else this.running -= 1;
    };
  }
}
