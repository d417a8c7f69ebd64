// The CRM implementations end to end through the fake's HTTP surface (msw in Node), with the
// dispatcher's key, tenant, scope and validation rules in front of them.
import { describe, expect, it } from 'vitest';
import type { ZodMiniType } from 'zod/mini';
import {
  ActivityList,
  Contact,
  ContactList,
  CustomerList,
  CustomerStats,
  Lead,
  LeadList,
  LeadStageList,
  TagList,
} from '../../src/contract';
import { crm, type CallOptions } from '../core/test-client';
import { fake, useFakeServer } from '../node';
import { ACME_TENANT, GLOBEX_TENANT } from '../team';

useFakeServer();

const READONLY: CallOptions = { key: 'demo-readonly-key' };
const GLOBEX: CallOptions = { key: 'globex-admin-key', tenant: GLOBEX_TENANT };

const api = (path: string, opts: CallOptions & { method?: string } = {}) => {
  const { method = 'GET', ...rest } = opts;
  return crm(method, path, rest);
};

const parses = (schema: ZodMiniType, value: unknown) => schema.safeParse(value).success;

describe('the CRM host over HTTP', () => {
  it('serves every read in the contract shape', async () => {
    const leads = await api('/v1/leads?status=won&limit=5');
    expect(leads.status).toBe(200);
    expect(parses(LeadList, leads.body)).toBe(true);
    expect(leads.body).toMatchObject({ limit: 5, page: 1 });

    const stages = await api('/v1/lead-stages');
    expect(parses(LeadStageList, stages.body)).toBe(true);

    const customers = await api('/v1/customers?status=active&customer_type=business&page=2&limit=10');
    expect(parses(CustomerList, customers.body)).toBe(true);

    // The fixed path wins over the `{id}` template.
    const stats = await api('/v1/customers/stats');
    expect(stats.status).toBe(200);
    expect(parses(CustomerStats, stats.body)).toBe(true);

    expect(parses(TagList, (await api('/v1/tags')).body)).toBe(true);

    const customerId = (customers.body as CustomerList).customers[0]!.id;
    const contacts = await api(`/contacts/customer/${customerId}`);
    expect(contacts.status).toBe(200);
    expect(parses(ContactList, contacts.body)).toBe(true);
    expect(parses(ActivityList, (await api(`/activities/customer/${customerId}`)).body)).toBe(true);
  });

  it('turns a probability out of range into a field error naming it', async () => {
    const res = await api('/v1/leads', { method: 'POST', body: { name: 'Too sure', probability: 150 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((res.body as { message: string[] }).message).toEqual([expect.stringMatching(/^probability /)]);
  });

  it('creates a lead with 201 and reads it back; a read-only key may not', async () => {
    const created = await api('/v1/leads', { method: 'POST', body: { name: 'Grace Hopper', value: 5000 } });
    expect(created.status).toBe(201);
    expect(parses(Lead, created.body)).toBe(true);
    const id = (created.body as Lead).id;
    expect((await api(`/v1/leads/${id}`)).body).toEqual(created.body);

    const refused = await api('/v1/leads', { method: 'POST', body: { name: 'Nope' }, ...READONLY });
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe('Missing scope(s): leads:create');
  });

  it("answers 404 for another workspace's records", async () => {
    const acmeLead = [...fake.workspace(ACME_TENANT).crm.leads.values()][0]!;
    expect((await api(`/v1/leads/${acmeLead.id}`, GLOBEX)).status).toBe(404);
    const acmeCustomer = [...fake.workspace(ACME_TENANT).crm.customers.values()][0]!;
    expect((await api(`/contacts/customer/${acmeCustomer.id}`, GLOBEX)).status).toBe(404);
    const globexLeads = await api('/v1/leads', GLOBEX);
    expect((globexLeads.body as LeadList).total).toBe(fake.workspace(GLOBEX_TENANT).crm.leads.size);
  });

  it('creates a contact under /contacts without the version segment', async () => {
    const customer = [...fake.workspace().crm.customers.values()].find(
      (c) => c.customer_type === 'business',
    )!;
    const res = await api('/contacts', {
      method: 'POST',
      body: { customer_id: customer.id, first_name: 'Linus', mobile: '+44 7700 900123', is_primary: true },
    });
    expect(res.status).toBe(201);
    expect(parses(Contact, res.body)).toBe(true);
    const list = (await api(`/contacts/customer/${customer.id}`)).body as Contact[];
    expect(list[0]!.id).toBe((res.body as Contact).id);
  });

  it('deletes an empty stage with 204 and no body, and refuses the default one', async () => {
    const made = await api('/v1/lead-stages', { method: 'POST', body: { key: 'parked', name: 'Parked' } });
    expect(made.status).toBe(201);
    const id = (made.body as { id: string }).id;
    expect(await api(`/v1/lead-stages/${id}`, { method: 'DELETE' })).toMatchObject({
      status: 204,
      body: null,
    });
    const defaultStage = fake.workspace().crm.stages.find((s) => s.is_default)!;
    expect((await api(`/v1/lead-stages/${defaultStage.id}`, { method: 'DELETE' })).status).toBe(400);
  });

  it('logs a lead activity with the lead scope', async () => {
    const lead = [...fake.workspace().crm.leads.values()][0]!;
    const res = await api('/activities', {
      method: 'POST',
      body: { lead_id: lead.id, activity_type: 'note', subject: 'Wants a call on Monday' },
    });
    expect(res.status).toBe(201);
    const timeline = (await api(`/activities/lead/${lead.id}`)).body as ActivityList;
    expect(timeline[0]!.subject).toBe('Wants a call on Monday');
  });
});
