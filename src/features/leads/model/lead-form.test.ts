import { describe, expect, it } from 'vitest';
import type { Lead } from '@/contract';
import { bodyFromForm, changedFields, checkCreate, emptyLeadForm, formFromLead } from './lead-form';

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
    expect(checkCreate(body)).toEqual({ ok: true, body });
  });

  it('reports field errors by field name', () => {
    const checked = checkCreate(
      bodyFromForm({ ...emptyLeadForm, email: 'nope', probability: '140', value: 'x' }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.errors).sort()).toEqual(['email', 'name', 'probability', 'value']);
    expect(checked.errors.probability).toMatch(/^probability /);
  });

  it('sends only what changed', () => {
    const lead = { id: 'x', name: 'A', email: 'a@b.co', value: 5, status: 'new' } as Lead;
    const body = bodyFromForm({ ...formFromLead(lead), name: 'B' });
    expect(changedFields(body, lead)).toEqual({ name: 'B' });
  });
});
