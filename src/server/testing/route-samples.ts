import { buildPath, ROUTES, type RouteDef, type RouteId } from '../../contract/routes';
import { MOUNTS } from '../proxy/proxy';

// One valid request per contract route, so the suites can walk the whole table.

const ID = '6f1c7a52-3c1e-4a8f-9b0e-2d7a1c9e4b10';
const OTHER_ID = '0a7e1f0e-5b8a-4c6d-8e9f-112233445566';
export const SAMPLE_GROUP_ID = '120363025246125486@g.us';

const PARAMS: Readonly<Record<string, string>> = {
  id: ID,
  customerId: ID,
  leadId: ID,
  groupId: SAMPLE_GROUP_ID,
};

const QUERIES: Partial<Record<RouteId, string>> = {
  'groups.get': `channelId=${OTHER_ID}`,
  'templates.list': `channelId=${OTHER_ID}`,
  'leads.list': 'page=1&limit=20',
};

const BODIES: Partial<Record<RouteId, unknown>> = {
  'conversations.send': { conversationId: ID, text: 'Hello' },
  'messages.sendText': { text: 'Hello' },
  'conversations.assignOwner': { userId: OTHER_ID },
  'conversations.assignAgent': { agentId: null },
  'quickReplies.create': { title: 'Hi', body: 'Hello there', shortcut: 'hi' },
  'quickReplies.update': { title: 'Hello' },
  'groups.approveJoinRequests': { channelId: OTHER_ID, phoneNumbers: ['4915112345678'] },
  'groups.inviteLink': { channelId: OTHER_ID },
  'leads.create': { name: 'New lead' },
  'leads.update': { status: 'qualified' },
  'leads.reassign': { assigned_to_user_id: OTHER_ID },
  'leadStages.create': { key: 'trial', name: 'Trial' },
  'leadStages.update': { name: 'Renamed' },
  'customers.create': { name: 'Initech' },
  'customers.update': { name: 'Acme GmbH' },
  'customers.addTags': { tagIds: [OTHER_ID] },
  'contacts.create': { customer_id: ID, first_name: 'Kim' },
  'contacts.update': { first_name: 'Kim' },
  'activities.create': { lead_id: ID, activity_type: 'call', subject: 'Intro call' },
};

export interface SampleRequest {
  readonly route: RouteDef;
  readonly method: RouteDef['method'];
  /** The browser-side URL, under the BFF's mount. */
  readonly url: string;
  /** What the upstream should see: the base path plus the rebuilt route path and query. */
  readonly upstreamUrl: string;
  readonly payload?: string;
}

const BASE_PATHS = { social: '/social/api', crm: '/crm/api' } as const;

export function sampleRequest(route: RouteDef): SampleRequest {
  const path = buildPath(route, PARAMS);
  const query = QUERIES[route.id as RouteId];
  const suffix = query ? `${path}?${query}` : path;
  const body = BODIES[route.id as RouteId];
  if (route.body !== undefined && body === undefined) throw new Error(`no sample body for ${route.id}`);
  return {
    route,
    method: route.method,
    url: `${MOUNTS[route.host]}${suffix}`,
    upstreamUrl: `${BASE_PATHS[route.host]}${suffix}`,
    ...(route.body !== undefined ? { payload: JSON.stringify(body) } : {}),
  };
}

export const SAMPLES: readonly SampleRequest[] = ROUTES.map(sampleRequest);
