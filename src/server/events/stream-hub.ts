import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { LiveEvent } from '../../contract/events';
import type { BusEvent, EventBus } from './bus';

// One bus subscription per instance, fanned out to every open stream. Each event is validated and
// written as an SSE frame once, whoever receives it. A stream whose socket buffer grows past the
// bound is dropped: its browser reconnects with Last-Event-ID and gets a replay or a resync, so a
// slow client never makes the server hold more than the bound for it.

export interface HubStream {
  readonly username: string;
  readonly res: ServerResponse;
  /** Events come here once the stream has caught up (replay done). */
  deliver(bus: BusEvent): void;
}

/** An SSE frame: `id:` on every event; the data is one JSON line. */
export const sseFrame = (id: string | null, event: LiveEvent): string =>
  `${id === null ? '' : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;

export const HEARTBEAT_FRAME = ': heartbeat\n\n';

/** Told when a person's first stream on this instance opens and when their last one closes. */
export interface HolderListener {
  arrived(username: string): void;
  left(username: string): void;
}

export class StreamHub {
  private readonly streams = new Set<HubStream>();
  private readonly frames = new WeakMap<BusEvent, string | null>();
  private readonly checking = new WeakSet<ServerResponse>();
  private readonly unsubscribe: () => void;
  /** Open streams per person on this instance. */
  private readonly held = new Map<string, number>();
  private readonly holderListeners = new Set<HolderListener>();

  constructor(
    bus: EventBus,
    private readonly maxBufferedBytes: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      for (const stream of this.streams) stream.deliver(event);
    });
  }

  get size(): number {
    return this.streams.size;
  }

  add(stream: HubStream): void {
    if (this.streams.has(stream)) return;
    this.streams.add(stream);
    const count = (this.held.get(stream.username) ?? 0) + 1;
    this.held.set(stream.username, count);
    if (count === 1) for (const listener of this.holderListeners) listener.arrived(stream.username);
  }

  remove(stream: HubStream): void {
    if (!this.streams.delete(stream)) return;
    const count = (this.held.get(stream.username) ?? 1) - 1;
    if (count > 0) return void this.held.set(stream.username, count);
    this.held.delete(stream.username);
    for (const listener of this.holderListeners) listener.left(stream.username);
  }

  /** Who holds at least one stream on this instance. */
  holders(): string[] {
    return [...this.held.keys()];
  }

  /** Follows who holds streams here (availability); answers the way to stop. */
  watchHolders(listener: HolderListener): () => void {
    this.holderListeners.add(listener);
    return () => this.holderListeners.delete(listener);
  }

  /** Whether this user may see the event: no audience is everyone; an empty one is no browser. */
  static audienceAllows(bus: BusEvent, username: string): boolean {
    return bus.audience === undefined || bus.audience.includes(username);
  }

  /** The event's frame, validated once; null for one that fails the contract (logged, never sent). */
  frameOf(bus: BusEvent): string | null {
    const cached = this.frames.get(bus);
    if (cached !== undefined) return cached;
    const parsed = LiveEvent.safeParse(bus.event);
    const frame = parsed.success ? sseFrame(bus.id, parsed.data) : null;
    if (!parsed.success)
      this.log.error({ eventId: bus.id, type: bus.event.type }, 'live event fails the contract: not sent');
    this.frames.set(bus, frame);
    return frame;
  }

  /**
   * Writes to a stream: 'gone' when it is closed, 'full' when its buffer is past the socket's high
   * water mark (a replay waits for 'drain' then). Bytes the kernel took still count in writableLength
   * until the next turn of the event loop, so the bound is judged then: whatever is still waiting
   * is what the client has not read.
   */
  write(stream: HubStream, text: string): 'ok' | 'full' | 'gone' {
    const { res } = stream;
    if (res.destroyed || res.writableEnded) return 'gone';
    const more = res.write(text);
    if (res.writableLength > this.maxBufferedBytes && !this.checking.has(res)) {
      this.checking.add(res);
      setImmediate(() => {
        this.checking.delete(res);
        if (res.destroyed || res.writableLength <= this.maxBufferedBytes) return;
        this.log.info({ buffered: res.writableLength }, 'live stream dropped: the client reads too slowly');
        res.destroy();
      });
    }
    return more ? 'ok' : 'full';
  }

  /** Ends every stream (shutdown), so closing the server does not wait for them. */
  closeAll(): void {
    for (const stream of this.streams) stream.res.end();
    this.streams.clear();
    this.held.clear();
  }

  close(): void {
    this.unsubscribe();
    this.closeAll();
  }
}
