import { describe, expect, it } from 'vitest';
import { ContactCreate, ContactUpdate, type Contact } from '@/contract';
import { createBody, emptyContactValues, updateBody, valuesFromContact } from './contact-form-values';

const CUSTOMER = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const contact: Contact = {
  id: '7a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d',
  customer_id: CUSTOMER,
  first_name: 'Ana',
  last_name: 'Silva',
  email: 'ana@acme.example',
  phone: null,
  mobile: '351912345678',
  position: 'Buyer',
  department: null,
  is_primary: false,
  status: 'active',
  image_url: null,
  notes: null,
  created_at: '2026-01-01T10:00:00.000Z',
};

describe('contact form values', () => {
  it('builds a create body without blanks, with numbers as E.164 digits', () => {
    const body = createBody(
      { ...emptyContactValues(), first_name: ' Ana ', email: 'ana@acme.example', mobile: '+351 912 345 678' },
      CUSTOMER,
    );
    expect(body).toEqual({
      customer_id: CUSTOMER,
      first_name: 'Ana',
      email: 'ana@acme.example',
      mobile: '351912345678',
    });
    expect(ContactCreate.safeParse(body).success).toBe(true);
  });

  it('leaves an invalid email for the contract to refuse', () => {
    const body = createBody({ ...emptyContactValues(), first_name: 'Ana', email: 'ana@' }, CUSTOMER);
    const checked = ContactCreate.safeParse(body);
    expect(checked.success).toBe(false);
  });

  it('sends the chosen tags on create and a changed tag set on update', () => {
    const tag = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    expect(createBody({ ...emptyContactValues(), first_name: 'Ana', tags: [tag] }, CUSTOMER).tags).toEqual([
      tag,
    ]);
    expect(createBody({ ...emptyContactValues(), first_name: 'Ana' }, CUSTOMER)).not.toHaveProperty('tags');
    expect(updateBody({ ...valuesFromContact(contact), tags: [tag] }, contact)).toEqual({ tags: [tag] });
    const tagged = { ...contact, tags: [tag] };
    expect(updateBody(valuesFromContact(tagged), tagged)).toEqual({});
  });

  it('updates only what changed', () => {
    const values = { ...valuesFromContact(contact), position: 'Head of buying', is_primary: true };
    const body = updateBody(values, contact);
    expect(body).toEqual({ position: 'Head of buying', is_primary: true });
    expect(ContactUpdate.safeParse(body).success).toBe(true);
    expect(updateBody(valuesFromContact(contact), contact)).toEqual({});
  });

  it('does not count a reformatted but equal number as a change', () => {
    expect(updateBody({ ...valuesFromContact(contact), mobile: '+351 912 345 678' }, contact)).toEqual({});
    const formatted = { ...contact, phone: '+351 21 000 0000' };
    expect(updateBody(valuesFromContact(formatted), formatted)).toEqual({});
  });
});
