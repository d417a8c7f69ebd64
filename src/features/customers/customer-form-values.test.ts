import { describe, expect, it } from 'vitest';
import { CustomerUpdate, type Customer } from '@/contract';
import { controlOfPath, updateFromValues, valuesFromCustomer } from './customer-form-values';

const customer: Customer = {
  id: '0b6f2a52-3c1d-4e5f-9a0b-1c2d3e4f5a6b',
  name: 'Northwind Traders',
  company_name: 'Northwind Traders',
  industry: null,
  website: 'https://northwind.example',
  email: 'hello@northwind.example',
  phone: '+44 20 7946 0958',
  address: {
    street: '1 Quay St',
    city: 'Bristol',
    state: null,
    country: 'United Kingdom',
    postal_code: 'BS1 4DJ',
  },
  customer_type: 'business',
  status: 'active',
  source: 'referral',
  assigned_to_user_id: null,
  tags: [],
  custom_fields: {},
  created_at: '2026-01-01T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
};

describe('customer details form values', () => {
  it('sends nothing when nothing changed', () => {
    expect(updateFromValues(valuesFromCustomer(customer), customer)).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    const values = { ...valuesFromCustomer(customer), industry: '  Logistics ', status: 'prospect' };
    expect(updateFromValues(values, customer)).toEqual({ industry: 'Logistics', status: 'prospect' });
  });

  it('sends the whole address when one member changed', () => {
    const values = { ...valuesFromCustomer(customer), city: 'Bath' };
    const body = updateFromValues(values, customer);
    expect(body).toEqual({
      address: {
        street: '1 Quay St',
        city: 'Bath',
        state: '',
        postal_code: 'BS1 4DJ',
        country: 'United Kingdom',
      },
    });
    expect(CustomerUpdate.safeParse(body).success).toBe(true);
  });

  it('lets the contract refuse an invalid email in the body', () => {
    const body = updateFromValues({ ...valuesFromCustomer(customer), email: 'not-an-email' }, customer);
    expect(CustomerUpdate.safeParse(body).success).toBe(false);
  });

  it('maps body paths to form controls', () => {
    expect(controlOfPath('address.city')).toBe('city');
    expect(controlOfPath('email')).toBe('email');
    expect(controlOfPath('custom_fields.x')).toBeNull();
  });
});
