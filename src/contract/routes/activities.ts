import { Id } from '../common';
import { Activity, ActivityCreate, ActivityList } from '../activities';
import { route } from './define';

/** Activities logged on a customer or a lead (CRM host, no /v1 prefix). */
export const ACTIVITY_ROUTES = [
  route({
    id: 'activities.byCustomer',
    host: 'crm',
    method: 'GET',
    path: '/activities/customer/{customerId}',
    params: { customerId: Id },
    scope: 'customers:read',
    response: ActivityList,
    status: 200,
  }),
  route({
    id: 'activities.byLead',
    host: 'crm',
    method: 'GET',
    path: '/activities/lead/{leadId}',
    params: { leadId: Id },
    scope: 'leads:read',
    response: ActivityList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'activities.create',
    host: 'crm',
    method: 'POST',
    path: '/activities',
    scope: 'customers:create',
    scopeFor: (body) =>
      typeof body === 'object' && body !== null && 'lead_id' in body && !('customer_id' in body)
        ? 'leads:create'
        : 'customers:create',
    body: ActivityCreate,
    response: Activity,
    status: 201,
    source: 'implied',
  }),
] as const;
