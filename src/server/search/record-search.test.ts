import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { fold } from '../../contract/text-fold';
import type { TeamStore } from '../store/open-store';
import { contact, customer, lead, quickReply, stage } from '../testing/live-records';
import { describeOnEachStore } from '../testing/test-stores';
import { seedWorkspace } from '../testing/workspace-seed';
import { WorkspaceReader } from '../workspace/workspace-reader';
import { replaceList } from '../workspace/workspace-writer';
import { CANDIDATES, findRecords } from './record-search';

// The record search's SQL (migration 0014's folded text, trigram and name indexes) on both
// databases the BFF supports, from records seeded through the sync's own writer.

describeOnEachStore('finding records in the workspace tables', (suite) => {
  let store: TeamStore;
  let reader: WorkspaceReader;
  const find = (query: string, limit = 5) => findRecords(reader, query, limit);

  beforeAll(async () => {
    store = await suite.openFresh();
    reader = new WorkspaceReader(store.db);
    await seedWorkspace(store.db, {
      customers: [
        customer(1, { name: 'Müller Logistics', email: 'ops@mueller.test', phone: '+49 30 1234567' }),
        customer(2, { name: 'Acme Müller', email: null, phone: null }),
        customer(3, { name: 'Percent 100% Co', website: 'under_score.test' }),
      ],
      contacts: [
        contact(1, 1, {
          first_name: 'José',
          last_name: 'Álvarez',
          mobile: '+44 7700 900123',
          email: 'jose@mueller.test',
        }),
      ],
      leads: [
        lead(1, { name: 'Renewal 2027', status: 'won', company_name: 'Müller Logistics' }),
        // Removed upstream: a tombstone is never found.
        lead(2, { name: 'Renewal gone' }),
      ],
      stages: [stage(1, 'won', { name: 'Won' })],
    });
    await sql`update ws_leads set removed_at = 1 where id = ${lead(2).id}`.execute(store.db);
    await replaceList(
      store.db,
      'quickReplies',
      [quickReply(1, { title: 'Opening hours', shortcut: 'hours', body: 'We open at 9' })],
      { startedAt: 0, now: 0 },
    );
  }, 60_000);

  it('folds text in SQL as the contract folds it in JavaScript', async () => {
    // find_text is folded from `search`, which the writer lower-cased in JavaScript.
    const samples = ['José Álvarez', 'ÅNGSTRÖM', 'Ça va', 'Nguyễn', 'Ἀθῆναι', 'Йошкар-Ола', 'e\u0301clair'];
    const result = await sql<{ folded: string }>`
      select ws_fold(s) as folded from unnest(${samples.map((s) => s.toLowerCase())}::text[])
        with ordinality as u(s, n) order by n`.execute(store.db);
    expect(result.rows.map((r) => r.folded)).toEqual(samples.map(fold));
  });

  it('ignores case and accents, and needs every word', async () => {
    const found = await find('jose ALVAREZ');
    expect(found.contacts.map((c) => c.title)).toEqual(['José Álvarez']);
    expect(found.contacts[0]!.detail).toContain('Müller Logistics');
    expect((await find('jose smith')).contacts).toEqual([]);
  });

  it('puts names that start with the query first, then by name', async () => {
    expect((await find('muller')).customers.map((c) => c.title)).toEqual(['Müller Logistics', 'Acme Müller']);
  });

  it('finds phone numbers however they are written', async () => {
    expect((await find('900 123')).contacts).toHaveLength(1);
    expect((await find('(030) 1234567')).customers.map((c) => c.title)).toEqual(['Müller Logistics']);
  });

  it('finds leads with their stage name, never a removed one, and quick replies by shortcut or text', async () => {
    expect((await find('renewal')).leads).toEqual([
      { id: lead(1).id, title: 'Renewal 2027', detail: 'Won · Müller Logistics' },
    ]);
    expect((await find('hours')).quickReplies.map((q) => q.detail)).toEqual(['/hours']);
    expect((await find('open at')).quickReplies).toHaveLength(1);
  });

  it('matches LIKE wildcards as the characters typed', async () => {
    expect((await find('100%')).customers.map((c) => c.title)).toEqual(['Percent 100% Co']);
    expect((await find('under_score')).customers).toHaveLength(1);
    expect((await find('%')).customers.map((c) => c.title)).toEqual(['Percent 100% Co']);
    expect((await find('_')).customers.map((c) => c.title)).toEqual(['Percent 100% Co']);
    expect((await find('\\')).customers).toEqual([]);
  });

  it('stops at the limit', async () => {
    expect((await find('m', 1)).customers).toHaveLength(1);
  });

  it('answers from the indexes, with a bounded page, among many records', async () => {
    const many = Array.from({ length: CANDIDATES + 500 }, (_, i) =>
      lead(1000 + i, { name: `Bulk ${String(i).padStart(5, '0')}`, email: `bulk${i}@many.test` }),
    );
    await seedWorkspace(store.db, { leads: many });
    await sql`analyze ws_leads`.execute(store.db);
    // A name that starts with the query comes first however many others match.
    const found = await find('bulk 01499', 3);
    expect(found.leads.map((l) => l.title)).toEqual(['Bulk 01499']);
    const broad = await find('bulk', 3);
    expect(broad.leads.map((l) => l.title)).toEqual(['Bulk 00000', 'Bulk 00001', 'Bulk 00002']);
    // Matches that do not start with the query come from at most CANDIDATES rows.
    const inside = await find('many.test', 4);
    expect(inside.leads).toHaveLength(4);
    // The trigram index serves a substring match (a seq scan is cheaper on so few rows: off).
    const plan = await store.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      return sql<{ 'QUERY PLAN': string }>`explain select id from ws_leads
        where find_text like ${'%zanzibar%'} limit 5`.execute(trx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('ws_leads_find_text');
  });
});
