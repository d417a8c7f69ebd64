import { beforeEach, describe, expect, it } from 'vitest';
import {
  CUSTOMER_STATUSES,
  type Customer,
  type CustomerList,
  type CustomerStats,
  type TagList,
} from '../../src/contract';
import { UNKNOWN_ID } from '../core/test-client';
import { crmHarness, type CrmHarness } from './test-context';

let h: CrmHarness;
beforeEach(() => {
  h = crmHarness();
});

const list = (query: Record<string, unknown>) => h.call('customers.list', { query }).body as CustomerList;

describe('GET /v1/customers', () => {
  it('pages with its own envelope and describes the custom fields', () => {
    const first = list({});
    expect(first).toMatchObject({ total: h.crm.customers.size, page: 1, limit: 20 });
    expect(first.totalPages).toBe(Math.ceil(h.crm.customers.size / 20));
    expect(first.customers).toHaveLength(20);
    expect(first.fields).toContainEqual(
      expect.objectContaining({ key: 'account_tier', label: 'Account tier', type: 'select' }),
    );
    const second = list({ page: 2 });
    const ids = new Set(first.customers.map((c) => c.id));
    expect(second.customers.some((c) => ids.has(c.id))).toBe(false);
  });

  it('filters by status and type', () => {
    const page = list({ status: 'prospect', customer_type: 'business', limit: 100 });
    const expected = [...h.crm.customers.values()].filter(
      (c) => c.status === 'prospect' && c.customer_type === 'business',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(page.total).toBe(expected.length);
    expect(page.customers.every((c) => c.status === 'prospect' && c.customer_type === 'business')).toBe(true);
  });

  it('refuses an unknown status filter and a search parameter', () => {
    expect(h.fail('customers.list', { query: { status: 'deleted' } }).detail).toEqual([
      expect.stringMatching(/^status /),
    ]);
    expect(h.fail('customers.list', { query: { search: 'x' } }).statusCode).toBe(400);
  });
});

describe('POST /v1/customers', () => {
  it('creates an active customer that the list and the stats then count', () => {
    const before = (h.call('customers.stats').body as CustomerStats).total;
    const created = h.call('customers.create', {
      body: { name: 'Initech', email: 'hello@initech.example', customer_type: 'business' },
    });
    expect(created.status).toBe(201);
    const customer = created.body as Customer;
    expect(customer).toMatchObject({ name: 'Initech', status: 'active', source: 'manual' });
    expect((h.call('customers.stats').body as CustomerStats).total).toBe(before + 1);
    expect(list({ limit: 1 }).customers[0]?.id).toBe(customer.id);
  });

  it('refuses a customer without a name or with a bad email, naming the field', () => {
    expect(h.fail('customers.create', { body: { email: 'a@b.example' } }).detail).toEqual([
      expect.stringMatching(/^name /),
    ]);
    expect(h.fail('customers.create', { body: { name: 'X', email: 'nope' } }).detail).toEqual([
      expect.stringMatching(/^email /),
    ]);
  });
});

describe('GET /v1/customers/stats', () => {
  it('agrees with the filtered list totals', () => {
    const stats = h.call('customers.stats').body as CustomerStats;
    expect(stats.total).toBe(list({}).total);
    for (const status of CUSTOMER_STATUSES) expect(stats[status]).toBe(list({ status }).total);
    expect(stats.by_type.business).toBe(list({ customer_type: 'business' }).total);
    expect(stats.by_type.individual).toBe(list({ customer_type: 'individual' }).total);
    expect(stats.active + stats.inactive + stats.prospect + stats.archived).toBe(stats.total);
  });

  it('follows an update', () => {
    const before = h.call('customers.stats').body as CustomerStats;
    const active = [...h.crm.customers.values()].find((c) => c.status === 'active')!;
    h.call('customers.update', { params: { id: active.id }, body: { status: 'archived' } });
    const after = h.call('customers.stats').body as CustomerStats;
    expect(after.active).toBe(before.active - 1);
    expect(after.archived).toBe(before.archived + 1);
  });
});

describe('one customer', () => {
  const some = () => [...h.crm.customers.values()].find((c) => c.customer_type === 'business')!;

  it('reads, and 404s an unknown id', () => {
    const c = some();
    expect(h.call('customers.get', { params: { id: c.id } }).body).toEqual(c);
    expect(h.fail('customers.get', { params: { id: UNKNOWN_ID } }).statusCode).toBe(404);
  });

  it('patches, merging the address member-wise and custom fields key-wise', () => {
    const c = some();
    h.now = new Date(h.now.getTime() + 5000);
    const next = h.call('customers.update', {
      params: { id: c.id },
      body: {
        name: 'Renamed Ltd',
        address: { city: 'Porto' },
        custom_fields: { seats: 99, renewal_date: null },
      },
    }).body as Customer;
    expect(next.name).toBe('Renamed Ltd');
    expect(next.address).toEqual({ ...c.address, city: 'Porto' });
    expect(next.custom_fields).toMatchObject({ account_tier: c.custom_fields!.account_tier, seats: 99 });
    expect(next.custom_fields).not.toHaveProperty('renewal_date');
    expect(next.updated_at).toBe(h.now.toISOString());
    expect(next.created_at).toBe(c.created_at);
  });

  it('refuses malformed fields with field errors', () => {
    const err = h.fail('customers.update', {
      params: { id: some().id },
      body: { email: 'nope', website: 'ftp://x' },
    });
    expect(err.detail).toEqual(
      expect.arrayContaining([expect.stringMatching(/^email /), expect.stringMatching(/^website /)]),
    );
  });
});

describe('POST /v1/customers/{id}/tags', () => {
  it('adds tags without duplicates', () => {
    const c = [...h.crm.customers.values()].find((x) => (x.tags ?? []).length > 0)!;
    const existing = c.tags![0]!;
    const fresh = [...h.crm.tags.keys()].find((t) => !c.tags!.includes(t))!;
    const res = h.call('customers.addTags', {
      params: { id: c.id },
      body: { tagIds: [existing, fresh, fresh] },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, tags: [...c.tags!, fresh] });
    expect(h.crm.customers.get(c.id)!.tags).toEqual([...c.tags!, fresh]);
  });

  it('refuses unknown tag ids, naming them, and changes nothing', () => {
    const c = [...h.crm.customers.values()][0]!;
    const known = [...h.crm.tags.keys()][0]!;
    const err = h.fail('customers.addTags', { params: { id: c.id }, body: { tagIds: [known, UNKNOWN_ID] } });
    expect(err.statusCode).toBe(400);
    expect(err.detail).toEqual([`tagIds contains unknown tag ids: ${UNKNOWN_ID}`]);
    expect(h.crm.customers.get(c.id)!.tags).toEqual(c.tags);
  });

  it('404s an unknown customer', () => {
    const known = [...h.crm.tags.keys()][0]!;
    expect(
      h.fail('customers.addTags', { params: { id: UNKNOWN_ID }, body: { tagIds: [known] } }).statusCode,
    ).toBe(404);
  });
});

describe('GET /v1/tags', () => {
  it('lists every tag with a name and colour', () => {
    const { data } = h.call('tags.list').body as TagList;
    expect(data).toHaveLength(h.crm.tags.size);
    expect(data.every((t) => t.name && /^#[0-9a-f]{6}$/.test(t.color ?? ''))).toBe(true);
    const names = data.map((t) => t.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
  });
});
