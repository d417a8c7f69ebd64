import { describe, expect, it } from 'vitest';
import { LeadCreate, type Lead } from '@/contract';
import { bodyFromForm, changedFields, emptyLeadForm, formFromLead } from './lead-form';

describe('lead form', () => {
  it('builds a body without empty fields and checks it with the contract', () => {
    const body = bodyFromForm({
      ...emptyLeadForm,
      name: ' Acme ',
      value: '1200',
      currency: 'eur',
      probability: '40',
    });
    expect(body).toEqual({ name: 'Acme', value: 1200, currency: 'EUR', probability: 40 });
    expect(LeadCreate.parse(body)).toEqual(body);
  });

  it('leaves a number that does not parse for the contract to refuse', () => {
    const body = bodyFromForm({ ...emptyLeadForm, name: 'A', value: 'x' });
    expect(body.value).toBeNaN();
    expect(LeadCreate.safeParse(body).success).toBe(false);
  });

  it('sends only what changed', () => {
    const lead = { id: 'x', name: 'A', email: 'a@b.co', value: 5, status: 'new' } as Lead;
    const body = bodyFromForm({ ...formFromLead(lead), name: 'B' });
    expect(changedFields(body, lead)).toEqual({ name: 'B' });
  });
});
