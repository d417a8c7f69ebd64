import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './store-errors';
import { LogCapture } from '../testing/test-app';
import type { AuditRecord } from '../audit/audit-repository';
import { BatchWriter, type BatchSink, type SetAsideRow, type SetAsideSink } from './batch-writer';

const rec = (n: number): AuditRecord => ({
  at: new Date(0),
  username: null,
  role: null,
  action: `a${n}`,
  record: null,
  status: 200,
  outcome: 'success',
  ip: null,
});

/** What PostgreSQL says of a value it cannot hold: a wrong row, not an outage. */
const refused = (code: string, message: string) => Object.assign(new Error(message), { code });

class FakeSink implements BatchSink<AuditRecord> {
  readonly batches: string[][] = [];
  down = false;
  /** Actions whose rows the database refuses, and how. */
  readonly poisoned = new Map<string, Error>();
  /** Once set, a write waits until the test lets it go (never, for a hung database). */
  hang: Promise<void> | null = null;
  async insert(records: readonly AuditRecord[]): Promise<void> {
    if (this.hang) await this.hang;
    if (this.down) throw new DatabaseUnavailableError('ECONNREFUSED: connect failed');
    const bad = records.find((r) => this.poisoned.has(r.action));
    if (bad) throw this.poisoned.get(bad.action)!;
    this.batches.push(records.map((r) => r.action));
  }
}

class FakeSetAside implements SetAsideSink {
  readonly rows: SetAsideRow[] = [];
  async setAside(rows: readonly SetAsideRow[]): Promise<void> {
    this.rows.push(...rows);
  }
}

const writers: BatchWriter<AuditRecord>[] = [];
const make = (
  sink: BatchSink<AuditRecord>,
  opts: { maxBuffered?: number; batchSize?: number; setAside?: SetAsideSink; closeTimeoutMs?: number } = {},
) => {
  const logs = new LogCapture();
  const writer = new BatchWriter(sink, {
    label: 'audit',
    log: pino({}, logs),
    flushIntervalMs: 60_000,
    retryAfterMs: 0,
    ...opts,
  });
  writers.push(writer);
  return { writer, logs };
};
afterEach(async () => {
  for (const w of writers.splice(0)) await w.close();
});

describe("BatchWriter (the audit log's)", () => {
  it('writes what was recorded in batches, in order', async () => {
    const sink = new FakeSink();
    const { writer } = make(sink, { batchSize: 2 });
    for (let i = 1; i <= 5; i++) writer.record(rec(i));
    await writer.flush();
    expect(sink.batches).toEqual([['a1', 'a2'], ['a3', 'a4'], ['a5']]);
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 5, dropped: 0 });
  });

  it('holds entries while the database is down, then writes them in order', async () => {
    const sink = new FakeSink();
    const { writer, logs } = make(sink);
    sink.down = true;
    writer.record(rec(1));
    writer.record(rec(2));
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 2, written: 0, failedWrites: 1 });
    expect(logs.text()).toContain('cannot write to the database');
    writer.record(rec(3));
    sink.down = false;
    await writer.flush();
    expect(sink.batches.flat()).toEqual(['a1', 'a2', 'a3']);
    expect(logs.text()).toContain('writing to the database again');
  });

  it('never holds more than its bound: the oldest go, counted and warned about once', async () => {
    const sink = new FakeSink();
    const { writer, logs } = make(sink, { maxBuffered: 3 });
    sink.down = true;
    for (let i = 1; i <= 6; i++) writer.record(rec(i));
    await writer.flush();
    expect(writer.stats()).toMatchObject({ buffered: 3, dropped: 3 });
    expect(logs.text().match(/oldest entries dropped/g)).toHaveLength(1);
    sink.down = false;
    await writer.flush();
    expect(sink.batches.flat()).toEqual(['a4', 'a5', 'a6']);
  });

  it('writes a full batch without waiting for the interval', async () => {
    const sink = new FakeSink();
    const { writer } = make(sink, { batchSize: 3 });
    for (let i = 1; i <= 3; i++) writer.record(rec(i));
    // The interval is a minute: only the full batch can have started this write.
    await new Promise((r) => setImmediate(r));
    expect(sink.batches).toEqual([['a1', 'a2', 'a3']]);
  });

  it('makes a last write when closed and records nothing after', async () => {
    const sink = new FakeSink();
    const { writer } = make(sink);
    writer.record(rec(1));
    await writer.close();
    writer.record(rec(2));
    expect(sink.batches).toEqual([['a1']]);
    expect(writer.stats().buffered).toBe(0);
  });
});

describe('BatchWriter: a row the database refuses', () => {
  it('writes every other row and sets the refused one aside with its error', async () => {
    const sink = new FakeSink();
    const aside = new FakeSetAside();
    sink.poisoned.set('a3', refused('22P05', 'unsupported Unicode escape sequence'));
    const { writer, logs } = make(sink, { batchSize: 10, setAside: aside });
    for (let i = 1; i <= 5; i++) writer.record(rec(i));
    await writer.flush();
    expect(sink.batches.flat()).toEqual(['a1', 'a2', 'a4', 'a5']);
    expect(aside.rows).toEqual([
      {
        writer: 'audit',
        row: JSON.stringify(rec(3)),
        error: '22P05: unsupported Unicode escape sequence',
        at: expect.any(Date),
      },
    ]);
    expect(writer.stats()).toMatchObject({ buffered: 0, written: 4, setAside: 1, dropped: 0 });
    expect(logs.text()).toContain('set aside');
    expect(logs.text()).not.toContain('cannot write to the database');
    // Later entries go on as usual.
    writer.record(rec(6));
    await writer.flush();
    expect(sink.batches.at(-1)).toEqual(['a6']);
  });

  it('logs once per kind of failure, not once per row', async () => {
    const sink = new FakeSink();
    const aside = new FakeSetAside();
    sink.poisoned.set('a1', refused('22P05', 'unsupported Unicode escape sequence'));
    sink.poisoned.set('a2', refused('22P05', 'unsupported Unicode escape sequence'));
    sink.poisoned.set('a4', refused('22007', 'invalid input syntax for type timestamp'));
    const { writer, logs } = make(sink, { setAside: aside });
    for (let i = 1; i <= 4; i++) writer.record(rec(i));
    await writer.flush();
    writer.record(rec(1));
    await writer.flush();
    expect(aside.rows.map((r) => r.row)).toEqual([rec(1), rec(2), rec(4), rec(1)].map((r) => JSON.stringify(r)));
    expect(logs.lines.filter((l) => l.includes('set aside'))).toHaveLength(2);
    expect(writer.stats()).toMatchObject({ written: 1, setAside: 4 });
  });

  it('holds the rest when the database goes down while rows are written one by one', async () => {
    const sink = new FakeSink();
    const aside = new FakeSetAside();
    sink.poisoned.set('a1', refused('23514', 'check constraint'));
    // The batch is refused, a1 alone is refused, a2 alone is written, then the outage begins.
    const insert = sink.insert.bind(sink);
    let calls = 0;
    sink.insert = async (records) => {
      calls += 1;
      if (calls === 4) sink.down = true;
      return insert(records);
    };
    const { writer, logs } = make(sink, { setAside: aside });
    for (let i = 1; i <= 4; i++) writer.record(rec(i));
    await writer.flush();
    expect(aside.rows.map((r) => JSON.parse(r.row) as AuditRecord).map((r) => r.action)).toEqual(['a1']);
    expect(writer.stats()).toMatchObject({ buffered: 2, written: 1, setAside: 1 });
    expect(logs.text()).toContain('cannot write to the database');
    sink.down = false;
    await writer.flush();
    expect(sink.batches.flat()).toEqual(['a2', 'a3', 'a4']);
  });

  it('counts a row as dropped, and says so, when even setting it aside fails', async () => {
    const sink = new FakeSink();
    sink.poisoned.set('a1', refused('22P05', 'unsupported Unicode escape sequence'));
    const aside: SetAsideSink = {
      setAside: () => Promise.reject(new DatabaseUnavailableError('ECONNRESET')),
    };
    const { writer, logs } = make(sink, { setAside: aside });
    writer.record(rec(1));
    writer.record(rec(2));
    await writer.flush();
    expect(sink.batches.flat()).toEqual(['a2']);
    expect(writer.stats()).toMatchObject({ written: 1, setAside: 0, dropped: 1 });
    expect(logs.text()).toContain('could not be set aside');
  });
});

describe('BatchWriter: shutdown', () => {
  it('returns by its deadline when the database hangs, and says how many entries were not written', async () => {
    const sink = new FakeSink();
    sink.hang = new Promise<void>(() => undefined);
    const { writer, logs } = make(sink, { batchSize: 2, closeTimeoutMs: 50 });
    for (let i = 1; i <= 3; i++) writer.record(rec(i));
    const started = Date.now();
    await writer.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    const line = logs.lines.find((l) => l.includes('not written before shutdown'));
    expect(line).toBeDefined();
    expect(JSON.parse(line!)).toMatchObject({ writer: 'audit', unwritten: 3 });
  });

  it('says nothing when everything was written', async () => {
    const sink = new FakeSink();
    const { writer, logs } = make(sink);
    writer.record(rec(1));
    await writer.close();
    expect(logs.text()).not.toContain('not written');
  });
});
