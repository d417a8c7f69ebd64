import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { at, contact, customer, lead, stage } from '../testing/live-records';
import { signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';
import { EXPORT_PAGE } from './export-pages';

// CSV exports through the real BFF: the screen's filters applied, names instead of ids, cells a
// spreadsheet would run as formulas made text, streamed from the workspace (no upstream call).

let stack: AppWithStore;
let app: FastifyInstance;
let agent = '';
const get = (url: string, cookie = agent) => app.inject({ method: 'GET', url, headers: { cookie } });
const rowsOf = (body: string): Record<string, string>[] => parse(body, { columns: true, bom: true });

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  app = stack.app;
  await seedWorkspace(stack.store.db, {
    stages: [stage(1, 'new', { name: 'New' }), stage(2, 'won', { name: 'Won' })],
    leads: [
      lead(1, { name: 'Renewal', status: 'won', priority: 'high' }),
      lead(2, { name: '=HYPERLINK("http://evil.test","x")', status: 'new', priority: 'low' }),
    ],
    customers: [
      customer(1, { name: 'Müller, "Logistics"', phone: '+49 30 1234567', status: 'active' }),
      customer(2, { name: 'Archived Co', status: 'archived' }),
    ],
    contacts: [
      contact(1, 1, { first_name: 'José', last_name: 'Álvarez' }),
      contact(2, 2, { first_name: 'Other' }),
    ],
  });
  await setMeta(stack.store.db, 'loaded', ['leads', 'customers', 'contacts']);
  agent = await signIn(app, 'agent');
}, 60_000);
afterAll(() => stack.close());

describe('CSV exports', () => {
  it('exports leads with the filters applied, stage names, and formulas made text', async () => {
    const before = callStatsOf(stack.upstream.fake).read().total;
    const res = await get('/bff/export/leads.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFid,name,')).toBe(true);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r.name).sort()).toEqual(['\'=HYPERLINK("http://evil.test","x")', 'Renewal']);
    expect(rows.find((r) => r.name === 'Renewal')).toMatchObject({
      stage: 'Won',
      stage_key: 'won',
      priority: 'high',
    });
    expect(rowsOf((await get('/bff/export/leads.csv?priority=high')).body).map((r) => r.name)).toEqual([
      'Renewal',
    ]);
    expect(rowsOf((await get('/bff/export/leads.csv?stage=new')).body)).toHaveLength(1);
    expect(rowsOf((await get('/bff/export/leads.csv?search=renew')).body)).toHaveLength(1);
    expect(callStatsOf(stack.upstream.fake).read().total).toBe(before);
  });

  it("exports customers (quotes and phone numbers intact) and one customer's contacts", async () => {
    const customers = rowsOf((await get('/bff/export/customers.csv?status=active')).body);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ name: 'Müller, "Logistics"', phone: '+49 30 1234567' });
    const contacts = rowsOf((await get(`/bff/export/contacts.csv?customer_id=${customer(1).id}`)).body);
    expect(contacts).toEqual([
      expect.objectContaining({ name: 'José Álvarez', customer: 'Müller, "Logistics"' }),
    ]);
  });

  it('refuses a bad filter with the field named, and asks for a session', async () => {
    const bad = await get('/bff/export/customers.csv?status=sleeping');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('status');
    expect((await get('/bff/export/leads.csv?nope=1')).statusCode).toBe(400);
    expect((await get('/bff/export/leads.csv', '')).statusCode).toBe(401);
  });

  it('exports every contact with its customer, newest first', async () => {
    const contacts = rowsOf((await get('/bff/export/contacts.csv')).body);
    expect(contacts.map((c) => [c.name, c.customer])).toEqual([
      ['Other', 'Archived Co'],
      ['José Álvarez', 'Müller, "Logistics"'],
    ]);
  });

  it('asks to try again while the workspace is still loading, rather than sending an empty file', async () => {
    for (const [collection, url] of [
      ['leads', '/bff/export/leads.csv'],
      ['customers', '/bff/export/customers.csv'],
      ['customers', '/bff/export/contacts.csv'],
    ] as const) {
      const loaded = ['leads', 'customers', 'contacts'].filter((c) => c !== collection);
      await setMeta(stack.store.db, 'loaded', loaded);
      try {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBeTruthy();
        expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      } finally {
        await setMeta(stack.store.db, 'loaded', ['leads', 'customers', 'contacts']);
      }
    }
  });

  it('streams leads page after page in the board order: ties across a page and undated leads last', async () => {
    // More than two pages: a run of leads made in the same millisecond straddles a page's end,
    // and leads whose time PostgreSQL cannot hold (year 0) come last, by id.
    const tie = '2025-06-01T00:00:00.000Z';
    const many = Array.from({ length: EXPORT_PAGE * 2 + 500 }, (_, i) =>
      lead(100 + i, {
        status: 'new',
        created_at:
          i < EXPORT_PAGE + 200 ? at(10_000 + i) : i < EXPORT_PAGE * 2 + 400 ? tie : '0000-01-01T00:00:00Z',
      }),
    );
    await seedWorkspace(stack.store.db, { leads: many });
    const res = await get('/bff/export/leads.csv?stage=new');
    expect(res.statusCode).toBe(200);
    const ids = rowsOf(res.body).map((r) => r.id);
    const all = [...many, lead(2, { created_at: at(2) })];
    const time = (iso: string) => (iso.startsWith('0000') ? null : Date.parse(iso));
    const expected = all
      .sort((a, b) => {
        const ta = time(a.created_at);
        const tb = time(b.created_at);
        if (ta === null || tb === null) return ta === tb ? (a.id < b.id ? -1 : 1) : ta === null ? 1 : -1;
        return tb - ta || (a.id < b.id ? -1 : 1);
      })
      .map((l) => l.id);
    expect(ids).toEqual(expected);
  });
});
