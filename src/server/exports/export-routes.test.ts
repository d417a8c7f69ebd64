import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { ReadModel } from '../sync/read-model';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { contact, customer, lead, stage } from '../testing/live-records';
import { signIn } from '../testing/test-users';

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
  const model = app.bffLive!.model;
  model.replaceWith(new ReadModel());
  model.lists.stages = [stage(1, 'new', { name: 'New' }), stage(2, 'won', { name: 'Won' })];
  for (const c of ['leads', 'customers', 'contacts'] as const) model.loaded.add(c);
  model.leads.set(lead(1).id, lead(1, { name: 'Renewal', status: 'won', priority: 'high' }));
  model.leads.set(
    lead(2).id,
    lead(2, { name: '=HYPERLINK("http://evil.test","x")', status: 'new', priority: 'low' }),
  );
  model.customers.set(
    customer(1).id,
    customer(1, { name: 'Müller, "Logistics"', phone: '+49 30 1234567', status: 'active' }),
  );
  model.customers.set(customer(2).id, customer(2, { name: 'Archived Co', status: 'archived' }));
  model.contacts.set(contact(1, 1).id, contact(1, 1, { first_name: 'José', last_name: 'Álvarez' }));
  model.contacts.set(contact(2, 2).id, contact(2, 2, { first_name: 'Other' }));
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

  it('asks to try again while the workspace is still loading, rather than sending an empty file', async () => {
    const model = app.bffLive!.model;
    for (const [collection, url] of [
      ['leads', '/bff/export/leads.csv'],
      ['customers', '/bff/export/customers.csv'],
      ['customers', '/bff/export/contacts.csv'],
    ] as const) {
      model.loaded.delete(collection);
      try {
        const res = await get(url);
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['retry-after']).toBeTruthy();
        expect(res.json()).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
      } finally {
        model.loaded.add(collection);
      }
    }
  });

  it('streams 50,000 leads', async () => {
    const model = app.bffLive!.model;
    for (let n = 100; n < 50_100; n++) model.leads.set(lead(n).id, lead(n, { status: 'new' }));
    const res = await get('/bff/export/leads.csv?stage=new');
    expect(res.statusCode).toBe(200);
    // Header + 50,000 new leads + the one seeded above, CRLF-separated.
    expect(res.body.trimEnd().split('\r\n')).toHaveLength(1 + 50_001);
  });
});
