// Valid inputs for every route of the contract, drawn from the Acme seed: the table-driven tests
// call each route with these and then break one rule at a time.
import { buildPath, type RouteDef, type RouteId } from '../../src/contract/routes';
import type { Fake } from '../fake';
import { ACME_CHANNELS } from '../social/seed-channels';
import { TEAM_MEMBERS } from '../team';
import { call, type CallOptions, type CallResult } from './test-client';

export interface RouteSample {
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

export const ACME_GROUP_ID = '120363025246125486@g.us';

function first<T>(items: Iterable<T>, what: string): T {
  for (const item of items) return item;
  throw new Error(`The seed has no ${what}`);
}

export function sampleFor(fake: Fake, route: RouteDef): RouteSample {
  const ws = fake.workspace();
  const thread = first(
    [...ws.social.threads.values()].filter((t) => !t.conv.is_group && t.meta.lastInboundAt !== null),
    'conversation',
  );
  const convId = thread.conv.id;
  const qrId = first(ws.social.quickReplies.keys(), 'quick reply');
  const lead = first(ws.crm.leads.values(), 'lead');
  const stage = ws.crm.stages.find((s) => !s.is_default) ?? ws.crm.stages[0]!;
  const customer = first(ws.crm.customers.values(), 'customer');
  const contact = first(ws.crm.contacts.values(), 'contact');
  const tag = first(ws.crm.tags.keys(), 'tag');
  const channelId = ACME_CHANNELS.whatsappSales;

  const byPrefix: Record<string, string> = {
    conversations: convId,
    messages: convId,
    quickReplies: qrId,
    leads: lead.id,
    leadStages: stage.id,
    customers: customer.id,
    contacts: contact.id,
  };
  const params: Record<string, string> = {};
  for (const name of Object.keys(route.params)) {
    if (name === 'groupId') params[name] = ACME_GROUP_ID;
    else if (name === 'customerId') params[name] = customer.id;
    else if (name === 'leadId') params[name] = lead.id;
    else params[name] = byPrefix[route.id.split('.')[0]!] ?? '';
  }

  const bodies: Partial<Record<RouteId, unknown>> = {
    'conversations.send': { conversationId: convId, text: 'Hello from the test' },
    'messages.sendText': { text: 'Hello from the test' },
    'conversations.assignOwner': { userId: TEAM_MEMBERS[0].id },
    'conversations.assignAgent': { agentId: null },
    'quickReplies.create': { title: 'Test', body: 'A test reply', shortcut: 'test-reply' },
    'quickReplies.update': { title: 'Renamed' },
    'groups.approveJoinRequests': { channelId, phoneNumbers: ['351911111111'] },
    'groups.inviteLink': { channelId },
    'leads.create': { name: 'Test Lead' },
    'leads.update': { name: 'Renamed Lead' },
    'leads.reassign': { assigned_to_user_id: TEAM_MEMBERS[1].id },
    'leadStages.create': { key: 'test-stage', name: 'Test stage' },
    'leadStages.update': { name: 'Renamed stage' },
    'customers.create': { name: 'New customer' },
    'customers.update': { name: 'Renamed customer' },
    'customers.addTags': { tagIds: [tag] },
    'contacts.create': { customer_id: customer.id, first_name: 'Tess' },
    'contacts.update': { first_name: 'Tessa' },
    'activities.create': { customer_id: customer.id, activity_type: 'note', subject: 'Test note' },
  };
  const queries: Partial<Record<RouteId, Record<string, string>>> = {
    'templates.list': { channelId },
    'groups.get': { channelId },
  };
  const id = route.id as RouteId;
  return {
    path: buildPath(route, params),
    ...(queries[id] ? { query: queries[id] } : {}),
    ...(route.body ? { body: bodies[id] ?? {} } : {}),
  };
}

/** Calls the route with its valid sample; `opts` overrides one part (key, tenant, body, query...). */
export function callRoute(fake: Fake, route: RouteDef, opts: CallOptions = {}): Promise<CallResult> {
  const sample = sampleFor(fake, route);
  return call(route.host, route.method, sample.path, {
    ...(sample.query ? { query: sample.query } : {}),
    ...(sample.body !== undefined && opts.rawBody === undefined ? { body: sample.body } : {}),
    ...opts,
  });
}
