import { beforeEach, describe, expect, it } from 'vitest';
import type { Lead, PageEnvelope } from '../../src/contract';
import { UNKNOWN_ID } from '../core/test-client';
import { expectFirstPage } from '../core/test-expect';
import { crmHarness, type CrmHarness } from './test-context';

let h: CrmHarness;
beforeEach(() => {
  h = crmHarness();
});

const list = (query: Record<string, unknown>) => h.call('leads.list', { query }).body as PageEnvelope<Lead>;
const inStage = (key: string) => [...h.crm.leads.values()].filter((l) => l.status === key);

describe('GET /v1/leads', () => {
  it('defaults to 20 rows, newest first, with the envelope maths', () => {
    expectFirstPage(list({}), h.crm.leads.size, (l) => l.created_at);
  });

  it('filters by stage key and priority together', () => {
    const page = list({ status: 'qualified', priority: 'high', limit: 100 });
    const expected = inStage('qualified').filter((l) => l.priority === 'high');
    expect(expected.length).toBeGreaterThan(0);
    expect(page.total).toBe(expected.length);
    expect(page.data.every((l) => l.status === 'qualified' && l.priority === 'high')).toBe(true);
  });

  it('searches name, email and company case-insensitively', () => {
    const sample = [...h.crm.leads.values()].find((l) => l.company_name)!;
    const company = sample.company_name!;
    const byCompany = list({ search: company.toUpperCase(), limit: 100 });
    expect(byCompany.data.map((l) => l.id)).toContain(sample.id);
    expect(byCompany.data.every((l) => l.company_name?.includes(company))).toBe(true);
    const byEmail = list({ search: sample.email!.slice(0, 8).toUpperCase(), limit: 100 });
    expect(byEmail.data.map((l) => l.id)).toContain(sample.id);
    expect(list({ search: 'zzz-no-such-lead' })).toMatchObject({
      total: 0,
      data: [],
      totalPages: 0,
      hasMore: false,
    });
  });

  it('lets offset win over page, reporting the page the offset falls in', () => {
    const all = list({ limit: 100 }).data;
    const page = list({ page: 7, offset: 25, limit: 10 });
    expect(page.data.map((l) => l.id)).toEqual(all.slice(25, 35).map((l) => l.id));
    expect(page.page).toBe(3);
    expect(page.hasMore).toBe(true);
  });

  it('reports hasMore from the offset at the end of a list', () => {
    const total = h.crm.leads.size;
    const tail = list({ offset: total - 3, limit: 10 });
    expect(tail.data).toHaveLength(3);
    expect(tail.hasMore).toBe(false);
    const exact = list({ offset: total - 10, limit: 10 });
    expect(exact.hasMore).toBe(false);
    expect(list({ offset: total + 5 }).data).toEqual([]);
    // An offset off the page grid: the last page boundary lies beyond the end, and hasMore says so.
    const offGrid = list({ offset: total - 50, limit: 100 });
    expect(offGrid.data).toHaveLength(50);
    expect(offGrid.hasMore).toBe(false);
  });

  it('refuses paging values out of bounds, naming the parameter', () => {
    expect(h.fail('leads.list', { query: { limit: '101' } }).detail).toEqual([
      expect.stringMatching(/^limit /),
    ]);
    expect(h.fail('leads.list', { query: { page: '0' } }).detail).toEqual([expect.stringMatching(/^page /)]);
    expect(h.fail('leads.list', { query: { offset: '-1' } }).detail).toEqual([
      expect.stringMatching(/^offset /),
    ]);
  });

  it('reads a whole stage by offset with no gaps or repeats', () => {
    const expected = inStage('new').map((l) => l.id);
    const seen: string[] = [];
    for (;;) {
      const page = list({ status: 'new', offset: seen.length, limit: 7 });
      seen.push(...page.data.map((l) => l.id));
      if (!page.hasMore) break;
    }
    expect(seen).toHaveLength(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected));
  });

  describe('while leads leave the stage mid-read', () => {
    const LIMIT = 10;
    const moveOut = (leads: readonly Lead[]) => {
      for (const lead of leads) h.call('leads.update', { params: { id: lead.id }, body: { status: 'won' } });
    };

    it('page-numbered reading skips rows', () => {
      const before = list({ status: 'contacted', limit: 100 }).data.map((l) => l.id);
      const first = list({ status: 'contacted', page: 1, limit: LIMIT }).data;
      moveOut(first.slice(0, 3));
      const second = list({ status: 'contacted', page: 2, limit: LIMIT }).data;
      const read = [...first, ...second].map((l) => l.id);
      // The three rows that slid up into page one's window were never read.
      const skipped = before.slice(LIMIT, LIMIT + 3);
      expect(skipped.every((id) => !read.includes(id))).toBe(true);
      expect(second[0]!.id).toBe(before[LIMIT + 3]);
    });

    it('offset reading that subtracts departures does not', () => {
      const before = list({ status: 'contacted', limit: 100 }).data.map((l) => l.id);
      const held: Lead[] = [];
      let departed = 0;
      let round = 0;
      for (;;) {
        const page = list({ status: 'contacted', offset: held.length - departed, limit: LIMIT });
        held.push(...page.data);
        if (round++ === 0) {
          moveOut(page.data.slice(0, 3));
          departed += 3;
        }
        if (!page.hasMore) break;
      }
      expect(held.map((l) => l.id)).toEqual(before);
    });
  });
});

describe('POST /v1/leads', () => {
  it('lands in the default stage with defaults filled in', () => {
    const res = h.call('leads.create', { body: { name: '  Ada Lovelace ', email: 'ada@example.com' } });
    expect(res.status).toBe(201);
    const lead = res.body as Lead;
    expect(lead).toMatchObject({
      name: 'Ada Lovelace',
      status: 'new',
      priority: 'medium',
      probability: 10,
      tags: [],
    });
    expect(lead.created_at).toBe(h.now.toISOString());
    expect(h.crm.leads.get(lead.id)).toEqual(lead);
    expect(list({ limit: 1 }).data[0]!.id).toBe(lead.id);
  });

  it('takes a given stage and refuses a status matching no stage', () => {
    const lead = h.call('leads.create', { body: { name: 'Won deal', status: 'won' } }).body as Lead;
    expect(lead).toMatchObject({ status: 'won', probability: 100 });
    expect(h.fail('leads.create', { body: { name: 'X', status: 'Won' } }).toBody()).toMatchObject({
      statusCode: 400,
      message: ['status must be a lead stage key'],
    });
  });

  it('refuses a probability outside 0-100 with a message naming it', () => {
    const err = h.fail('leads.create', { body: { name: 'X', probability: 101 } });
    expect(err.statusCode).toBe(400);
    expect(err.detail).toEqual([expect.stringMatching(/^probability /)]);
    expect(h.fail('leads.create', { body: { name: 'X', probability: -1 } }).detail).toEqual([
      expect.stringMatching(/^probability /),
    ]);
  });

  it('refuses unknown tag ids', () => {
    const err = h.fail('leads.create', {
      body: { name: 'X', tags: [UNKNOWN_ID] },
    });
    expect(err.detail).toEqual([`tags contains unknown tag ids: ${UNKNOWN_ID}`]);
  });
});

describe('one lead', () => {
  const someLead = () => [...h.crm.leads.values()][0]!;

  it('reads, and 404s an unknown id', () => {
    const lead = someLead();
    expect(h.call('leads.get', { params: { id: lead.id } }).body).toEqual(lead);
    expect(h.fail('leads.get', { params: { id: UNKNOWN_ID } }).statusCode).toBe(404);
  });

  it('patches any field, moves by stage key and bumps updated_at', () => {
    const lead = someLead();
    h.now = new Date(h.now.getTime() + 60_000);
    const next = h.call('leads.update', {
      params: { id: lead.id },
      body: { status: 'negotiation', value: 1234, priority: 'urgent' },
    }).body as Lead;
    expect(next).toMatchObject({
      id: lead.id,
      status: 'negotiation',
      value: 1234,
      priority: 'urgent',
      name: lead.name,
    });
    expect(next.updated_at).toBe(h.now.toISOString());
    expect(h.crm.leads.get(lead.id)).toEqual(next);
  });

  it('refuses a status that is no stage key', () => {
    const lead = someLead();
    const err = h.fail('leads.update', { params: { id: lead.id }, body: { status: 'Negotiation' } });
    expect(err.detail).toEqual(['status must be a lead stage key']);
    expect(h.crm.leads.get(lead.id)!.status).toBe(lead.status);
  });

  it('reassigns', () => {
    const lead = someLead();
    const userId = 'a0000000-0000-4000-8000-000000000005';
    const next = h.call('leads.reassign', { params: { id: lead.id }, body: { assigned_to_user_id: userId } })
      .body as Lead;
    expect(next.assigned_to_user_id).toBe(userId);
    expect(h.fail('leads.reassign', { params: { id: lead.id }, body: {} }).detail).toEqual([
      expect.stringMatching(/^assigned_to_user_id /),
    ]);
  });

  it('deletes with 204, taking its activities along', () => {
    const withActivity = [...h.crm.activities.values()].find((a) => a.lead_id)!;
    const id = withActivity.lead_id!;
    expect(h.call('leads.delete', { params: { id } }).status).toBe(204);
    expect(h.crm.leads.has(id)).toBe(false);
    expect([...h.crm.activities.values()].some((a) => a.lead_id === id)).toBe(false);
    expect(h.fail('leads.delete', { params: { id } }).statusCode).toBe(404);
  });
});
