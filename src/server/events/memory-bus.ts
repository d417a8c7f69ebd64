import { randomBytes } from 'node:crypto';
import type { BusEvent, EventBus, PublishInput, Replay } from './bus';

export interface MemoryBusOptions {
  /** About how many bytes of events (as JSON) are kept for replay; past it the oldest go. */
  readonly maxBytes?: number;
  /** How long an event is kept for replay, in ms. */
  readonly maxAgeMs?: number;
  readonly clock?: () => number;
}

interface Kept {
  readonly seq: number;
  readonly at: number;
  readonly bytes: number;
  readonly bus: BusEvent;
}

/**
 * One instance's bus. Ids are `<boot>-<seq>`: the boot part is random per process, so an id from
 * before a restart reads as a gap (the client refetches) instead of replaying the wrong events.
 * Subscribers are told every event as it is published, so they never miss one; only a replay can
 * find that what it asks for is no longer kept, and then it says `gap`. What is kept is bounded by
 * size and age, not by a count a first load of a large workspace would exceed (issue 34).
 */
export class MemoryBus implements EventBus {
  private readonly boot = randomBytes(6).toString('base64url');
  // Kept events are kept[head..]; the dropped front is cut off in one go once it is as long as
  // what remains, so trimming costs O(1) per event instead of shifting the whole array each time.
  private kept: Kept[] = [];
  private head = 0;
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private seq = 0;
  private keptBytes = 0;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;

  constructor(opts: MemoryBusOptions = {}) {
    this.maxBytes = opts.maxBytes ?? 256 * 1024 * 1024;
    this.maxAgeMs = opts.maxAgeMs ?? 15 * 60_000;
    this.clock = opts.clock ?? Date.now;
  }

  publish(inputs: readonly PublishInput[]): Promise<readonly BusEvent[]> {
    const now = this.clock();
    const out = inputs.map((input) => {
      this.seq += 1;
      const bus: BusEvent = { id: `${this.boot}-${String(this.seq)}`, ...input };
      const bytes =
        JSON.stringify(input.event).length +
        (input.audience === undefined ? 0 : JSON.stringify(input.audience).length);
      this.kept.push({ seq: this.seq, at: now, bytes, bus });
      this.keptBytes += bytes;
      return bus;
    });
    this.trim(now);
    for (const bus of out) for (const listener of this.listeners) listener(bus);
    return Promise.resolve(out);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  replayAfter(lastId: string): Promise<Replay> {
    this.trim(this.clock());
    const seq = this.seqOf(lastId);
    if (seq === null || seq > this.seq) return Promise.resolve({ kind: 'gap' });
    const oldest = this.kept[this.head]?.seq ?? this.seq + 1;
    // The event right after lastId must still be kept, or something in between was dropped.
    if (seq + 1 < oldest) return Promise.resolve({ kind: 'gap' });
    return Promise.resolve({
      kind: 'events',
      events: this.kept
        .slice(this.head)
        .filter((k) => k.seq > seq)
        .map((k) => k.bus),
    });
  }

  lastId(): Promise<string | null> {
    return Promise.resolve(this.seq === 0 ? null : `${this.boot}-${String(this.seq)}`);
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }

  private seqOf(id: string): number | null {
    const dash = id.lastIndexOf('-');
    if (dash < 0 || id.slice(0, dash) !== this.boot) return null;
    const seq = Number(id.slice(dash + 1));
    return Number.isSafeInteger(seq) && seq >= 0 ? seq : null;
  }

  private trim(now: number): void {
    let head = this.head;
    while (
      head < this.kept.length &&
      (this.keptBytes > this.maxBytes || now - this.kept[head]!.at > this.maxAgeMs)
    ) {
      this.keptBytes -= this.kept[head]!.bytes;
      head += 1;
    }
    this.head = head;
    if (head > 0 && head * 2 >= this.kept.length) {
      this.kept = this.kept.slice(head);
      this.head = 0;
    }
  }
}
