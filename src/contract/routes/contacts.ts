import { Id } from '../common';
import { Contact, ContactCreate, ContactList, ContactUpdate } from '../contacts';
import { route, idParam } from './define';

/** A customer's contacts (CRM host, no /v1 prefix). */
export const CONTACT_ROUTES = [
  route({
    id: 'contacts.create',
    host: 'crm',
    method: 'POST',
    path: '/contacts',
    scope: 'customers:create',
    body: ContactCreate,
    response: Contact,
    status: 201,
  }),
  route({
    id: 'contacts.get',
    host: 'crm',
    method: 'GET',
    path: '/contacts/{id}',
    params: idParam,
    scope: 'customers:read',
    response: Contact,
    status: 200,
  }),
  route({
    id: 'contacts.update',
    host: 'crm',
    method: 'PATCH',
    path: '/contacts/{id}',
    params: idParam,
    scope: 'customers:update',
    body: ContactUpdate,
    response: Contact,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'contacts.byCustomer',
    host: 'crm',
    method: 'GET',
    path: '/contacts/customer/{customerId}',
    params: { customerId: Id },
    scope: 'customers:read',
    response: ContactList,
    status: 200,
    source: 'implied',
  }),
] as const;
