import { describe, expect, it } from 'vitest';
import {
  AUTH_ACTIONS,
  AUTOMATIC_ACTIONS,
  BFF_AUDITED_ACTIONS,
  ROUTES,
  type AuditEntry,
  type AuditSummary,
} from '@/contract';
import { auditWords, type Segment } from './audit-words';

const LEAD = '1ead1ead-0000-4000-8000-000000000001';
const THREAD = 'c0c0c0c0-0000-4000-8000-000000000001';
const STAGE = '57a6e000-0000-4000-8000-000000000000';

const entry = (
  action: string,
  summary: AuditSummary | null | unknown,
  over: Partial<AuditEntry> = {},
): AuditEntry => ({
  id: '1',
  at: '2026-03-01T12:00:00.000Z',
  username: 'marco@acme.test',
  role: 'manager',
  action,
  record: null,
  status: 200,
  outcome: 'success',
  ip: '127.0.0.1',
  ...(summary !== null ? { summary } : {}),
  ...over,
});

const text = (e: AuditEntry) => auditWords(e)?.text ?? null;
const records = (e: AuditEntry) =>
  (auditWords(e)?.segments ?? []).filter(
    (s): s is Extract<Segment, { record: string }> => typeof s === 'object' && 'record' in s,
  );

describe('an audit entry in words', () => {
  it("the workspace's business hours and SLA targets saved", () => {
    expect(text(entry('PUT /bff/sla', { actor: 'Ada Admin' }))).toBe(
      'Ada Admin changed the business hours and SLA targets',
    );
  });

  it('a lead moved, with the lead linked to its drawer', () => {
    const moved = entry('leads.update', {
      actor: 'Marco Manager',
      verb: 'moved',
      subject: { kind: 'lead', id: LEAD, name: 'Ana Silva' },
      to: 'Qualified',
    });
    expect(text(moved)).toBe('Marco Manager moved lead Ana Silva to Qualified');
    expect(records(moved)).toEqual([{ record: 'Ana Silva', link: { to: '/leads', search: { lead: LEAD } } }]);
    expect(auditWords(moved)?.segments[0]).toEqual({ who: 'Marco Manager' });
  });

  it('a move that also changed fields, and an edit in place, name the fields', () => {
    const subject = { kind: 'lead', id: LEAD, name: 'Ana Silva' } as const;
    expect(
      text(
        entry('leads.update', {
          actor: 'Marco Manager',
          verb: 'moved',
          subject,
          to: 'Won',
          fields: ['value'],
        }),
      ),
    ).toBe('Marco Manager moved lead Ana Silva to Won and changed value');
    expect(
      text(
        entry('leads.update', {
          actor: 'Marco Manager',
          verb: 'updated',
          subject,
          fields: ['expected_close_date', 'company_name'],
        }),
      ),
    ).toBe('Marco Manager updated lead Ana Silva: expected close date, company');
  });

  it('a reply and an assignment name the thread and the teammate', () => {
    const subject = { kind: 'conversation', id: THREAD, name: 'Priya Virtanen' } as const;
    expect(text(entry('messages.sendText', { actor: 'Ana Agent', subject }))).toBe(
      'Ana Agent replied to Priya Virtanen',
    );
    const assigned = entry('conversations.assignOwner', {
      actor: 'Ana Agent',
      verb: 'assigned',
      subject,
      to: 'Marco Manager',
    });
    expect(text(assigned)).toBe('Ana Agent assigned the conversation with Priya Virtanen to Marco Manager');
    expect(records(assigned)[0]?.link).toEqual({
      to: '/inbox/$conversationId',
      params: { conversationId: THREAD },
    });
    expect(
      text(entry('conversations.assignAgent', { actor: 'Ana Agent', verb: 'unassigned', subject })),
    ).toBe('Ana Agent took the AI agent off the conversation with Priya Virtanen');
  });

  it('a stage renamed: from its old name to its new one', () => {
    const renamed = entry('leadStages.update', {
      actor: 'Ada Admin',
      verb: 'renamed',
      subject: { kind: 'stage', id: STAGE, name: 'New' },
      from: 'New',
      to: 'Fresh leads',
    });
    expect(text(renamed)).toBe('Ada Admin renamed stage New to Fresh leads');
    expect(records(renamed).map((r) => r.link)).toEqual([null, { to: '/settings/stages' }]);
  });

  it('sign-in and sign-out', () => {
    expect(text(entry(AUTH_ACTIONS.login, { actor: 'Ada Admin' }, { username: 'ada@acme.test' }))).toBe(
      'Ada Admin signed in',
    );
    expect(
      text(entry(AUTH_ACTIONS.login, { actor: 'Bob' }, { username: 'bob@x.test', outcome: 'failure' })),
    ).toBe('Sign-in failed for bob@x.test');
    expect(text(entry(AUTH_ACTIONS.login, null, { username: null, role: null, outcome: 'failure' }))).toBe(
      'Sign-in failed for an unknown account',
    );
    expect(text(entry(AUTH_ACTIONS.login, null, { username: 'bob@x.test', outcome: 'throttled' }))).toBe(
      'Sign-in was held back for bob@x.test',
    );
    // Entries from before names were kept: who by their user name.
    expect(text(entry(AUTH_ACTIONS.logout, null, { username: 'ada@acme.test' }))).toBe(
      'ada@acme.test signed out',
    );
  });

  it('a call that did not succeed is something they tried; a deleted record is not linked', () => {
    const refused = entry(
      'leads.delete',
      { actor: 'Ana Agent', subject: { kind: 'lead', id: LEAD, name: 'Ana Silva' } },
      { outcome: 'refused', status: 403 },
    );
    expect(text(refused)).toBe('Ana Agent tried to delete lead Ana Silva');
    expect(records(refused)).toEqual([{ record: 'Ana Silva', link: null }]);
    expect(
      text(
        entry(
          'conversations.close',
          { subject: { kind: 'conversation', id: THREAD } },
          { username: null, outcome: 'refused' },
        ),
      ),
    ).toBe('Someone tried to close the conversation with #c0c0c0c0');
  });

  it("the BFF's own actions, never with a note's or a file's content", () => {
    const subject = { kind: 'conversation', id: THREAD, name: 'Priya Virtanen' } as const;
    expect(text(entry('POST /bff/conversations/:id/notes', { actor: 'Ana Agent', subject }))).toBe(
      'Ana Agent added a note to the conversation with Priya Virtanen',
    );
    const started = entry('POST /bff/imports/:id/start', {
      actor: 'Ada Admin',
      subject: { kind: 'import', id: 'job-1', name: 'clients.csv' },
    });
    expect(text(started)).toBe('Ada Admin started the import of clients.csv');
    expect(records(started)[0]?.link).toEqual({ to: '/import', search: { job: 'job-1' } });
  });

  it('falls back on the raw action: an action it has no words for, no summary, or one it cannot read', () => {
    expect(auditWords(entry('things.explode', { actor: 'Ada Admin' }))).toBeNull();
    expect(auditWords(entry('leads.update', null))).toBeNull();
    expect(auditWords(entry('leads.update', { subject: { kind: 'spaceship' } }))).toBeNull();
    expect(auditWords(entry('leads.update', 'moved'))).toBeNull();
  });

  it('has words for every state-changing route and every action of the BFF, even without names', () => {
    const actions = [...ROUTES.filter((r) => r.mutates).map((r) => r.id), ...BFF_AUDITED_ACTIONS];
    expect(actions.length).toBeGreaterThan(30);
    for (const action of actions) {
      const said = text(entry(action, { actor: 'Ada Admin' }));
      expect(said, action).toMatch(/^Ada Admin [a-z]/);
      expect(said, action).not.toMatch(/undefined|null|\s{2}|\s$/);
    }
  });

  it('an assignment rule’s own change reads as the rule’s, with no one behind it', () => {
    const subject = { kind: 'conversation', id: THREAD, name: 'Ana Silva' } as const;
    const by = 'WhatsApp rule (round robin)';
    const auto = (summary: AuditSummary) =>
      entry(AUTOMATIC_ACTIONS.assignment, summary, { username: null, role: null, ip: null });
    expect(text(auto({ verb: 'assigned', subject, to: 'Marco Manager', detail: by }))).toBe(
      'Thread Ana Silva was assigned automatically to Marco Manager by the WhatsApp rule (round robin)',
    );
    expect(text(auto({ verb: 'unassigned', subject, from: 'Marco Manager', detail: by }))).toBe(
      'Thread Ana Silva went back to the queue from Marco Manager by the WhatsApp rule (round robin)',
    );
    expect(text(auto({ verb: 'moved', subject, from: 'Marco Manager', to: 'Ada Admin', detail: by }))).toBe(
      'Thread Ana Silva moved from Marco Manager to Ada Admin by the WhatsApp rule (round robin)',
    );
    expect(records(auto({ verb: 'assigned', subject, to: 'Marco Manager' }))[0]?.link).toEqual({
      to: '/inbox/$conversationId',
      params: { conversationId: THREAD },
    });
  });
});
