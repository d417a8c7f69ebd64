import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportJob, ImportJobList, MAX_IMPORT_ROWS, RefusedRows } from '../../contract/imports';
import { callStatsOf } from '../../../mocks/core/call-stats';
import { startAppWithStore, type AppWithStore } from '../testing/app-with-store';
import { sameOriginHeaders, signIn } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { setMeta } from '../workspace/workspace-writer';

// CSV import through the real BFF on the fake CRM: who may import, a malformed or oversized body
// refused with the field named, a job checked and kept before anything is sent, then run against
// the CRM (records made, duplicates skipped), and the report of every row.

let stack: AppWithStore;
let app: FastifyInstance;
let manager = '';
let agent = '';

const post = (url: string, payload?: unknown, cookie = manager) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...sameOriginHeaders, cookie },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const get = (url: string, cookie = manager) => app.inject({ method: 'GET', url, headers: { cookie } });
const writesUpstream = () => callStatsOf(stack.upstream.fake).read().byRoute['leads.create'] ?? 0;

async function finished(id: string): Promise<ImportJob> {
  for (let i = 0; i < 200; i++) {
    const job = ImportJob.parse((await get(`/bff/imports/${id}`)).json());
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

/** The records the workspace tables hold (what the sync read, what the import published). */
async function held(
  table: 'ws_leads' | 'ws_customers',
): Promise<{ id: string; name: string; email?: string | null }[]> {
  const rows = await stack.store.db
    .selectFrom(table)
    .select('data')
    .where('removed_at', 'is', null)
    .execute();
  return rows.map((r) => r.data as { id: string; name: string; email?: string | null });
}

beforeAll(async () => {
  stack = await startAppWithStore({ live: true });
  app = stack.app;
  const live = app.bffLive!;
  // The workspace tables as the sync would leave them: the stages and the first leads and customers.
  await seedWorkspace(stack.store.db, {
    stages: await live.upstream.call('leadStages.list'),
    leads: (await live.upstream.call('leads.list', { query: { limit: 100 } })).data,
    customers: (await live.upstream.call('customers.list', { query: { limit: 100 } })).customers,
  });
  await setMeta(stack.store.db, 'loaded', ['leads', 'customers']);
  manager = await signIn(app, 'manager');
  agent = await signIn(app, 'agent');
}, 60_000);
afterAll(() => stack.close());

describe('who may import, and bad bodies', () => {
  const body = { kind: 'leads', duplicates: 'skip', fileName: 'leads.csv', rows: [{ name: 'A' }] };

  it('asks for a session, and keeps agents out', async () => {
    expect((await get('/bff/imports', '')).statusCode).toBe(401);
    const refused = await post('/bff/imports', body, agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your role (agent) may not do this');
    expect((await get('/bff/imports', agent)).statusCode).toBe(403);
  });

  it('names what is wrong in a malformed body, and refuses a file over the row limit as a whole', async () => {
    const bad = await post('/bff/imports', { ...body, kind: 'deals', rows: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-bff-error']).toBe('1');
    expect(bad.json().message).toEqual([expect.stringMatching(/^kind /), 'rows must not be empty']);
    const unknown = await post('/bff/imports', { ...body, rows: [{ name: 'A', salary: '10' }] });
    expect(unknown.json().message).toEqual(['rows: salary is not a field of a leads import']);
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => ({ name: 'x' }));
    const huge = await post('/bff/imports', { ...body, rows });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toEqual(['rows: the file has 50,001 rows; import at most 50,000 at a time']);
    const broken = await app.inject({
      method: 'POST',
      url: '/bff/imports',
      headers: { ...sameOriginHeaders, cookie: manager, 'content-type': 'application/json' },
      payload: '{"kind": "leads", "rows": [',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('asks to try again while the workspace is still loading', async () => {
    await setMeta(stack.store.db, 'loaded', ['customers']);
    try {
      const res = await post('/bff/imports', body);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toBe('The workspace is still loading; try again in a moment');
    } finally {
      await setMeta(stack.store.db, 'loaded', ['leads', 'customers']);
    }
  });

  it('answers 400 for a bad id and 404 for an unknown import', async () => {
    expect((await get('/bff/imports/nope')).statusCode).toBe(400);
    expect((await get('/bff/imports/3f1c2b7a-9d4e-4c1a-8b2f-1234567890ab')).statusCode).toBe(404);
  });
});

describe('an import of leads', () => {
  it('is checked and kept before anything is sent, then runs against the CRM', async () => {
    const existing = (await held('ws_leads')).find((l) => l.email)!;
    const writesBefore = writesUpstream();
    const created = await post('/bff/imports', {
      kind: 'leads',
      duplicates: 'skip',
      fileName: 'spring fair.csv',
      rows: [
        { name: 'Imported Iris', email: 'iris@import.example', priority: 'High' },
        { name: 'Dup', email: existing.email!.toUpperCase() },
        { name: 'Bad', email: 'not-an-email' },
        { name: '' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const job = ImportJob.parse(created.json());
    expect(job).toMatchObject({
      state: 'ready',
      total: 4,
      duplicatesFound: 1,
      counts: { pending: 2, refused: 1, skipped: 1 },
      createdBy: 'manager@test.example',
    });
    expect(writesUpstream()).toBe(writesBefore);

    const started = await post(`/bff/imports/${job.id}/start`);
    expect(started.statusCode).toBe(202);
    const done = await finished(job.id);
    expect(done).toMatchObject({ state: 'done', counts: { pending: 0, created: 1, skipped: 2, refused: 1 } });
    expect(writesUpstream()).toBe(writesBefore + 1);
    const iris = (await held('ws_leads')).find((l) => l.email === 'iris@import.example');
    expect(iris).toMatchObject({ name: 'Imported Iris', priority: 'high' });
    expect((await post(`/bff/imports/${job.id}/start`)).statusCode).toBe(409);
    expect((await post(`/bff/imports/${job.id}/cancel`)).statusCode).toBe(409);

    const report = await get(`/bff/imports/${job.id}/report.csv`);
    expect(report.headers['content-disposition']).toBe('attachment; filename="spring-fair-report.csv"');
    const rows = parse(report.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.Row, r.Outcome])).toEqual([
      ['2', 'created'],
      ['3', 'skipped'],
      ['4', 'refused'],
      ['5', 'skipped'],
    ]);
    expect(rows[0]!['Record id']).toBe(iris!.id);
    expect(rows[2]).toMatchObject({ Reason: 'email must be an email', Email: 'not-an-email' });
    const refusedOnly = parse((await get(`/bff/imports/${job.id}/report.csv?outcome=refused`)).body, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(refusedOnly.map((r) => r.Row)).toEqual(['4']);
    expect((await get(`/bff/imports/${job.id}/report.csv?outcome=lost`)).statusCode).toBe(400);
    // The job's screen lists the refused rows with their reasons.
    expect(RefusedRows.parse((await get(`/bff/imports/${job.id}/refused`)).json())).toEqual({
      rows: [{ rowNumber: 4, reason: 'email must be an email' }],
    });

    const list = ImportJobList.parse((await get('/bff/imports')).json());
    expect(list.data[0]?.id).toBe(job.id);
  });
});

describe('a file at the row limit', () => {
  it('is kept whole as one job, every row checked, nothing sent', async () => {
    const writesBefore = writesUpstream();
    const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => ({
      name: `Bulk lead ${String(i)}`,
      email: i % 1000 === 999 ? 'broken' : `bulk${String(i)}@bulk.example`,
      value: '1.250,00',
    }));
    const res = await post('/bff/imports', { kind: 'leads', duplicates: 'skip', fileName: 'bulk.csv', rows });
    expect(res.statusCode).toBe(201);
    const job = ImportJob.parse(res.json());
    expect(job).toMatchObject({
      total: 50_000,
      counts: { pending: 49_950, refused: 50 },
      duplicatesFound: 0,
    });
    expect(writesUpstream()).toBe(writesBefore);
    expect((await post(`/bff/imports/${job.id}/cancel`)).json()).toMatchObject({ state: 'cancelled' });
  }, 60_000);
});

describe('an import of customers with contacts', () => {
  it('makes the customer and its contacts in the CRM', async () => {
    const created = ImportJob.parse(
      (
        await post('/bff/imports', {
          kind: 'customers',
          duplicates: 'skip',
          fileName: 'accounts.csv',
          rows: [
            { name: 'Umbrella Corp', email: 'hq@umbrella.example', contact_first_name: 'Alice' },
            { name: 'Umbrella Corp', email: 'hq@umbrella.example', contact_first_name: 'Carlos' },
          ],
        })
      ).json(),
    );
    await post(`/bff/imports/${created.id}/start`);
    expect(await finished(created.id)).toMatchObject({ state: 'done', counts: { created: 2 } });
    const live = app.bffLive!;
    const umbrella = (await held('ws_customers')).find((c) => c.name === 'Umbrella Corp')!;
    const contacts = await live.upstream.call('contacts.byCustomer', { params: { customerId: umbrella.id } });
    expect(contacts.map((c) => c.first_name).sort()).toEqual(['Alice', 'Carlos']);
  });
});
