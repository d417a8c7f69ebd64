import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './store-errors';
import { LogCapture } from '../testing/test-app';
import type { AuditRecord } from '../audit/audit-repository';
import { BatchWriter, type BatchSink } from './batch-writer';

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

class FakeSink implements BatchSink<AuditRecord> {
  readonly batches: string[][] = [];
  down = false;
  async insert(records: readonly AuditRecord[]): Promise<void> {
    if (this.down) throw new DatabaseUnavailableError('ECONNREFUSED: connect failed');
    this.batches.push(records.map((r) => r.action));
  }
}

const writers: BatchWriter<AuditRecord>[] = [];
const make = (sink: BatchSink<AuditRecord>, opts: { maxBuffered?: number; batchSize?: number } = {}) => {
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
