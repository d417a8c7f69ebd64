import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { LiveEvent } from '../../contract/events';
import type { BusEvent, EventBus, PublishInput, Replay } from './bus';

// The bus of several BFF instances: one Redis Stream per workspace. XADD (MAXLEN ~) appends and
// gives every event a global, ordered id; each instance reads the stream with a blocking XREAD on
// its own connection and tells its subscribers, its own events included, so every instance applies
// every event in the same order. Replay is XRANGE after an id that is still in the stream and
// young enough. A stream rather than pub/sub: pub/sub forgets what it delivered, a stream also
// gives resume (docs/live-sync.md).

export interface RedisBusOptions {
  /** The stream's key (one per workspace). */
  readonly key: string;
  readonly maxEvents?: number;
  readonly maxAgeMs?: number;
  readonly clock?: () => number;
  /** A command without a reply by then fails. */
  readonly timeoutMs?: number;
  readonly log: FastifyBaseLogger;
}

const ID = /^(\d+)-(\d+)$/;
const BLOCK_MS = 2_000;
const READ_BATCH = 1_000;
const RETRY_MS = 500;

type Entry = [id: string, fields: string[]];

/** Compares two stream ids (`<ms>-<seq>`) numerically. */
export function compareIds(a: string, b: string): number {
  const [, am = '0', as = '0'] = ID.exec(a) ?? [];
  const [, bm = '0', bs = '0'] = ID.exec(b) ?? [];
  return Number(am) - Number(bm) || Number(as) - Number(bs);
}

export class RedisBus implements EventBus {
  private readonly listeners = new Set<(event: BusEvent) => void>();
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;
  private closed = false;
  /** The newest id this instance has read (and told its subscribers). */
  private position = '0-0';
  private loop: Promise<void> = Promise.resolve();

  private constructor(
    private readonly commands: Redis,
    private readonly reader: Redis,
    private readonly opts: RedisBusOptions,
  ) {
    this.maxEvents = opts.maxEvents ?? 10_000;
    this.maxAgeMs = opts.maxAgeMs ?? 15 * 60_000;
    this.clock = opts.clock ?? Date.now;
  }

  /** Connects both connections and starts reading after the newest event. */
  static async open(url: string, opts: RedisBusOptions): Promise<RedisBus> {
    const timeoutMs = opts.timeoutMs ?? 1000;
    const commands = new Redis(url, {
      lazyConnect: true,
      commandTimeout: Math.max(timeoutMs, 5000),
      connectTimeout: Math.max(timeoutMs, 2000),
      maxRetriesPerRequest: 1,
    });
    // The blocking read waits longer than any command timeout would allow.
    const reader = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: null });
    for (const r of [commands, reader]) r.on('error', () => undefined);
    await Promise.all([commands.connect(), reader.connect()]);
    const bus = new RedisBus(commands, reader, opts);
    bus.position = (await bus.lastId()) ?? '0-0';
    bus.loop = bus.read();
    return bus;
  }

  async publish(inputs: readonly PublishInput[]): Promise<readonly BusEvent[]> {
    if (inputs.length === 0) return [];
    const batch = this.commands.multi();
    for (const input of inputs) {
      const parsed = LiveEvent.safeParse(input.event);
      if (!parsed.success)
        throw new Error(`Refusing to publish a ${input.event.type} event that fails the contract`);
      const fields = ['e', JSON.stringify(parsed.data)];
      if (input.audience !== undefined) fields.push('a', JSON.stringify(input.audience));
      batch.xadd(this.opts.key, 'MAXLEN', '~', this.maxEvents, '*', ...fields);
    }
    const results = await batch.exec();
    if (results === null) throw new Error('The event bus transaction was aborted');
    return inputs.map((input, i) => {
      const [error, id] = results[i] ?? [new Error('no reply'), null];
      if (error || typeof id !== 'string') throw error ?? new Error('XADD gave no id');
      return { id, ...input };
    });
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async replayAfter(lastId: string): Promise<Replay> {
    const match = ID.exec(lastId);
    if (!match || Number(match[1]) < this.clock() - this.maxAgeMs) return { kind: 'gap' };
    // The entry itself must still be there: trimmed, lost in a Redis restart or never ours is a gap.
    const [self] = (await this.commands.xrange(this.opts.key, lastId, lastId)) as Entry[];
    if (self === undefined) return { kind: 'gap' };
    const entries = (await this.commands.xrange(
      this.opts.key,
      `(${lastId}`,
      '+',
      'COUNT',
      this.maxEvents,
    )) as Entry[];
    return { kind: 'events', events: entries.flatMap((e) => this.decode(e)) };
  }

  async lastId(): Promise<string | null> {
    const [newest] = (await this.commands.xrevrange(this.opts.key, '+', '-', 'COUNT', 1)) as Entry[];
    return newest?.[0] ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.reader.disconnect();
    await this.loop;
    await this.commands.quit().catch(() => this.commands.disconnect());
  }

  private decode([id, fields]: Entry): BusEvent[] {
    const field = (name: string): string | undefined => {
      const i = fields.indexOf(name);
      return i >= 0 && i % 2 === 0 ? fields[i + 1] : undefined;
    };
    try {
      const event = LiveEvent.safeParse(JSON.parse(field('e') ?? 'null'));
      const audienceText = field('a');
      const audience: unknown = audienceText === undefined ? undefined : JSON.parse(audienceText);
      const audienceOk =
        audience === undefined || (Array.isArray(audience) && audience.every((a) => typeof a === 'string'));
      if (event.success && audienceOk)
        return [
          { id, event: event.data, ...(audience !== undefined ? { audience: audience as string[] } : {}) },
        ];
    } catch {
      // Falls through to the log line below.
    }
    this.opts.log.error({ eventId: id }, 'event bus entry is malformed: skipped');
    return [];
  }

  /** The blocking read loop: hands each new entry to the subscribers, in stream order. */
  private async read(): Promise<void> {
    let lostSight = false;
    while (!this.closed) {
      try {
        if (lostSight) {
          await this.checkContinuity();
          lostSight = false;
        }
        const reply = (await this.reader.xread(
          'COUNT',
          READ_BATCH,
          'BLOCK',
          BLOCK_MS,
          'STREAMS',
          this.opts.key,
          this.position,
        )) as [string, Entry[]][] | null;
        for (const entry of reply?.[0]?.[1] ?? []) {
          this.position = entry[0];
          for (const event of this.decode(entry)) for (const listener of this.listeners) listener(event);
        }
      } catch (error) {
        if (this.closed) return;
        if (!lostSight) this.opts.log.warn({ err: error }, 'event bus read failed: retrying');
        lostSight = true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /**
   * After losing Redis for a while: if the last entry read is gone (Redis restarted without its
   * data, or the stream was trimmed past it), events may have been lost, so every instance and
   * every browser is told to refetch rather than left believing it saw everything.
   */
  private async checkContinuity(): Promise<void> {
    if (this.position === '0-0') return;
    const [self] = (await this.commands.xrange(this.opts.key, this.position, this.position)) as Entry[];
    if (self !== undefined) return;
    this.opts.log.warn(
      { lastRead: this.position },
      'event bus lost entries (Redis restarted?): asking clients to resync',
    );
    // Reading on from the same id still gets every entry after it that Redis has kept.
    await this.publish([{ event: { type: 'resync', reason: 'gap' } }]);
  }
}
