import { describe, expect, it } from 'vitest';
import {
  ACTIVITY_TYPES,
  Activity,
  Contact,
  Customer,
  E164_DIGITS,
  Lead,
  LeadStage,
  OUTCOMES,
  Tag,
} from '../../src/contract';
import { createRng } from '../core/rng';
import { TEAM_MEMBERS } from '../team';
import { seedCrm } from './state';
import { NOW } from './test-context';

const acme = seedCrm(createRng(1), NOW, { workspace: 'acme', scale: 1 });
const globex = seedCrm(createRng(2), NOW, { workspace: 'globex', scale: 1 });

describe('the Acme seed', () => {
  it('has eight stages with one default, one won and one lost, at positions 0..7', () => {
    expect(acme.stages).toHaveLength(8);
    expect(acme.stages.map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(acme.stages.filter((s) => s.is_default)).toHaveLength(1);
    expect(acme.stages.filter((s) => s.is_won).map((s) => s.key)).toEqual(['won']);
    expect(acme.stages.filter((s) => s.is_lost).map((s) => s.key)).toEqual(['lost']);
    expect(acme.stages.some((s) => s.is_won && s.is_lost)).toBe(false);
    expect(acme.stages.some((s) => s.is_system)).toBe(true);
    expect(new Set(acme.stages.map((s) => s.key)).size).toBe(8);
  });

  it('has at least 500 leads, each in a stage, over every stage and priority', () => {
    const leads = [...acme.leads.values()];
    expect(leads.length).toBeGreaterThanOrEqual(500);
    const keys = new Set(acme.stages.map((s) => s.key));
    expect(leads.every((l) => keys.has(l.status))).toBe(true);
    expect(new Set(leads.map((l) => l.status))).toEqual(keys);
    expect(new Set(leads.map((l) => l.priority))).toEqual(new Set(['urgent', 'high', 'medium', 'low']));
    expect(new Set(leads.map((l) => l.currency))).toEqual(new Set(['EUR', 'USD', 'GBP']));
  });

  it('gives won leads 100 %, lost leads 0 % and open leads something in between', () => {
    for (const lead of acme.leads.values()) {
      const p = lead.probability ?? -1;
      if (lead.status === 'won') expect(p).toBe(100);
      else if (lead.status === 'lost') expect(p).toBe(0);
      else expect(p > 0 && p < 100).toBe(true);
    }
  });

  it('assigns most leads to team members and leaves a few unassigned', () => {
    const team = new Set<string>(TEAM_MEMBERS.map((m) => m.id));
    const leads = [...acme.leads.values()];
    const owned = leads.filter((l) => l.assigned_to_user_id);
    expect(owned.every((l) => team.has(l.assigned_to_user_id!))).toBe(true);
    expect(owned.length).toBeGreaterThan(leads.length * 0.8);
    expect(owned.length).toBeLessThan(leads.length);
  });

  it('has at least 150 customers over every status, type and source', () => {
    const customers = [...acme.customers.values()];
    expect(customers.length).toBeGreaterThanOrEqual(150);
    expect(new Set(customers.map((c) => c.status))).toEqual(
      new Set(['active', 'inactive', 'prospect', 'archived']),
    );
    expect(new Set(customers.map((c) => c.customer_type))).toEqual(new Set(['individual', 'business']));
    expect(new Set(customers.map((c) => c.source)).size).toBe(5);
    expect(customers.every((c) => typeof c.custom_fields?.account_tier === 'string')).toBe(true);
  });

  it('gives every business one to four contacts, exactly one primary, with E.164 mobiles', () => {
    const contacts = [...acme.contacts.values()];
    for (const customer of acme.customers.values()) {
      const own = contacts.filter((c) => c.customer_id === customer.id);
      if (customer.customer_type !== 'business') continue;
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.filter((c) => c.is_primary)).toHaveLength(1);
    }
    expect(contacts.every((c) => E164_DIGITS.test(c.mobile ?? ''))).toBe(true);
    expect(contacts.every((c) => acme.customers.has(c.customer_id))).toBe(true);
  });

  it('has about twelve tags and activities of every type and outcome, some needing follow-up', () => {
    expect(acme.tags.size).toBeGreaterThanOrEqual(10);
    const activities = [...acme.activities.values()];
    expect(new Set(activities.map((a) => a.activity_type))).toEqual(new Set(ACTIVITY_TYPES));
    expect(new Set(activities.map((a) => a.outcome))).toEqual(new Set(OUTCOMES));
    expect(activities.some((a) => a.lead_id && a.outcome === 'follow_up_needed')).toBe(true);
    expect(activities.some((a) => a.customer_id)).toBe(true);
    expect(activities.every((a) => Date.parse(a.activity_date!) <= NOW.getTime())).toBe(true);
  });

  it('references only tags that exist', () => {
    const tagged = [...acme.leads.values(), ...acme.customers.values(), ...acme.contacts.values()];
    expect(tagged.every((r) => (r.tags ?? []).every((t) => acme.tags.has(t)))).toBe(true);
  });

  it('produces records the contract accepts', () => {
    const check = (schema: { safeParse(v: unknown): { success: boolean } }, rows: Iterable<unknown>) => {
      for (const row of rows) expect(schema.safeParse(row).success).toBe(true);
    };
    check(LeadStage, acme.stages);
    check(Lead, acme.leads.values());
    check(Customer, acme.customers.values());
    check(Contact, acme.contacts.values());
    check(Activity, acme.activities.values());
    check(Tag, acme.tags.values());
  });

  it('is deterministic: the same rng seed and time give the same data', () => {
    const again = seedCrm(createRng(1), NOW, { workspace: 'acme', scale: 1 });
    expect(again).toEqual(acme);
    const other = seedCrm(createRng(99), NOW, { workspace: 'acme', scale: 1 });
    expect(other.leads).not.toEqual(acme.leads);
  });

  it('places every time relative to now', () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const shifted = seedCrm(createRng(1), later, { workspace: 'acme', scale: 1 });
    const first = [...acme.leads.values()][0]!;
    const firstShifted = [...shifted.leads.values()][0]!;
    expect(Date.parse(firstShifted.created_at) - Date.parse(first.created_at)).toBe(86_400_000);
  });

  it('scales tenfold for benchmarks', () => {
    const big = seedCrm(createRng(1), NOW, { workspace: 'acme', scale: 10 });
    expect(big.leads.size).toBe(acme.leads.size * 10);
    expect(big.customers.size).toBe(acme.customers.size * 10);
  });
});

describe('the Globex seed', () => {
  it('has a few records of its own, with a default stage and contacts', () => {
    expect(globex.stages.length).toBeGreaterThanOrEqual(2);
    expect(globex.stages.filter((s) => s.is_default)).toHaveLength(1);
    expect(globex.leads.size).toBe(5);
    expect(globex.customers.size).toBe(3);
    expect(globex.tags.size).toBe(2);
    for (const customer of globex.customers.values()) {
      expect([...globex.contacts.values()].some((c) => c.customer_id === customer.id)).toBe(true);
    }
    const acmeIds = new Set(acme.leads.keys());
    expect([...globex.leads.keys()].some((id) => acmeIds.has(id))).toBe(false);
  });
});
