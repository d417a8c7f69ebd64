import {
  AddTagsBody,
  Confirmation,
  Customer,
  CustomerList,
  CustomerListQuery,
  CustomerStats,
  CustomerUpdate,
} from '../customers';
import { TagList } from '../tags';
import { route, idParam } from './define';

/** Customers and the tags put on them (CRM host). */
export const CUSTOMER_ROUTES = [
  // Customers
  route({
    id: 'customers.list',
    host: 'crm',
    method: 'GET',
    path: '/v1/customers',
    scope: 'customers:read',
    query: CustomerListQuery,
    response: CustomerList,
    status: 200,
  }),
  route({
    id: 'customers.stats',
    host: 'crm',
    method: 'GET',
    path: '/v1/customers/stats',
    scope: 'customers:read',
    response: CustomerStats,
    status: 200,
  }),
  route({
    id: 'customers.get',
    host: 'crm',
    method: 'GET',
    path: '/v1/customers/{id}',
    params: idParam,
    scope: 'customers:read',
    response: Customer,
    status: 200,
  }),
  route({
    id: 'customers.update',
    host: 'crm',
    method: 'PATCH',
    path: '/v1/customers/{id}',
    params: idParam,
    scope: 'customers:update',
    body: CustomerUpdate,
    response: Customer,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'customers.addTags',
    host: 'crm',
    method: 'POST',
    path: '/v1/customers/{id}/tags',
    params: idParam,
    scope: 'customers:manage',
    body: AddTagsBody,
    response: Confirmation,
    status: 201,
  }),
  // Tags
  route({
    id: 'tags.list',
    host: 'crm',
    method: 'GET',
    path: '/v1/tags',
    scope: 'customers:read',
    response: TagList,
    status: 200,
    source: 'implied',
  }),
] as const;
