import { describe, expect, it } from 'vitest';
import { ReadModel } from '../sync/read-model';
import { contact, customer, lead, quickReply, stage } from '../testing/live-records';
import { findRecords } from './record-search';

const model = new ReadModel();
model.customers.set(
  customer(1).id,
  customer(1, { name: 'Müller Logistics', email: 'ops@mueller.test', phone: '+49 30 1234567' }),
);
model.customers.set(customer(2).id, customer(2, { name: 'Acme Müller', email: null, phone: null }));
model.contacts.set(
  contact(1, 1).id,
  contact(1, 1, {
    first_name: 'José',
    last_name: 'Álvarez',
    mobile: '+44 7700 900123',
    email: 'jose@mueller.test',
  }),
);
model.leads.set(
  lead(1).id,
  lead(1, { name: 'Renewal 2027', status: 'won', company_name: 'Müller Logistics' }),
);
model.lists.stages = [stage(1, 'won', { name: 'Won' })];
model.lists.quickReplies = [
  quickReply(1, { title: 'Opening hours', shortcut: 'hours', body: 'We open at 9' }),
];

describe('finding records in the workspace', () => {
  it('ignores case and accents, and needs every word', () => {
    const found = findRecords(model, 'jose alvarez', 5);
    expect(found.contacts.map((c) => c.title)).toEqual(['José Álvarez']);
    expect(found.contacts[0]!.detail).toContain('Müller Logistics');
    expect(findRecords(model, 'jose smith', 5).contacts).toEqual([]);
  });

  it('puts names that start with the query first, then by name', () => {
    expect(findRecords(model, 'muller', 5).customers.map((c) => c.title)).toEqual([
      'Müller Logistics',
      'Acme Müller',
    ]);
  });

  it('finds phone numbers however they are written', () => {
    expect(findRecords(model, '900 123', 5).contacts).toHaveLength(1);
    expect(findRecords(model, '(030) 1234567', 5).customers.map((c) => c.title)).toEqual([
      'Müller Logistics',
    ]);
  });

  it('finds leads with their stage name, and quick replies by shortcut or text', () => {
    expect(findRecords(model, 'renewal', 5).leads).toEqual([
      { id: lead(1).id, title: 'Renewal 2027', detail: 'Won · Müller Logistics' },
    ]);
    expect(findRecords(model, 'hours', 5).quickReplies.map((q) => q.detail)).toEqual(['/hours']);
    expect(findRecords(model, 'open at', 5).quickReplies).toHaveLength(1);
  });

  it('stops at the limit', () => {
    expect(findRecords(model, 'm', 1).customers).toHaveLength(1);
  });
});
