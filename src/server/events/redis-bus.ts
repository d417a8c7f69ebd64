import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { LiveEvent } from '../../contract/events';
import type { BusEvent, EventBus, PublishInput, Replay } from './bus';
import {
  judgeRead,
  MIN_REDIS_VERSION,
  parseStreamInfo,
  placeAtEnd,
  redisVersionFits,
  type ReadPlace,
  type StreamInfo,
} from './stream-window';

// The bus of several BFF instances: one Redis Stream per workspace. XADD appends and gives every
// event a global, ordered id; each instance reads the stream with a blocking XREAD on its own
// connection and tells its subscribers, its own events included, so every instance applies every
// event in the same order. Replay is XRANGE after an id that is still in the stream and young
// enough. A stream rather than pub/sub: pub/sub forgets what it delivered, a stream also gives
// resume (docs/live-sync.md).
//
// What the stream keeps is bounded by age (`XADD … MINID ~`, Redis ≥ 6.2) and by memory (a check of
// MEMORY USAGE every few MiB published, then XTRIM), never by a count: a first load publishes one
// event per record, and 50,000 leads used to be cut to the newest 10,000 without a word (issue 34).
// When what an instance had not read yet was trimmed anyway, its reader says so to its subscribers
// with a `resync {reason: 'gap'}` before it reads on: the live service reloads, browsers refetch.

export interface RedisBusOptions {
  /** The stream's key (one per workspace). */
  readonly key: string;
  /** How long an entry is kept (EVENTS_REPLAY_AGE_MS). */
  readonly maxAgeMs?: number;
  /** About how many bytes the stream may take in Redis (EVENTS_REPLAY_MAX_BYTES). */
  readonly maxBytes?: number;
  readonly clock?: () => number;
  /** A command without a reply by then fails. */
  readonly timeoutMs?: number;
  readonly log: FastifyBaseLogger;
}

const ID = /^(\d+)-(\d+)$/;
const BLOCK_MS = 2_000;
const READ_BATCH = 1_000;
const REPLAY_PAGE = 1_000;
/** Entries per MULTI: a 50,000-event publish is many short transactions, not one that times out. */
const PUBLISH_CHUNK = 500;
/** The stream's memory is measured each time about this share of the ceiling was published. */
const MEASURE_EVERY_SHARE = 1 / 16;
/** Past the ceiling, the stream is trimmed to about this share of it, so it is not trimmed at once again. */
const TRIM_TO_SHARE = 3 / 4;
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
  private readonly maxAgeMs: number;
  private readonly maxBytes: number;
  private readonly clock: () => number;
  private closed = false;
  /** The newest entry this instance has read (and told its subscribers), and its count. */
  private place: ReadPlace = { id: '0-0', count: 0 };
  /** Before Redis 7, where a gap was last told, so an idle reader does not tell it again and again. */
  private gapToldAt: string | null = null;
  /** Bytes this instance published since it last measured the stream. */
  private unmeasuredBytes = 0;
  private loop: Promise<void> = Promise.resolve();

  private constructor(
    private readonly commands: Redis,
    private readonly reader: Redis,
    private readonly opts: RedisBusOptions,
  ) {
    this.maxAgeMs = opts.maxAgeMs ?? 15 * 60_000;
    this.maxBytes = opts.maxBytes ?? 256 * 1024 * 1024;
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
    // An older server would refuse every XADD with a syntax error: better a clear word at start.
    const server = await commands.info('server');
    if (!redisVersionFits(server)) {
      commands.disconnect();
      reader.disconnect();
      throw new Error(`The event bus needs Redis ${MIN_REDIS_VERSION.join('.')} or later (XADD … MINID)`);
    }
    const bus = new RedisBus(commands, reader, opts);
    // The last id the stream gave, even when age has trimmed every entry since: reading on from
    // there, what was trimmed before this instance started is not taken for something it missed.
    const [[error, reply]] = ((await commands.multi().xinfo('STREAM', opts.key).exec()) ?? [
      [null, null],
    ]) as [[Error | null, unknown]];
    bus.place = placeAtEnd(error ? null : parseStreamInfo(reply));
    bus.loop = bus.read();
    return bus;
  }

  async publish(inputs: readonly PublishInput[]): Promise<readonly BusEvent[]> {
    const entries = inputs.map((input) => {
      const parsed = LiveEvent.safeParse(input.event);
      if (!parsed.success)
        throw new Error(`Refusing to publish a ${input.event.type} event that fails the contract`);
      const fields = ['e', JSON.stringify(parsed.data)];
      if (input.audience !== undefined) fields.push('a', JSON.stringify(input.audience));
      return fields;
    });
    const ids: string[] = [];
    for (let start = 0; start < entries.length; start += PUBLISH_CHUNK) {
      // Entries older than the age go as new ones come; `~` lets Redis drop whole nodes only.
      const minId = String(Math.max(0, this.clock() - this.maxAgeMs));
      const batch = this.commands.multi();
      for (const fields of entries.slice(start, start + PUBLISH_CHUNK)) {
        batch.xadd(this.opts.key, 'MINID', '~', minId, '*', ...fields);
        this.unmeasuredBytes += fields.reduce((sum, f) => sum + f.length, 0);
      }
      const results = await batch.exec();
      if (results === null) throw new Error('The event bus transaction was aborted');
      for (const [error, id] of results) {
        if (error || typeof id !== 'string') throw error ?? new Error('XADD gave no id');
        ids.push(id);
      }
      await this.keepUnderCeiling();
    }
    return inputs.map((input, i) => ({ id: ids[i]!, ...input }));
  }

  /** Trims the oldest entries once the stream takes more memory than the ceiling. */
  private async keepUnderCeiling(): Promise<void> {
    if (this.unmeasuredBytes < this.maxBytes * MEASURE_EVERY_SHARE) return;
    this.unmeasuredBytes = 0;
    const [[, usage], [, length]] = ((await this.commands
      .multi()
      .memory('USAGE', this.opts.key)
      .xlen(this.opts.key)
      .exec()) ?? [
      [null, null],
      [null, 0],
    ]) as [[unknown, unknown], [unknown, unknown]];
    if (typeof usage !== 'number' || typeof length !== 'number' || usage <= this.maxBytes) return;
    const keep = Math.floor((length * this.maxBytes * TRIM_TO_SHARE) / usage);
    this.opts.log.warn(
      { bytes: usage, entries: length, keep },
      'event bus is past its memory ceiling: the oldest events go (EVENTS_REPLAY_MAX_BYTES)',
    );
    await this.commands.xtrim(this.opts.key, 'MAXLEN', '~', keep);
  }

  subscribe(listener: (event: BusEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async replayAfter(lastId: string): Promise<Replay> {
    const match = ID.exec(lastId);
    if (!match || Number(match[1]) < this.clock() - this.maxAgeMs) return { kind: 'gap' };
    const events: BusEvent[] = [];
    for (let after = lastId; ;) {
      // Each page with the entry it starts after, in one MULTI: trimming removes the oldest first,
      // so while that entry is there, nothing after it is missing. Gone (trimmed, lost in a Redis
      // restart, or never ours): a gap.
      const [[, self], [, page]] = ((await this.commands
        .multi()
        .xrange(this.opts.key, after, after)
        .xrange(this.opts.key, `(${after}`, '+', 'COUNT', REPLAY_PAGE)
        .exec()) ?? [
        [null, []],
        [null, []],
      ]) as [[unknown, Entry[] | null], [unknown, Entry[] | null]];
      if (!self || self.length === 0) return { kind: 'gap' };
      for (const entry of page ?? []) events.push(...this.decode(entry));
      if (!page || page.length < REPLAY_PAGE) break;
      after = page.at(-1)![0];
    }
    return { kind: 'events', events };
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

  /**
   * One step of the read loop, in one MULTI so the answer is exact: the stream's counts, whether
   * the entry last read is still there, and the next entries (XREAD does not block in a MULTI).
   */
  private async readNext(): Promise<{ info: StreamInfo | null; placeKept: boolean; entries: Entry[] }> {
    const key = this.opts.key;
    const replies = (await this.reader
      .multi()
      .xinfo('STREAM', key)
      .xrange(key, this.place.id, this.place.id)
      .xread('COUNT', READ_BATCH, 'STREAMS', key, this.place.id)
      .exec()) as [[Error | null, unknown], [Error | null, unknown], [Error | null, unknown]] | null;
    if (replies === null) throw new Error('The event bus read was aborted');
    const [[infoError, info], [, self], [readError, read]] = replies;
    if (readError) throw readError;
    return {
      // XINFO fails on a stream that does not exist (yet, or any more after a restart).
      info: infoError ? null : parseStreamInfo(info),
      placeKept: Array.isArray(self) && self.length > 0,
      entries: (read as [string, Entry[]][] | null)?.[0]?.[1] ?? [],
    };
  }

  /** The blocking read loop: hands each new entry to the subscribers, in stream order. */
  private async read(): Promise<void> {
    let lostSight = false;
    while (!this.closed) {
      try {
        const { info, placeKept, entries } = await this.readNext();
        const { gap, count } = judgeRead(this.place, info, placeKept, entries.length);
        if (gap && (count !== undefined || this.gapToldAt !== this.place.id)) this.tellGap(entries[0]?.[0]);
        // Each entry's own count, so the place stays exact if a listener throws half-way.
        const before = count === undefined ? undefined : count - entries.length;
        entries.forEach((entry, i) => {
          this.place = { id: entry[0], count: before === undefined ? undefined : before + i + 1 };
          for (const event of this.decode(entry)) for (const listener of this.listeners) listener(event);
        });
        if (entries.length === 0) this.place = { id: this.place.id, count };
        lostSight = false;
        // Nothing new: wait for the next entry here, then read it (and judge it) in the MULTI above.
        if (entries.length === 0)
          await this.reader.xread('COUNT', 1, 'BLOCK', BLOCK_MS, 'STREAMS', this.opts.key, this.place.id);
      } catch (error) {
        if (this.closed) return;
        if (!lostSight) this.opts.log.warn({ err: error }, 'event bus read failed: retrying');
        lostSight = true;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  /**
   * Entries this instance had not read were trimmed away (it fell behind what the stream keeps), or
   * lost (Redis restarted without its data): its subscribers are told with a `resync` before what
   * comes next, so the live service reloads its model and its browsers refetch, instead of all of
   * them reading on as if nothing happened. The resync carries the last id read before the gap: a
   * browser resuming from it gets a gap again, never a replay that skips what was lost.
   */
  private tellGap(next: string | undefined): void {
    this.opts.log.warn(
      { lastRead: this.place.id, nextRead: next ?? null },
      'event bus lost events this instance had not read yet (trimmed, or Redis restarted): resyncing',
    );
    this.gapToldAt = this.place.id;
    const gap: BusEvent = { id: this.place.id, event: { type: 'resync', reason: 'gap' } };
    for (const listener of this.listeners) listener(gap);
  }
}
