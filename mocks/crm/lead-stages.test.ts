import { beforeEach, describe, expect, it } from 'vitest';
import type { Lead, LeadStage, LeadList } from '../../src/contract';
import { UNKNOWN_ID } from '../core/test-client';
import { crmHarness, type CrmHarness } from './test-context';

let h: CrmHarness;
beforeEach(() => {
  h = crmHarness();
});

const stages = () => h.call('leadStages.list').body as LeadStage[];
const stage = (key: string) => h.crm.stages.find((s) => s.key === key)!;
const patch = (key: string, body: Record<string, unknown>) =>
  h.call('leadStages.update', { params: { id: stage(key).id }, body }).body as LeadStage;
const patchFails = (key: string, body: Record<string, unknown>) =>
  h.fail('leadStages.update', { params: { id: stage(key).id }, body });

describe('GET /v1/lead-stages', () => {
  it('lists by position, then creation time when positions tie', () => {
    expect(stages().map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    patch('lost', { position: 0 });
    const keys = stages().map((s) => s.key);
    // Both at 0: the older stage (the seeded default) stays first.
    expect(keys.slice(0, 2)).toEqual(['new', 'lost']);
  });
});

describe('POST /v1/lead-stages', () => {
  it('creates at the end with 201, and refuses a taken key', () => {
    const res = h.call('leadStages.create', {
      body: { key: 'onboarding', name: 'Onboarding', color: '#123456' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ key: 'onboarding', position: 8, is_default: false, is_system: false });
    expect(stages().at(-1)!.key).toBe('onboarding');
    expect(h.fail('leadStages.create', { body: { key: 'won', name: 'Won again' } }).detail).toEqual([
      'key already exists',
    ]);
  });

  it('moves the default when created as default', () => {
    const created = h.call('leadStages.create', { body: { key: 'triage', name: 'Triage', is_default: true } })
      .body as LeadStage;
    expect(
      stages()
        .filter((s) => s.is_default)
        .map((s) => s.id),
    ).toEqual([created.id]);
    const lead = h.call('leads.create', { body: { name: 'Fresh' } }).body as Lead;
    expect(lead.status).toBe('triage');
  });

  it('refuses a stage both won and lost', () => {
    const err = h.fail('leadStages.create', {
      body: { key: 'odd', name: 'Odd', is_won: true, is_lost: true },
    });
    expect(err.statusCode).toBe(400);
    expect(h.crm.stages.some((s) => s.key === 'odd')).toBe(false);
  });
});

describe('PATCH /v1/lead-stages/{id}', () => {
  it('renames safely: leads keep matching the stage', () => {
    const renamed = patch('qualified', { name: 'Sales qualified', color: '#000000' });
    expect(renamed).toMatchObject({ key: 'qualified', name: 'Sales qualified', color: '#000000' });
    const page = h.call('leads.list', { query: { status: 'qualified' } }).body as LeadList;
    expect(page.total).toBeGreaterThan(0);
  });

  it('changing the key orphans the leads that held the old one', () => {
    const held = [...h.crm.leads.values()].filter((l) => l.status === 'proposal').length;
    expect(held).toBeGreaterThan(0);
    patch('proposal', { key: 'quote_sent' });
    const byNew = h.call('leads.list', { query: { status: 'quote_sent' } }).body as LeadList;
    const byOld = h.call('leads.list', { query: { status: 'proposal' } }).body as LeadList;
    expect(byNew.total).toBe(0);
    expect(byOld.total).toBe(held);
    const keys = new Set(h.crm.stages.map((s) => s.key));
    expect(keys.has('proposal')).toBe(false);
  });

  it('refuses a key another stage holds', () => {
    expect(patchFails('proposal', { key: 'won' }).detail).toEqual(['key already exists']);
    // Sending a stage its own key is no collision.
    expect(patch('proposal', { key: 'proposal' }).key).toBe('proposal');
  });

  it('keeps is_won and is_lost exclusive on the resulting stage', () => {
    expect(patchFails('won', { is_lost: true }).statusCode).toBe(400);
    expect(patchFails('lost', { is_won: true }).statusCode).toBe(400);
    expect(patchFails('negotiation', { is_won: true, is_lost: true }).statusCode).toBe(400);
    expect(stage('won')).toMatchObject({ is_won: true, is_lost: false });
    // Swapping both flags in one request is fine.
    expect(patch('won', { is_won: false, is_lost: true })).toMatchObject({ is_won: false, is_lost: true });
  });

  it('keeps exactly one default', () => {
    patch('contacted', { is_default: true });
    expect(h.crm.stages.filter((s) => s.is_default).map((s) => s.key)).toEqual(['contacted']);
    const err = patchFails('contacted', { is_default: false });
    expect(err.statusCode).toBe(400);
    expect(err.detail).toEqual([expect.stringMatching(/^is_default /)]);
    expect(stage('contacted').is_default).toBe(true);
  });

  it('stores a position as sent and bumps updated_at', () => {
    h.now = new Date(h.now.getTime() + 1000);
    const moved = patch('won', { position: 42 });
    expect(moved.position).toBe(42);
    expect(moved.updated_at).toBe(h.now.toISOString());
    expect(stages().at(-1)!.key).toBe('won');
  });

  it('404s an unknown stage', () => {
    const err = h.fail('leadStages.update', {
      params: { id: UNKNOWN_ID },
      body: {},
    });
    expect(err.statusCode).toBe(404);
  });
});

describe('DELETE /v1/lead-stages/{id}', () => {
  it('refuses the default stage', () => {
    const err = h.fail('leadStages.delete', { params: { id: stage('new').id } });
    expect(err.statusCode).toBe(400);
    expect(String(err.detail)).toMatch(/default/);
  });

  it('refuses a stage that still holds leads, naming the count', () => {
    const held = [...h.crm.leads.values()].filter((l) => l.status === 'lost').length;
    const err = h.fail('leadStages.delete', { params: { id: stage('lost').id } });
    expect(err.statusCode).toBe(400);
    expect(String(err.detail)).toContain(`${held} leads`);
  });

  it('deletes an empty stage with 204', () => {
    const created = h.call('leadStages.create', { body: { key: 'parked', name: 'Parked' } })
      .body as LeadStage;
    expect(h.call('leadStages.delete', { params: { id: created.id } }).status).toBe(204);
    expect(stages().some((s) => s.id === created.id)).toBe(false);
  });

  it('deletes a stage once its leads have moved out', () => {
    for (const lead of [...h.crm.leads.values()].filter((l) => l.status === 'lost')) {
      h.call('leads.update', { params: { id: lead.id }, body: { status: 'won' } });
    }
    expect(h.call('leadStages.delete', { params: { id: stage('lost').id } }).status).toBe(204);
    expect(h.crm.stages).toHaveLength(7);
  });
});
