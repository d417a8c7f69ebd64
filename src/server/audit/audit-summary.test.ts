import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuditPage } from '../../contract/audit';
import { AUDIT_NAME_MAX, summaryOf, type AuditSummary } from '../../contract/audit-summary';
import type { AuditEntry } from '../../contract/audit';
import { openStore, type TeamStore } from '../store/open-store';
import {
  contact,
  conversation,
  customer,
  lead,
  message,
  quickReply,
  stage,
  tag,
} from '../testing/live-records';
import {
  defaultResponder,
  startRecordingUpstream,
  type RecordingUpstream,
} from '../testing/recording-upstream';
import { buildTestApp } from '../testing/test-app';
import { describeOnEachStore } from '../testing/test-stores';
import { sameOriginHeaders, signIn, TEST_USERS } from '../testing/test-users';
import { seedWorkspace } from '../testing/workspace-seed';
import { replaceList } from '../workspace/workspace-writer';
import { AuditLog, registerAuditRecording } from './audit-log';
import { WorkspaceNames } from './audit-names';
import { auditName, type NameReader } from './audit-call';

// Issue 36.3: each audit entry says what it did in names, read before the call ran (a delete
// removes the record), never failing or holding up the call, and never holding a body's values.

const ANA = lead(1, { name: 'Ana Silva', status: 'new' });
const PRIYA = contact(1, 1, { first_name: 'Priya', last_name: 'Virtanen' });
const THREAD = conversation(1, { contact_id: PRIYA.id });
const STAGES = [stage(0, 'new', { name: 'New' }), stage(1, 'qualified', { name: 'Qualified' })];

describe('the audit log in names, through the app', () => {
  let upstream: RecordingUpstream;
  let store: TeamStore;
  let app: FastifyInstance;
  let admin: string;
  let manager: string;
  let agent: string;

  beforeAll(async () => {
    upstream = await startRecordingUpstream();
    store = await openStore({ kind: 'pglite', dataDir: null });
    app = await buildTestApp(upstream, { env: { LOG_LEVEL: 'silent' }, database: store });
    await seedWorkspace(store.db, {
      leads: [ANA],
      conversations: [THREAD],
      contacts: [PRIYA],
      customers: [customer(1, { name: 'Initech' })],
      stages: STAGES,
    });
    [admin, manager, agent] = await Promise.all([
      signIn(app, 'admin'),
      signIn(app, 'manager'),
      signIn(app, 'agent'),
    ]);
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await store.close();
    await upstream.close();
  });
  beforeEach(async () => {
    await readAudit();
    await store.db.deleteFrom('audit_log').execute();
  });
  afterEach(() => upstream.respondWith(defaultResponder));

  const readAudit = async (): Promise<AuditEntry[]> => {
    const res = await app.inject({ method: 'GET', url: '/bff/audit?limit=100', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    return AuditPage.parse(res.json()).data;
  };
  /** The newest entry and its summary, as the browser reads it. */
  const newest = async (): Promise<{ entry: AuditEntry; summary: AuditSummary | null }> => {
    const [entry] = await readAudit();
    expect(entry).toBeDefined();
    return { entry: entry!, summary: summaryOf(entry!) };
  };
  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: {
        ...sameOriginHeaders,
        cookie,
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
    });

  it('a lead moved: the lead and the stage by their names', async () => {
    expect(
      (await call('PATCH', `/api/crm/v1/leads/${ANA.id}`, manager, { status: 'qualified' })).statusCode,
    ).toBe(200);
    const { entry, summary } = await newest();
    expect(entry.action).toBe('leads.update');
    expect(summary).toEqual({
      actor: 'Test manager',
      verb: 'moved',
      subject: { kind: 'lead', id: ANA.id, name: 'Ana Silva' },
      to: 'Qualified',
    });
  });

  it('a lead edited in place: the fields changed by name, never their values', async () => {
    await call('PATCH', `/api/crm/v1/leads/${ANA.id}`, manager, {
      status: 'new',
      value: 987654,
      phone: '+4930555',
    });
    const { summary } = await newest();
    expect(summary).toMatchObject({
      verb: 'updated',
      subject: { name: 'Ana Silva' },
      fields: ['value', 'phone'],
    });
    const stored = JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute());
    expect(stored).not.toContain('987654');
    expect(stored).not.toContain('4930555');
  });

  it('a conversation assigned: the thread by its name, the teammate by theirs', async () => {
    const res = await call('PATCH', `/api/social/v1/conversations/${THREAD.id}/assign-owner`, agent, {
      userId: TEST_USERS.manager.upstreamUserId,
    });
    expect(res.statusCode).toBe(200);
    expect((await newest()).summary).toEqual({
      actor: 'Test agent',
      verb: 'assigned',
      subject: { kind: 'conversation', id: THREAD.id, name: 'Priya Virtanen' },
      to: 'Test manager',
    });
  });

  it('a reply: to whom, never what it said', async () => {
    await call('POST', `/api/social/v1/conversations/${THREAD.id}/messages`, agent, {
      text: 'the secret plan',
    });
    const { entry, summary } = await newest();
    expect(entry.action).toBe('messages.sendText');
    expect(summary).toEqual({
      actor: 'Test agent',
      subject: { kind: 'conversation', id: THREAD.id, name: 'Priya Virtanen' },
    });
    expect(JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute())).not.toContain(
      'secret',
    );
  });

  it('a delete: the name is read before the record is gone', async () => {
    const doomed = lead(2, { name: 'Gone Tomorrow' });
    await seedWorkspace(store.db, { leads: [doomed] });
    // The upstream's delete takes the row out of the workspace tables before it answers, as the
    // write-through would right after: a name read after the call would find nothing.
    upstream.respondWith((_req, res) => {
      void store.db
        .updateTable('ws_leads')
        .set({ removed_at: 1 })
        .where('id', '=', doomed.id)
        .execute()
        .then(() => {
          res.writeHead(204);
          res.end();
        });
    });
    expect((await call('DELETE', `/api/crm/v1/leads/${doomed.id}`, admin)).statusCode).toBe(204);
    const gone = await store.db
      .selectFrom('ws_leads')
      .select('removed_at')
      .where('id', '=', doomed.id)
      .execute();
    expect(gone[0]?.removed_at).not.toBeNull();
    expect((await newest()).summary).toEqual({
      actor: 'Test admin',
      subject: { kind: 'lead', id: doomed.id, name: 'Gone Tomorrow' },
    });
  });

  it('a stage renamed: from its old name to its new one', async () => {
    await call('PATCH', `/api/crm/v1/lead-stages/${STAGES[0]!.id}`, admin, { name: 'Fresh leads' });
    expect((await newest()).summary).toEqual({
      actor: 'Test admin',
      verb: 'renamed',
      subject: { kind: 'stage', id: STAGES[0]!.id, name: 'New' },
      from: 'New',
      to: 'Fresh leads',
    });
  });

  it("the BFF's own actions: a note's thread by name, never the note", async () => {
    await call('POST', `/bff/conversations/${THREAD.id}/notes`, agent, { body: 'private note text' });
    const { entry, summary } = await newest();
    expect(entry.action).toBe('POST /bff/conversations/:id/notes');
    expect(summary).toEqual({
      actor: 'Test agent',
      subject: { kind: 'conversation', id: THREAD.id, name: 'Priya Virtanen' },
    });
    expect(JSON.stringify(await store.db.selectFrom('audit_log').selectAll().execute())).not.toContain(
      'private note',
    );
  });

  it('a sign-in names who; a failed one for an unknown name keeps nothing of it', async () => {
    await signIn(app, 'manager');
    expect((await newest()).summary).toEqual({ actor: 'Test manager' });
    const failed = await app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: sameOriginHeaders,
      payload: { username: 'typed-password-here', password: 'x' },
    });
    expect(failed.statusCode).toBe(401);
    const { entry, summary } = await newest();
    expect([entry.action, entry.username, summary]).toEqual(['auth.login', null, null]);
    expect(entry).not.toHaveProperty('summary');
  });

  it('hostile names are stored safely: U+0000 and lone surrogates replaced, 10,000 characters cut', async () => {
    const hostile = `\u0000A\uD800${'é'.repeat(10_000)}`;
    // Refused by the contract (too long), recorded all the same, with the name the body gave.
    expect((await call('POST', '/api/crm/v1/leads', manager, { name: hostile })).statusCode).toBe(400);
    const { entry, summary } = await newest();
    expect(entry.outcome).toBe('failure');
    const name = summary?.subject?.name ?? '';
    expect(name.startsWith('\uFFFDA\uFFFDé')).toBe(true);
    expect(name.length).toBe(AUDIT_NAME_MAX + 1);
    expect(name.endsWith('…')).toBe(true);
    // The refused body's keys are not listed as fields.
    expect(summary).not.toHaveProperty('fields');
  });

  it('an unsigned call reads nothing and is recorded without names', async () => {
    const res = await app.inject({
      method: 'PATCH',
      url: `/api/crm/v1/leads/${ANA.id}`,
      headers: { ...sameOriginHeaders, 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'qualified' }),
    });
    expect(res.statusCode).toBe(401);
    const { entry, summary } = await newest();
    expect(entry.outcome).toBe('refused');
    expect(summary).toEqual({ verb: 'moved', subject: { kind: 'lead', id: ANA.id }, to: 'qualified' });
  });
});

describe('a name that cannot be read never fails or holds up the call', () => {
  let store: TeamStore;
  beforeAll(async () => {
    store = await openStore({ kind: 'pglite', dataDir: null });
  }, 60_000);
  afterAll(async () => store.close());

  const appWith = async (names: NameReader) => {
    const app = Fastify({ logger: false });
    app.decorateRequest('bffRoute', null);
    app.decorateRequest('bffParams', null);
    app.decorateRequest('bffUser', null);
    const audit = new AuditLog(store, {
      log: app.log,
      clock: Date.now,
      retentionDays: 30,
      names,
      nameWaitMs: 50,
    });
    registerAuditRecording(app, audit);
    app.post('/bff/conversations/:id/read', async () => ({ ok: true }));
    await app.ready();
    return { app, audit };
  };

  const lastEntry = async (audit: AuditLog): Promise<AuditEntry> => {
    await audit.flush();
    const { entries } = await audit.repository!.list({}, { offset: 0, limit: 1 });
    return entries[0]!;
  };

  it('a failing read: the call succeeds and the entry keeps its ids', async () => {
    const { app, audit } = await appWith({ read: () => Promise.reject(new Error('database on fire')) });
    try {
      const res = await app.inject({ method: 'POST', url: `/bff/conversations/${THREAD.id}/read` });
      expect(res.statusCode).toBe(200);
      const entry = await lastEntry(audit);
      expect(entry).toMatchObject({ action: 'POST /bff/conversations/:id/read', record: { id: THREAD.id } });
      expect(summaryOf(entry)).toEqual({ subject: { kind: 'conversation', id: THREAD.id } });
    } finally {
      await app.close();
    }
  });

  it('a read that never answers: the call waits the short bound at most', async () => {
    const { app, audit } = await appWith({ read: () => new Promise(() => {}) });
    try {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: `/bff/conversations/${THREAD.id}/read` });
      expect(res.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(summaryOf(await lastEntry(audit))).toEqual({ subject: { kind: 'conversation', id: THREAD.id } });
    } finally {
      await app.close();
    }
  });
});

describeOnEachStore('the names read for the audit log', (suite) => {
  let names: WorkspaceNames;
  beforeAll(async () => {
    const store = await suite.openFresh();
    names = new WorkspaceNames(store.db);
    await seedWorkspace(store.db, {
      leads: [ANA],
      conversations: [
        THREAD,
        conversation(2),
        conversation(3, { is_group: true, group_subject: 'Team Lisbon', external_thread_id: '1203@g.us' }),
      ],
      messages: [message(2, 1, { sender_name: 'Walk-in Walter' })],
      contacts: [PRIYA],
      customers: [customer(1, { name: 'Initech' })],
      stages: STAGES,
    });
    const at = { startedAt: 0, now: 0 };
    await replaceList(store.db, 'tags', [tag(1, 'VIP'), tag(2, 'Churn risk')], at);
    await replaceList(store.db, 'quickReplies', [quickReply(1, { title: 'Opening hours' })], at);
  }, 60_000);

  it('reads each kind of record by its key', async () => {
    expect(await names.read({ kind: 'lead', id: ANA.id, stageKey: 'qualified' })).toEqual({
      name: 'Ana Silva',
      status: 'new',
      stage: 'Qualified',
    });
    expect(await names.read({ kind: 'lead', id: null, stageKey: 'new' })).toEqual({ stage: 'New' });
    expect(await names.read({ kind: 'conversation', id: THREAD.id })).toEqual({
      name: 'Priya Virtanen',
      conversationId: THREAD.id,
    });
    // Without a contact: the latest inbound sender, by decisions.md's rule.
    expect((await names.read({ kind: 'conversation', id: conversation(2).id })).name).toBe('Walk-in Walter');
    expect(await names.read({ kind: 'group', threadId: '1203@g.us' })).toEqual({
      name: 'Team Lisbon',
      conversationId: conversation(3).id,
    });
    expect(
      await names.read({ kind: 'customer', id: customer(1).id, tagIds: [tag(2).id, tag(1).id, tag(9).id] }),
    ).toEqual({ name: 'Initech', tags: expect.arrayContaining(['VIP', 'Churn risk']) });
    expect(await names.read({ kind: 'contact', id: PRIYA.id })).toEqual({ name: 'Priya Virtanen' });
    expect(await names.read({ kind: 'stage', id: STAGES[1]!.id })).toEqual({ name: 'Qualified' });
    expect(await names.read({ kind: 'quickReply', id: quickReply(1).id })).toEqual({ name: 'Opening hours' });
  });

  it('answers nothing for a record that is not there', async () => {
    expect(await names.read({ kind: 'lead', id: lead(9).id, stageKey: 'nowhere' })).toEqual({});
    expect(await names.read({ kind: 'conversation', id: conversation(9).id })).toEqual({});
    expect(await names.read({ kind: 'import', id: 'no-such-job' })).toEqual({});
  });
});

describe('auditName', () => {
  it('cuts at the limit without splitting a character, and makes the rest storable', () => {
    expect(auditName('  Ana  ')).toBe('Ana');
    expect(auditName('a\u0000b')).toBe('a\uFFFDb');
    const astral = `${'x'.repeat(AUDIT_NAME_MAX - 1)}😀tail`;
    expect(auditName(astral)).toBe(`${'x'.repeat(AUDIT_NAME_MAX - 1)}…`);
  });
});
