import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { TeamStore } from '../store/open-store';
import { customer, lead, stage } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { CHECK_BATCH, checkRows } from './check-rows';
import { heldLike, heldMatching } from './workspace-duplicates';

// Imports' duplicate look-ups in the workspace tables (migration 0014's email and phone keys) on
// both databases: the SQL keys find what duplicate-index.ts's keys match, by index.

describeOnEachStore('duplicates looked up in the workspace tables', (suite) => {
  let store: TeamStore;

  beforeAll(async () => {
    store = await suite.openFresh();
    await seedWorkspace(store.db, {
      stages: [stage(1, 'new', { is_default: true })],
      leads: [
        lead(1, { name: 'Old Ana', email: ' Ana@Example.com ', phone: '+44 20 7946 0958' }),
        lead(2, { name: 'Gone', email: 'gone@example.com' }),
      ],
      customers: [customer(1, { name: 'Globex', phone: '0044 (20) 7946-0000' })],
    });
    await sql`update ws_leads set removed_at = 1 where id = ${lead(2).id}`.execute(store.db);
  }, 60_000);

  it('finds records by email whatever its case and spaces, and by phone however it is written', async () => {
    const ids = async (kind: 'leads' | 'customers', c: { email?: string; phone?: string; mobile?: string }) =>
      (await heldMatching(store.db, kind, [c])).map((r) => r.id);
    expect(await ids('leads', { email: 'ana@example.COM' })).toEqual([lead(1).id]);
    expect(await ids('leads', { phone: '020 7946 0958' })).toEqual([lead(1).id]);
    expect(await ids('leads', { mobile: '00442079460958' })).toEqual([lead(1).id]);
    expect(await ids('customers', { phone: '+44 20 7946 0000' })).toEqual([customer(1).id]);
    // Too short to be a number; a removed record is not held.
    expect(await ids('leads', { phone: '0958' })).toEqual([]);
    expect(await ids('leads', { email: 'gone@example.com' })).toEqual([]);
    expect((await heldLike(store.db, 'leads', { name: 'old ana' })).map((r) => r.id)).toEqual([lead(1).id]);
  });

  it("counts a file's duplicates of the workspace and of its own earlier rows, batch after batch", async () => {
    const rows = Array.from({ length: CHECK_BATCH + 10 }, (_, i) => ({
      name: `Row ${i}`,
      email: `row${i}@file.test`,
    }));
    // In the second batch: the workspace's Ana, and a row of the first batch again.
    rows.push(
      { name: 'Ana again', email: 'ANA@example.com' },
      { name: 'Row 3 again', email: 'row3@file.test' },
    );
    const checked = await checkRows('leads', rows, new WorkspaceReader(store.db));
    expect(checked.duplicatesFound).toBe(2);
    expect(checked.rows).toHaveLength(rows.length);
    expect(checked.rows.every((r) => r.outcome === 'pending')).toBe(true);
  });

  it('looks the keys up by index among many leads', async () => {
    await seedWorkspace(store.db, {
      leads: Array.from({ length: 3_000 }, (_, i) =>
        lead(100 + i, { email: `many${i}@example.com`, phone: `+1 555 ${String(1_000_000 + i)}` }),
      ),
    });
    await sql`analyze ws_leads`.execute(store.db);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from ws_leads where removed_at is null
        and (ws_email_key(data->>'email') = any(${['many7@example.com']}::text[])
          or ws_phone_key(data->>'phone') = any(${['551000042']}::text[]))`.execute(store.db);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('ws_leads_email_key');
    expect(text).toContain('ws_leads_phone_key');
  });
});
