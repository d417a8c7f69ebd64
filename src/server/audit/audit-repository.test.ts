import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { describeOnEachStore } from '../testing/test-stores';
import { AuditRepository, type AuditRecord } from './audit-repository';
import { DAY_MS, purgeExpired } from './audit-retention';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');

const entry = (over: Partial<AuditRecord> & { minutes: number }): AuditRecord => ({
  at: new Date(T0 + over.minutes * 60_000),
  username: 'ada@acme.test',
  role: 'admin',
  action: 'leads.update',
  record: { id: 'l-1' },
  status: 200,
  outcome: 'success',
  ip: '127.0.0.1',
  ...over,
});

describeOnEachStore('audit repository', (suite) => {
  let store: TeamStore;
  let repo: AuditRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new AuditRepository(store.db);
  }, 60_000);
  beforeEach(async () => {
    await store.db.deleteFrom('audit_log').execute();
  });

  it('lists newest first with a true total, and pages by offset', async () => {
    await repo.insert([1, 2, 3, 4, 5].map((m) => entry({ minutes: m, record: { id: `l-${m}` } })));
    const first = await repo.list({}, { offset: 0, limit: 2 });
    expect(first.total).toBe(5);
    expect(first.entries.map((e) => e.record)).toEqual([{ id: 'l-5' }, { id: 'l-4' }]);
    const last = await repo.list({}, { offset: 4, limit: 2 });
    expect(last.entries.map((e) => e.record)).toEqual([{ id: 'l-1' }]);
    expect(last.entries[0]).toMatchObject({
      at: new Date(T0 + 60_000).toISOString(),
      username: 'ada@acme.test',
      role: 'admin',
      action: 'leads.update',
      status: 200,
      outcome: 'success',
      ip: '127.0.0.1',
    });
    expect(typeof last.entries[0]?.id).toBe('string');
  });

  it('keeps values that array literals would have to escape, and nulls, exactly', async () => {
    const awkward = 'a "quoted", {braced} \\ back\\slash, NULL and ünïcode';
    await repo.insert([
      entry({ minutes: 1, username: awkward, action: 'POST /bff/x', record: { note: awkward, id: 'x,y' } }),
      entry({ minutes: 2, username: null, role: null, record: null, ip: null }),
    ]);
    const { entries } = await repo.list({}, { offset: 0, limit: 10 });
    expect(entries[1]).toMatchObject({ username: awkward, record: { note: awkward, id: 'x,y' } });
    expect(entries[0]).toMatchObject({ username: null, role: null, record: null, ip: null });
  });

  it('keeps the order of entries written in the same millisecond', async () => {
    await repo.insert([entry({ minutes: 0, action: 'a' }), entry({ minutes: 0, action: 'b' })]);
    const { entries } = await repo.list({}, { offset: 0, limit: 10 });
    expect(entries.map((e) => e.action)).toEqual(['b', 'a']);
  });

  it('filters by person, action, outcome and a date range, counting only what matches', async () => {
    await repo.insert([
      entry({ minutes: 1 }),
      entry({ minutes: 2, username: 'ana@acme.test', role: 'agent', status: 403, outcome: 'refused' }),
      entry({
        minutes: 3,
        action: 'auth.login',
        record: null,
        status: 401,
        outcome: 'failure',
        username: null,
        role: null,
      }),
      entry({ minutes: 4, action: 'auth.login', record: null, status: 204 }),
    ]);
    const count = async (filter: Parameters<AuditRepository['list']>[0]) =>
      (await repo.list(filter, { offset: 0, limit: 10 })).total;
    expect(await count({ user: 'ana@acme.test' })).toBe(1);
    expect(await count({ action: 'auth.login' })).toBe(2);
    expect(await count({ outcome: 'failure' })).toBe(1);
    expect(await count({ action: 'auth.login', outcome: 'success' })).toBe(1);
    // from inclusive, to exclusive
    expect(await count({ from: new Date(T0 + 2 * 60_000), to: new Date(T0 + 4 * 60_000) })).toBe(2);
    const refused = await repo.list({ outcome: 'refused' }, { offset: 0, limit: 10 });
    expect(refused.entries).toMatchObject([{ username: 'ana@acme.test', role: 'agent', status: 403 }]);
  });

  it('purges only entries older than the retention, in batches, by the injected clock', async () => {
    const now = T0 + 100 * DAY_MS;
    await repo.insert([
      ...Array.from({ length: 7 }, (_, i) => entry({ minutes: i })), // 100 days old
      entry({ minutes: (100 - 89) * 24 * 60, action: 'kept' }), // 89 days old
    ]);
    const deleted = await purgeExpired(repo, { retentionDays: 90, now: () => now, batchSize: 3 });
    expect(deleted).toBe(7);
    const left = await repo.list({}, { offset: 0, limit: 10 });
    expect(left.entries.map((e) => e.action)).toEqual(['kept']);
    // A year on, the rest goes too.
    expect(await purgeExpired(repo, { retentionDays: 90, now: () => now + 365 * DAY_MS })).toBe(1);
  });
});

describeOnEachStore('audit repository: values the database cannot hold', (suite) => {
  let store: TeamStore;
  let repo: AuditRepository;
  beforeAll(async () => {
    store = await suite.openFresh();
    repo = new AuditRepository(store.db);
  }, 60_000);

  it('stores U+0000 and lone surrogates as U+FFFD, in the record (jsonb) and the text columns', async () => {
    await repo.insert([
      entry({
        minutes: 1,
        username: 'ada\u0000',
        action: 'POST /bff/x\uD800',
        record: { 'id\u0000': 'l-1\u0000', other: 'half \uDC00 pair' },
        ip: '127.0.0.1\u0000',
      }),
    ]);
    const [stored] = (await repo.list({}, { offset: 0, limit: 5 })).entries;
    expect(stored).toMatchObject({
      username: 'ada\uFFFD',
      action: 'POST /bff/x\uFFFD',
      record: { 'id\uFFFD': 'l-1\uFFFD', other: 'half \uFFFD pair' },
      ip: '127.0.0.1\uFFFD',
    });
  });
});
