import { EVENTS_PATH, parseLiveEvent, type LiveEvent } from '@/contract';
import { getLiveStatus, setLiveStatus } from './live-status';

// One live stream per tab (`GET /bff/events`, server-sent events): every event validated against
// the contract and handed on; while it is down, the caller polls what is on screen, and when it
// comes back the caller reads the screen again (events may have been missed in between).

/** The part of EventSource this uses, so tests can drive it. */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

export const EVENTS_URL = EVENTS_PATH;
/** EventSource.CLOSED: the browser gave up (an answer other than a 200 stream) and will not retry. */
const CLOSED = 2;

export interface LiveConnectionOptions {
  onEvent(event: LiveEvent): void;
  /** The stream is open again after being down: what is on screen may have missed changes. */
  onReconnected(): void;
  /** Called every `pollEveryMs` while the stream is down. */
  onPoll(): void;
  /**
   * The browser gave up on the stream (an answer other than a stream: a 401 when the session
   * ended, a 429, an outage): the caller may check why, e.g. whether the session still lives.
   */
  onRefused?(): void;
  createSource?: (url: string) => EventSourceLike;
  /**
   * The stream's position when what the screens show was read: the first opening resumes after it,
   * so the events in between are replayed (or a `resync` says they are gone).
   */
  from?: string | null;
  pollEveryMs?: number;
  /** The first retry after the browser gives up; doubles up to `retryMaxMs`. */
  retryMs?: number;
  retryMaxMs?: number;
}

const browserSource = (url: string): EventSourceLike => new EventSource(url, { withCredentials: true });

export class LiveConnection {
  private source: EventSourceLike | null = null;
  private lastEventId: string | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private retryDelay: number;
  private wasDown = false;
  private stopped = true;

  constructor(private readonly options: LiveConnectionOptions) {
    this.retryDelay = options.retryMs ?? 2_000;
    this.lastEventId = options.from ?? null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    setLiveStatus({ stream: 'connecting' });
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.source?.close();
    this.source = null;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopPolling();
    setLiveStatus({ stream: 'off', upstream: 'ok' });
  }

  private open(): void {
    const url =
      this.lastEventId === null
        ? EVENTS_URL
        : `${EVENTS_URL}?lastEventId=${encodeURIComponent(this.lastEventId)}`;
    const source = (this.options.createSource ?? browserSource)(url);
    this.source = source;
    source.onopen = () => this.opened();
    source.onmessage = (message) => this.received(message);
    source.onerror = () => this.failed(source);
  }

  private opened(): void {
    this.retryDelay = this.options.retryMs ?? 2_000;
    this.stopPolling();
    setLiveStatus({ stream: 'open' });
    if (this.wasDown) {
      this.wasDown = false;
      this.options.onReconnected();
    }
  }

  private received(message: MessageEvent<string>): void {
    if (message.lastEventId) this.lastEventId = message.lastEventId;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = parseLiveEvent(data);
    if (!parsed.success) {
      // A newer server may send events this build does not know: skipped, never fatal.
      console.warn('live event skipped: not in the contract', (data as { type?: unknown } | null)?.type);
      return;
    }
    if (parsed.data.type === 'upstream.status') setLiveStatus({ upstream: parsed.data.state });
    this.options.onEvent(parsed.data);
  }

  private failed(source: EventSourceLike): void {
    if (this.stopped || source !== this.source) return;
    this.wasDown = true;
    if (getLiveStatus().stream !== 'reconnecting') setLiveStatus({ stream: 'reconnecting' });
    this.startPolling();
    // The browser retries a dropped stream by itself (with Last-Event-ID); a refused one it drops.
    if (source.readyState !== CLOSED) return;
    this.options.onRefused?.();
    source.close();
    this.source = null;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, this.options.retryMaxMs ?? 30_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private startPolling(): void {
    if (this.pollTimer !== null) return;
    this.pollTimer = setInterval(() => this.options.onPoll(), this.options.pollEveryMs ?? 10_000);
  }

  private stopPolling(): void {
    if (this.pollTimer !== null) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }
}
