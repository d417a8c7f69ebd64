import { beforeEach, describe, expect, it } from 'vitest';
import type { Activity, Contact } from '../../src/contract';
import { UNKNOWN_ID } from '../core/test-client';
import { crmHarness, type CrmHarness } from './test-context';

let h: CrmHarness;
beforeEach(() => {
  h = crmHarness();
});

const business = () => [...h.crm.customers.values()].find((c) => c.customer_type === 'business')!;
const contactsOf = (customerId: string) =>
  h.call('contacts.byCustomer', { params: { customerId } }).body as Contact[];

describe('contacts', () => {
  it('creates with 201 under an existing customer', () => {
    const c = business();
    const res = h.call('contacts.create', {
      body: { customer_id: c.id, first_name: 'Rui', last_name: 'Costa', mobile: '351912345678' },
    });
    expect(res.status).toBe(201);
    const contact = res.body as Contact;
    expect(contact).toMatchObject({
      customer_id: c.id,
      first_name: 'Rui',
      is_primary: false,
      status: 'active',
    });
    expect(h.call('contacts.get', { params: { id: contact.id } }).body).toEqual(contact);
    expect(contactsOf(c.id).at(-1)!.id).toBe(contact.id);
  });

  it('refuses a customer_id of no customer, and unknown tags', () => {
    expect(h.fail('contacts.create', { body: { customer_id: UNKNOWN_ID, first_name: 'A' } }).detail).toEqual([
      'customer_id must refer to an existing customer',
    ]);
    const err = h.fail('contacts.create', {
      body: { customer_id: business().id, first_name: 'A', tags: [UNKNOWN_ID] },
    });
    expect(err.detail).toEqual([`tags contains unknown tag ids: ${UNKNOWN_ID}`]);
  });

  it('refuses a missing first name with a field error', () => {
    expect(h.fail('contacts.create', { body: { customer_id: business().id } }).detail).toEqual([
      expect.stringMatching(/^first_name /),
    ]);
  });

  it('makes a new primary the only primary, listed first', () => {
    const c = business();
    const created = h.call('contacts.create', {
      body: { customer_id: c.id, first_name: 'New', is_primary: true },
    }).body as Contact;
    const rows = contactsOf(c.id);
    expect(rows[0]!.id).toBe(created.id);
    expect(rows.filter((r) => r.is_primary)).toHaveLength(1);
  });

  it('moves the primary on update too, and patches fields', () => {
    const c = [...h.crm.customers.values()].find(
      (x) => [...h.crm.contacts.values()].filter((k) => k.customer_id === x.id).length >= 2,
    )!;
    const second = contactsOf(c.id)[1]!;
    const next = h.call('contacts.update', {
      params: { id: second.id },
      body: { is_primary: true, position: 'CEO', status: 'inactive' },
    }).body as Contact;
    expect(next).toMatchObject({ id: second.id, is_primary: true, position: 'CEO', status: 'inactive' });
    const rows = contactsOf(c.id);
    expect(rows[0]!.id).toBe(second.id);
    expect(rows.filter((r) => r.is_primary)).toHaveLength(1);
  });

  it('404s an unknown contact or customer', () => {
    expect(h.fail('contacts.get', { params: { id: UNKNOWN_ID } }).statusCode).toBe(404);
    expect(h.fail('contacts.update', { params: { id: UNKNOWN_ID }, body: { notes: 'x' } }).statusCode).toBe(
      404,
    );
    expect(h.fail('contacts.byCustomer', { params: { customerId: UNKNOWN_ID } }).statusCode).toBe(404);
  });
});

describe('activities', () => {
  const isNewestFirst = (rows: Activity[]) => {
    const dates = rows.map((a) => a.activity_date!);
    return dates.every((d, i) => i === 0 || dates[i - 1]! >= d);
  };

  it('lists a customer timeline newest first', () => {
    const withMany = [...h.crm.customers.values()].find(
      (c) => [...h.crm.activities.values()].filter((a) => a.customer_id === c.id).length >= 3,
    )!;
    const rows = h.call('activities.byCustomer', { params: { customerId: withMany.id } }).body as Activity[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((a) => a.customer_id === withMany.id)).toBe(true);
    expect(isNewestFirst(rows)).toBe(true);
  });

  it('lists a lead timeline newest first, and 404s unknown subjects', () => {
    const leadId = [...h.crm.activities.values()].find((a) => a.lead_id)!.lead_id!;
    const rows = h.call('activities.byLead', { params: { leadId } }).body as Activity[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((a) => a.lead_id === leadId)).toBe(true);
    expect(isNewestFirst(rows)).toBe(true);
    expect(h.fail('activities.byLead', { params: { leadId: UNKNOWN_ID } }).statusCode).toBe(404);
    expect(h.fail('activities.byCustomer', { params: { customerId: UNKNOWN_ID } }).statusCode).toBe(404);
  });

  it('logs an activity on a lead, which then tops its timeline', () => {
    const lead = [...h.crm.leads.values()][3]!;
    const res = h.call('activities.create', {
      body: { lead_id: lead.id, activity_type: 'call', subject: 'Called back', outcome: 'follow_up_needed' },
    });
    expect(res.status).toBe(201);
    const activity = res.body as Activity;
    expect(activity).toMatchObject({
      lead_id: lead.id,
      activity_date: h.now.toISOString(),
      outcome: 'follow_up_needed',
    });
    expect(activity).not.toHaveProperty('customer_id');
    const rows = h.call('activities.byLead', { params: { leadId: lead.id } }).body as Activity[];
    expect(rows[0]!.id).toBe(activity.id);
  });

  it('places a back-dated activity by its date, stored in UTC', () => {
    const customer = business();
    const activity = h.call('activities.create', {
      body: {
        customer_id: customer.id,
        activity_type: 'meeting',
        subject: 'Old visit',
        activity_date: '2000-01-01T12:00:00+02:00',
      },
    }).body as Activity;
    expect(activity.activity_date).toBe('2000-01-01T10:00:00.000Z');
    const rows = h.call('activities.byCustomer', { params: { customerId: customer.id } }).body as Activity[];
    expect(rows.at(-1)!.id).toBe(activity.id);
  });

  it('refuses a subject that does not exist, or neither or both subjects', () => {
    expect(
      h.fail('activities.create', { body: { customer_id: UNKNOWN_ID, activity_type: 'note', subject: 'x' } })
        .detail,
    ).toEqual(['customer_id must refer to an existing customer']);
    expect(
      h.fail('activities.create', { body: { lead_id: UNKNOWN_ID, activity_type: 'note', subject: 'x' } })
        .detail,
    ).toEqual(['lead_id must refer to an existing lead']);
    expect(h.fail('activities.create', { body: { activity_type: 'note', subject: 'x' } }).statusCode).toBe(
      400,
    );
    const lead = [...h.crm.leads.values()][0]!;
    expect(
      h.fail('activities.create', {
        body: { lead_id: lead.id, customer_id: business().id, activity_type: 'note', subject: 'x' },
      }).statusCode,
    ).toBe(400);
  });
});
