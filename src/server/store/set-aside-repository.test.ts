import pino from 'pino';
import { beforeAll, expect, it } from 'vitest';
import { AuditRepository, type AuditRecord } from '../audit/audit-repository';
import { describeOnEachStore } from '../testing/test-stores';
import { LogCapture } from '../testing/test-app';
import { BatchWriter } from './batch-writer';
import type { TeamStore } from './open-store';
import { SetAsideRepository } from './set-aside-repository';

// A row the database itself refuses (here a status past an integer's range), through a real writer
// on both databases: the others are written, the refused one is kept in set_aside with the reason.

const rec = (action: string, status = 200): AuditRecord => ({
  at: new Date('2026-03-01T12:00:00.000Z'),
  username: 'ada@acme.test',
  role: 'admin',
  action,
  record: { id: 'l-1' },
  status,
  outcome: 'success',
  ip: null,
});

describeOnEachStore('set-aside rows', (suite) => {
  let store: TeamStore;
  beforeAll(async () => {
    store = await suite.openFresh();
  }, 60_000);

  it('writes the rows around the one the database refuses and keeps that one with its error', async () => {
    const setAside = new SetAsideRepository(store.db);
    const logs = new LogCapture();
    const writer = new BatchWriter(new AuditRepository(store.db), {
      label: 'audit',
      log: pino({}, logs),
      setAside,
      flushIntervalMs: 60_000,
    });
    try {
      writer.record(rec('first'));
      writer.record(rec('refused', 2 ** 40));
      writer.record(rec('third'));
      await writer.flush();
      const written = await store.db.selectFrom('audit_log').select('action').orderBy('id').execute();
      expect(written.map((r) => r.action)).toEqual(['first', 'third']);
      const [kept, ...more] = await setAside.list('audit');
      expect(more).toEqual([]);
      expect(JSON.parse(kept!.row)).toMatchObject({ action: 'refused', status: 2 ** 40 });
      // 22003: numeric value out of range.
      expect(kept!.error).toMatch(/^22003: /);
      expect(writer.stats()).toMatchObject({ written: 2, setAside: 1, buffered: 0 });
      expect(logs.text()).not.toContain('ada@acme.test');
    } finally {
      await writer.close();
    }
  });

  it('keeps a row whose text holds U+0000 and lone surrogates, escaped', async () => {
    const setAside = new SetAsideRepository(store.db);
    const row = JSON.stringify({ body: 'a\u0000b\uD800' });
    await setAside.setAside([{ writer: 'test', row, error: 'x', at: new Date() }]);
    const [kept] = await setAside.list('test');
    expect(JSON.parse(kept!.row)).toEqual({ body: 'a\u0000b\uD800' });
  });
});
