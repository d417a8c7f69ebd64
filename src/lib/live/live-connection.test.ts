import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@/contract';
import { LiveConnection, type EventSourceLike } from './live-connection';
import { getLiveStatus, resetLiveStatus } from './live-status';

class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(data: unknown, id = '') {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data), lastEventId: id }));
  }
  /** A dropped stream the browser retries itself (readyState CONNECTING) or gives up (CLOSED). */
  fail(givesUp: boolean) {
    this.readyState = givesUp ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

function connect(from?: string | null) {
  const sources: FakeSource[] = [];
  const events: LiveEvent[] = [];
  const calls = { reconnected: 0, polls: 0, refused: 0 };
  const connection = new LiveConnection({
    onEvent: (event) => events.push(event),
    onReconnected: () => (calls.reconnected += 1),
    onPoll: () => (calls.polls += 1),
    onRefused: () => (calls.refused += 1),
    createSource: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    ...(from === undefined ? {} : { from }),
    pollEveryMs: 10_000,
    retryMs: 2_000,
    retryMaxMs: 8_000,
  });
  connection.start();
  return { connection, sources, events, calls, latest: () => sources.at(-1)! };
}

const status = { type: 'upstream.status', state: 'unreachable', since: '2026-11-23T09:00:00.000Z' };

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  resetLiveStatus();
});

describe('LiveConnection', () => {
  it('opens one stream, hands on events that pass the contract and skips the rest', () => {
    const { sources, events, latest } = connect();
    expect(sources.map((s) => s.url)).toEqual(['/bff/events']);
    expect(getLiveStatus().stream).toBe('connecting');
    latest().open();
    expect(getLiveStatus().stream).toBe('open');
    latest().send({ type: 'lead.removed', id: '00000000-0000-4000-8000-000000000001' }, 'b-1');
    latest().send({ type: 'lead.removed', id: 'not-an-id' }, 'b-2');
    latest().send({ type: 'something.new' }, 'b-3');
    latest().onmessage?.(new MessageEvent('message', { data: '{not json' }));
    expect(events.map((e) => e.type)).toEqual(['lead.removed']);
  });

  it('first opens after the position the screens were read at, so what changed since is replayed', () => {
    const { sources, latest } = connect('boot-3');
    expect(sources.map((s) => s.url)).toEqual(['/bff/events?lastEventId=boot-3']);
    latest().open();
    latest().send({ type: 'lead.removed', id: '00000000-0000-4000-8000-000000000001' }, 'boot-4');
    latest().fail(true);
    vi.advanceTimersByTime(2_000);
    expect(latest().url).toBe('/bff/events?lastEventId=boot-4');
    expect(connect(null).latest().url).toBe('/bff/events');
  });

  it('says what the server says about the upstream', () => {
    const { latest } = connect();
    latest().open();
    latest().send(status, 'b-1');
    expect(getLiveStatus()).toEqual({ stream: 'open', upstream: 'unreachable' });
    latest().send({ ...status, state: 'ok' }, 'b-2');
    expect(getLiveStatus().upstream).toBe('ok');
  });

  it('while the browser retries a dropped stream: reconnecting, polling, then a read of the screen', () => {
    const { sources, calls, latest } = connect();
    latest().open();
    latest().fail(false);
    expect(getLiveStatus().stream).toBe('reconnecting');
    vi.advanceTimersByTime(25_000);
    expect(calls.polls).toBe(2);
    expect(sources).toHaveLength(1);
    expect(calls.refused).toBe(0);
    latest().open();
    expect(getLiveStatus().stream).toBe('open');
    expect(calls.reconnected).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(calls.polls).toBe(2);
  });

  it('reopens a refused stream itself, backing off, resuming after the last event it had', () => {
    const { sources, calls, latest } = connect();
    latest().open();
    latest().send({ type: 'lead.removed', id: '00000000-0000-4000-8000-000000000001' }, 'boot-7');
    latest().fail(true);
    expect(sources[0]!.closed).toBe(true);
    expect(calls.refused).toBe(1);
    vi.advanceTimersByTime(1_999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(latest().url).toBe('/bff/events?lastEventId=boot-7');
    latest().fail(true);
    vi.advanceTimersByTime(3_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
    latest().open();
    expect(calls.reconnected).toBe(1);
  });

  it('stops: the stream closed, no retries or polls, the status off', () => {
    const { connection, sources, calls, latest } = connect();
    latest().open();
    latest().fail(true);
    connection.stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(calls.polls).toBe(0);
    expect(getLiveStatus()).toEqual({ stream: 'off', upstream: 'ok' });
  });
});
