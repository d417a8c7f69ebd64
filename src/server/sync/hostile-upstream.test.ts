import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { storableText } from '../store/storable-text';
import { ACME_CHANNELS } from '../../../mocks/social/seed-channels';
import { InboxReport, PipelineReport } from '../../contract';
import { SCREEN_ROUTES_BY_ID } from '../../contract/routes/screens';
import {
  HOSTILE_JSON_NUMBERS,
  HOSTILE_PATH_IDS,
  HOSTILE_TEXT,
  MEBIBYTE_TEXT,
  type Hostile,
} from '../testing/hostile-values';
import { problemWith, startHostileStack, type HostileStack } from '../testing/hostile-stack';
import { describeOnEachStore } from '../testing/test-stores';

// Issue 34: hostile values as upstream data. Inbound messages with hostile text and sender names
// and records with hostile names land on the fake; the sync takes them in and feeds the search
// index, the report history and unread counts. None of those may stop: a normal message that comes
// in after the hostile ones is found by search, counted unread and counted in the report.

// Hostile messages go to threads of Acme Sales; the normal one to a thread of Acme Support, whose
// report therefore counts exactly one more inbound message.
const HOSTILE_THREAD = 'f1ca5c1c-5ec4-46e1-a657-d57b20a75ad2';
const NORMAL_THREAD = 'a0b52181-8044-46f8-94e9-7692b6313062';
const NORMAL_CHANNEL = ACME_CHANNELS.whatsappSupport;
const NORMAL_WORD = 'zebrafinch';
const TEXTS: readonly Hostile<string>[] = [...HOSTILE_TEXT, MEBIBYTE_TEXT];

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

describeOnEachStore('hostile upstream data through the sync', (suite) => {
  let stack: HostileStack;
  beforeAll(async () => {
    stack = await startHostileStack(suite);
  }, 60_000);
  afterAll(() => stack.close(), 30_000);

  /** A call to the fake over HTTP, as any client of it: control surface or an API host. */
  const fakeCall = async (
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const res = await fetch(`${stack.upstream.origin}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text: the assertion below shows it.
    }
    return { status: res.status, body: parsed };
  };
  const crm = (path: string, body: unknown) =>
    fakeCall(`/crm/api${path}`, body, {
      'x-api-key': 'demo-admin-key',
      'x-tenant-id': '11111111-1111-4111-8111-111111111111',
    });
  const bff = async (role: 'agent' | 'manager', url: string) => {
    const res = await stack.call(role, { method: 'GET', url });
    expect(problemWith(res), url).toBeNull();
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json() as unknown;
  };
  const unreadOf = async (conversationId: string) =>
    ((await bff('agent', '/bff/unread')) as { threads: Record<string, number> }).threads[conversationId] ?? 0;
  const reportInbound = async (day: string, channel: string) => {
    const report = InboxReport.parse(
      await bff('manager', `/bff/reports/inbox?from=${day}&to=${day}&channel=${channel}`),
    );
    return report.byDay.reduce((sum, d) => sum + d.inbound, 0);
  };

  it('the fake takes hostile data or refuses it with a 400 and the error body, never a 500', async () => {
    const problems: string[] = [];
    const judge = (label: string, a: Answer, ok: (a: Answer) => boolean) => {
      if (!ok(a)) problems.push(`${label}: ${String(a.status)} ${JSON.stringify(a.body).slice(0, 200)}`);
    };
    const errorBody = (a: Answer) =>
      typeof a.body === 'object' &&
      a.body !== null &&
      (a.body as { statusCode?: unknown }).statusCode === a.status &&
      'message' in a.body &&
      'error' in a.body;
    const refused = (a: Answer) => a.status >= 400 && a.status < 500 && errorBody(a);
    for (const v of HOSTILE_PATH_IDS) {
      const control = await fakeCall('/__fake/inbound', { conversationId: v.value, text: 'x' });
      judge(`inbound conversationId ${v.name}`, control, (a) => a.status === 400 && errorBody(a));
      const path = await crm(`/v1/leads/${v.value}`, undefined);
      judge(`crm GET /v1/leads/${v.name}`, path, refused);
      const contacts = await crm(`/contacts/customer/${v.value}`, undefined);
      judge(`crm GET /contacts/customer/${v.name}`, contacts, refused);
    }
    for (const v of HOSTILE_TEXT) {
      const res = await fakeCall('/__fake/inbound', {
        channelId: ACME_CHANNELS.whatsappSales,
        from: v.value,
        text: 'x',
      });
      judge(`inbound from ${v.name}`, res, (a) => a.status === 400 && errorBody(a));
    }
    // Numbers at their limits where the control surface takes one: taken (-0 moves the clock by
    // nothing) or refused, never a 500. No scale here is one a reset accepts.
    for (const v of HOSTILE_JSON_NUMBERS) {
      const clock = await fakeCall('/__fake/clock', { advanceMs: v.value });
      judge(`clock advanceMs ${v.name}`, clock, (a) => a.status === 200 || refused(a));
      const reset = await fakeCall('/__fake/reset', { scale: v.value });
      judge(`reset scale ${v.name}`, reset, refused);
    }
    expect(problems).toEqual([]);
  });

  it(
    'the sync, search, report history and unread keep going after hostile messages and records',
    { timeout: 60_000 },
    async () => {
      const fake = stack.upstream.fake;
      // Unread counts from the agent's first ask. The report is read for a day the seed has no
      // message on (two days on), so the normal message is that channel's only one that day, however
      // far the recorder had got with the seed's history when the test began.
      const unreadBefore = await unreadOf(NORMAL_THREAD);
      fake.control.advance(2 * 24 * 60 * 60 * 1000);
      const day = (await fakeCall('/__fake/clock')).body as { now: string };
      const today = day.now.slice(0, 10);
      expect(await reportInbound(today, NORMAL_CHANNEL)).toBe(0);

      const refusedByFake: string[] = [];
      for (const [i, v] of TEXTS.entries()) {
        // In a known thread, with a hostile sender name too.
        const known = await fakeCall('/__fake/inbound', {
          conversationId: HOSTILE_THREAD,
          text: v.value,
          senderName: v.value,
        });
        // A new contact whose name is hostile (a new thread on the number).
        const fresh = await fakeCall('/__fake/inbound', {
          channelId: ACME_CHANNELS.whatsappSales,
          from: `4915100${String(1000 + i)}`,
          text: v.value,
          senderName: v.value,
        });
        // Records with hostile names, created as any API client could.
        const lead = await crm('/v1/leads', { name: v.value, company_name: v.value });
        const customer = await crm('/v1/customers', { name: v.value });
        const customerId = (customer.body as { id?: string }).id;
        const contact = customerId
          ? await crm('/contacts', { customer_id: customerId, first_name: v.value, last_name: v.value })
          : customer;
        for (const [what, a] of Object.entries({ known, fresh, lead, customer, contact })) {
          if (a.status >= 500) refusedByFake.push(`${what} ${v.name}: ${String(a.status)}`);
          else if (a.status >= 300) refusedByFake.push(`${what} ${v.name}: ${String(a.status)} (refused)`);
        }
        // Let the sync read each wave (the hot read runs every 50 ms).
        fake.control.advance(1_000);
      }
      // The fake keeps what an API would keep; a 5xx from it is a bug of the fake.
      expect(refusedByFake.filter((r) => !r.endsWith('(refused)'))).toEqual([]);

      // The sync reads the hostile records into the workspace (records come with the sweeps, which
      // these tests leave out of the way: an admin's reload reads everything now).
      const reload = await stack.call('admin', { method: 'POST', url: '/bff/workspace/reload' });
      expect(reload.statusCode, reload.body).toBe(204);
      const { db } = stack.app.bffLive!.workspace;
      const names = await db.selectFrom('ws_leads').select('data').where('removed_at', 'is', null).execute();
      // Kept as the database can hold it: the lone surrogate as U+FFFD (the upstream keeps the original).
      expect(names.some((l) => l.data.name === storableText(HOSTILE_TEXT[2]!.value))).toBe(true);

      // Then one normal message, in a thread of another channel.
      fake.control.advance(1_000);
      const normal = await fakeCall('/__fake/inbound', {
        conversationId: NORMAL_THREAD,
        text: `A ${NORMAL_WORD} after the hostile ones`,
        senderName: 'Yuki',
      });
      expect(normal.status).toBe(200);
      const normalId = (normal.body as { message: { id: string } }).message.id;
      await vi.waitFor(
        async () => {
          const found = (await bff('agent', `/bff/search?q=${NORMAL_WORD}`)) as {
            messages: { messageId: string }[];
          };
          expect(found.messages.map((m) => m.messageId)).toEqual([normalId]);
        },
        { timeout: 20_000, interval: 100 },
      );
      await vi.waitFor(
        async () => {
          expect(await unreadOf(NORMAL_THREAD)).toBe(unreadBefore + 1);
          expect(await reportInbound(today, NORMAL_CHANNEL)).toBe(1);
        },
        { timeout: 20_000, interval: 100 },
      );
      expect((await stack.app.bffLive!.workspace.upstream()).state).toBe('ok');

      // The screens and exports that show those names still answer.
      for (const url of [
        '/bff/screens/inbox?limit=100',
        '/bff/screens/leads?limit=100',
        '/bff/screens/board',
        '/bff/export/leads.csv',
        '/bff/export/customers.csv',
        '/bff/export/contacts.csv',
        `/bff/screens/thread?id=${HOSTILE_THREAD}`,
        '/bff/search?q=broken',
        '/bff/search?q=%E2%80%AE',
        '/bff/mentions',
        '/bff/workspace',
      ]) {
        const res = await stack.call('agent', { method: 'GET', url });
        expect(problemWith(res), url).toBeNull();
        expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    },
  );

  it('leads worth the largest numbers still give the board and the pipeline report finite sums', async () => {
    // Each value is a number the contract takes; their sums (and value × probability) are not.
    for (const value of [Number.MAX_VALUE, 1e308, 1e308])
      expect(
        (
          await crm('/v1/leads', {
            name: 'Worth a fortune',
            value,
            currency: 'XAU',
            probability: 100,
            expected_close_date: '2031-03-01',
          })
        ).status,
      ).toBe(201);
    const reload = await stack.call('admin', { method: 'POST', url: '/bff/workspace/reload' });
    expect(reload.statusCode, reload.body).toBe(204);

    const board = SCREEN_ROUTES_BY_ID['screens.board'].response.parse(
      await bff('manager', '/bff/screens/board'),
    );
    const gold = board.columns.flatMap((c) => c.sums).filter((s) => s.currency === 'XAU');
    expect(gold.length).toBeGreaterThan(0);
    for (const sum of gold) {
      expect(Number.isFinite(sum.value) && Number.isFinite(sum.weighted), JSON.stringify(sum)).toBe(true);
      expect(sum.value).toBe(Number.MAX_VALUE);
    }
    const report = PipelineReport.parse(
      await bff('manager', '/bff/reports/pipeline?from=2026-01-01&to=2026-12-31'),
    );
    const forecast = report.forecast.find((f) => f.currency === 'XAU' && f.month === '2031-03');
    expect(forecast).toMatchObject({ deals: 3, value: Number.MAX_VALUE });
    expect(Number.isFinite(forecast!.weighted)).toBe(true);
  });

  it(
    'a record the contract refuses leaves out only itself, not the list it came in',
    { timeout: 60_000 },
    async () => {
      // Upstream data no client could have written through the API: the fake's store edited in place.
      const crmStore = stack.upstream.fake.workspace().crm;
      const [badDate, badValue] = [...crmStore.leads.values()];
      const [badCustomer] = [...crmStore.customers.values()];
      const saved = [
        structuredClone(badDate!),
        structuredClone(badValue!),
        structuredClone(badCustomer!),
      ] as const;
      Object.assign(badDate!, { expected_close_date: '2026-02-30' });
      Object.assign(badValue!, { value: 'Infinity' });
      Object.assign(badCustomer!, { created_at: 'yesterday' });
      try {
        const reload = await stack.call('admin', { method: 'POST', url: '/bff/workspace/reload' });
        expect(reload.statusCode, reload.body).toBe(204);
        const workspace = stack.app.bffLive!.workspace;
        const count = async (table: 'ws_leads' | 'ws_customers') =>
          Number(
            (
              await workspace.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('removed_at', 'is', null)
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count('ws_leads')).toBe(crmStore.leads.size - 2);
        expect(await workspace.lead(badDate!.id)).toBeUndefined();
        expect(await count('ws_customers')).toBe(crmStore.customers.size - 1);
        const leads = (await bff('manager', '/bff/screens/leads?limit=1')) as { total: number };
        expect(leads.total).toBe(crmStore.leads.size - 2);
        const csv = await stack.call('manager', { method: 'GET', url: '/bff/export/customers.csv' });
        expect(csv.statusCode).toBe(200);
        // Every customer but the refused one.
        const others = [...crmStore.customers.keys()].filter((id) => id !== badCustomer!.id);
        expect(others.filter((id) => !csv.body.includes(id))).toEqual([]);
        expect(csv.body).not.toContain(badCustomer!.id);
      } finally {
        crmStore.leads.set(saved[0].id, saved[0]);
        crmStore.leads.set(saved[1].id, saved[1]);
        crmStore.customers.set(saved[2].id, saved[2]);
      }
    },
  );
});
