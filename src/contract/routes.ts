import * as z from 'zod/mini';
import { Id } from './common';
import type { Scope } from './scopes';
import { ActivityCreate, ActivityList, Activity } from './activities';
import { ChannelList } from './channels';
import { Contact, ContactCreate, ContactList, ContactUpdate } from './contacts';
import {
  AssignAgentBody,
  AssignOwnerBody,
  Conversation,
  ConversationList,
  ConversationListQuery,
  Message,
  MessageListQuery,
  MessagePage,
  SendMessageBody,
  SendTextBody,
} from './conversations';
import {
  AddTagsBody,
  Confirmation,
  Customer,
  CustomerList,
  CustomerListQuery,
  CustomerStats,
  CustomerUpdate,
} from './customers';
import {
  ApproveJoinRequestsBody,
  ApproveJoinRequestsResponse,
  GroupId,
  GroupQuery,
  GroupResponse,
  InviteLinkBody,
  InviteLinkResponse,
} from './groups';
import {
  Lead,
  LeadCreate,
  LeadList,
  LeadListQuery,
  LeadReassignBody,
  LeadStage,
  LeadStageCreate,
  LeadStageList,
  LeadStageUpdate,
  LeadUpdate,
} from './leads';
import { QuickReply, QuickReplyCreate, QuickReplyList, QuickReplyUpdate } from './quick-replies';
import { TagList } from './tags';
import { TemplateList, TemplateListQuery } from './templates';

export type Host = 'social' | 'crm';
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

type Schema = z.ZodMiniType;

export interface RouteDef {
  /** Stable name used by the client, the fake and the role matrix. */
  readonly id: string;
  readonly host: Host;
  readonly method: Method;
  /** Path template below the host's base URL, e.g. `/v1/leads/{id}`. */
  readonly path: string;
  /** The scope the key must hold (spec Part 5 and decisions.md). */
  readonly scope: Scope;
  /** When the scope depends on the body (logging an activity on a customer or a lead). */
  readonly scopeFor?: (body: unknown) => Scope;
  /** Schemas of the decoded path parameters, by name. */
  readonly params: Readonly<Record<string, Schema>>;
  readonly query?: Schema;
  readonly body?: Schema;
  readonly response: Schema;
  /** decisions.md: 200 reads and updates, 201 creates, 202 sends, 204 deletes. */
  readonly status: 200 | 201 | 202 | 204;
  /** True when the route changes state (anything but GET). */
  readonly mutates: boolean;
  /** Part of the spec's text, or an implied operation whose path decisions.md pins. */
  readonly source: 'spec' | 'implied';
}

const NoContent = z.unknown();
const id = { id: Id };

interface RouteInput {
  id: string;
  host: Host;
  method: Method;
  path: string;
  scope: Scope;
  scopeFor?: (body: unknown) => Scope;
  params?: Readonly<Record<string, Schema>>;
  query?: Schema;
  body?: Schema;
  response: Schema;
  status: 200 | 201 | 202 | 204;
  source?: RouteDef['source'];
}

/** Keeps each route's literal id and schema types, so the client's calls are typed per route. */
const route = <const D extends RouteInput>(def: D) =>
  ({ params: {}, source: 'spec', ...def, mutates: def.method !== 'GET' }) as D & RouteDef;

export const ROUTES = [
  // Conversations (messaging host)
  route({
    id: 'conversations.list',
    host: 'social',
    method: 'GET',
    path: '/v1/conversations',
    scope: 'conversations:read',
    query: ConversationListQuery,
    response: ConversationList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'conversations.send',
    host: 'social',
    method: 'POST',
    path: '/v1/conversations/send',
    scope: 'conversations:send',
    body: SendMessageBody,
    response: Message,
    status: 202,
  }),
  route({
    id: 'conversations.get',
    host: 'social',
    method: 'GET',
    path: '/v1/conversations/{id}',
    params: id,
    scope: 'conversations:read',
    response: Conversation,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'messages.list',
    host: 'social',
    method: 'GET',
    path: '/v1/conversations/{id}/messages',
    params: id,
    scope: 'conversations:read',
    query: MessageListQuery,
    response: MessagePage,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'messages.sendText',
    host: 'social',
    method: 'POST',
    path: '/v1/conversations/{id}/messages',
    params: id,
    scope: 'conversations:send',
    body: SendTextBody,
    response: Message,
    status: 202,
  }),
  route({
    id: 'conversations.assignOwner',
    host: 'social',
    method: 'PATCH',
    path: '/v1/conversations/{id}/assign-owner',
    params: id,
    scope: 'conversations:write',
    body: AssignOwnerBody,
    response: Conversation,
    status: 200,
  }),
  route({
    id: 'conversations.assignAgent',
    host: 'social',
    method: 'PATCH',
    path: '/v1/conversations/{id}/assign',
    params: id,
    scope: 'conversations:write',
    body: AssignAgentBody,
    response: Conversation,
    status: 200,
  }),
  route({
    id: 'conversations.close',
    host: 'social',
    method: 'PATCH',
    path: '/v1/conversations/{id}/close',
    params: id,
    scope: 'conversations:write',
    response: Conversation,
    status: 200,
  }),
  route({
    id: 'conversations.reopen',
    host: 'social',
    method: 'PATCH',
    path: '/v1/conversations/{id}/reopen',
    params: id,
    scope: 'conversations:write',
    response: Conversation,
    status: 200,
    source: 'implied',
  }),
  // Channels and templates
  route({
    id: 'channels.list',
    host: 'social',
    method: 'GET',
    path: '/v1/connect/channels',
    scope: 'channels:read',
    response: ChannelList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'templates.list',
    host: 'social',
    method: 'GET',
    path: '/v1/templates',
    scope: 'templates:read',
    query: TemplateListQuery,
    response: TemplateList,
    status: 200,
  }),
  // Quick replies
  route({
    id: 'quickReplies.list',
    host: 'social',
    method: 'GET',
    path: '/v1/quick-replies',
    scope: 'quick-replies:read',
    response: QuickReplyList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'quickReplies.create',
    host: 'social',
    method: 'POST',
    path: '/v1/quick-replies',
    scope: 'quick-replies:write',
    body: QuickReplyCreate,
    response: QuickReply,
    status: 201,
  }),
  route({
    id: 'quickReplies.update',
    host: 'social',
    method: 'PATCH',
    path: '/v1/quick-replies/{id}',
    params: id,
    scope: 'quick-replies:write',
    body: QuickReplyUpdate,
    response: QuickReply,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'quickReplies.delete',
    host: 'social',
    method: 'DELETE',
    path: '/v1/quick-replies/{id}',
    params: id,
    scope: 'quick-replies:write',
    response: NoContent,
    status: 204,
    source: 'implied',
  }),
  // Group chats
  route({
    id: 'groups.get',
    host: 'social',
    method: 'GET',
    path: '/v1/chat/wa-groups/{groupId}',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    query: GroupQuery,
    response: GroupResponse,
    status: 200,
  }),
  route({
    id: 'groups.approveJoinRequests',
    host: 'social',
    method: 'POST',
    path: '/v1/chat/wa-groups/{groupId}/join-requests',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    body: ApproveJoinRequestsBody,
    response: ApproveJoinRequestsResponse,
    status: 200,
  }),
  route({
    id: 'groups.inviteLink',
    host: 'social',
    method: 'POST',
    path: '/v1/chat/wa-groups/{groupId}/invite-link',
    params: { groupId: GroupId },
    scope: 'wa-groups:manage',
    body: InviteLinkBody,
    response: InviteLinkResponse,
    status: 201,
  }),
  // Leads
  route({
    id: 'leads.list',
    host: 'crm',
    method: 'GET',
    path: '/v1/leads',
    scope: 'leads:read',
    query: LeadListQuery,
    response: LeadList,
    status: 200,
  }),
  route({
    id: 'leads.create',
    host: 'crm',
    method: 'POST',
    path: '/v1/leads',
    scope: 'leads:create',
    body: LeadCreate,
    response: Lead,
    status: 201,
    source: 'implied',
  }),
  route({
    id: 'leads.get',
    host: 'crm',
    method: 'GET',
    path: '/v1/leads/{id}',
    params: id,
    scope: 'leads:read',
    response: Lead,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'leads.update',
    host: 'crm',
    method: 'PATCH',
    path: '/v1/leads/{id}',
    params: id,
    scope: 'leads:update',
    body: LeadUpdate,
    response: Lead,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'leads.delete',
    host: 'crm',
    method: 'DELETE',
    path: '/v1/leads/{id}',
    params: id,
    scope: 'leads:delete',
    response: NoContent,
    status: 204,
    source: 'implied',
  }),
  route({
    id: 'leads.reassign',
    host: 'crm',
    method: 'PATCH',
    path: '/v1/leads/{id}/reassign',
    params: id,
    scope: 'leads:update',
    body: LeadReassignBody,
    response: Lead,
    status: 200,
  }),
  // Lead stages
  route({
    id: 'leadStages.list',
    host: 'crm',
    method: 'GET',
    path: '/v1/lead-stages',
    scope: 'leads:read',
    response: LeadStageList,
    status: 200,
    source: 'implied',
  }),
  route({
    id: 'leadStages.create',
    host: 'crm',
    method: 'POST',
    path: '/v1/lead-stages',
    scope: 'leads:create',
    body: LeadStageCreate,
    response: LeadStage,
    status: 201,
    source: 'implied',
  }),
  route({
    id: 'leadStages.update',
    host: 'crm',
    method: 'PATCH',
    path: '/v1/lead-stages/{id}',
    params: id,
    scope: 'leads:update',
    body: LeadStageUpdate,
    response: LeadStage,
    status: 200,
  }),
  route({
    id: 'leadStages.delete',
    host: 'crm',
    method: 'DELETE',
    path: '/v1/lead-stages/{id}',
    params: id,
    scope: 'leads:delete',
    response: NoContent,
    status: 204,
    source: 'implied',
  }),
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
    params: id,
    scope: 'customers:read',
    response: Customer,
    status: 200,
  }),
  route({
    id: 'customers.update',
    host: 'crm',
    method: 'PATCH',
    path: '/v1/customers/{id}',
    params: id,
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
    params: id,
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
  // Contacts (no /v1 prefix)
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
    params: id,
    scope: 'customers:read',
    response: Contact,
    status: 200,
  }),
  route({
    id: 'contacts.update',
    host: 'crm',
    method: 'PATCH',
    path: '/contacts/{id}',
    params: id,
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
  // Activities (no /v1 prefix)
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
] as const satisfies readonly RouteDef[];

export type RouteId = (typeof ROUTES)[number]['id'];

export type RouteOf<R extends RouteId> = Extract<(typeof ROUTES)[number], { id: R }>;
type SchemaOf<R extends RouteId, K extends 'body' | 'query' | 'response'> =
  RouteOf<R> extends Record<K, infer S extends Schema> ? S : never;
/** What the route answers, after parsing. */
export type ResponseOf<R extends RouteId> = z.output<SchemaOf<R, 'response'>>;
/** The body the route takes (never when it takes none). */
export type BodyOf<R extends RouteId> = z.input<SchemaOf<R, 'body'>>;
/** The query the route takes, as values (numbers as numbers). */
export type QueryOf<R extends RouteId> = z.output<SchemaOf<R, 'query'>>;

export const ROUTES_BY_ID = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as {
  readonly [R in RouteId]: RouteOf<R>;
};

export function requiredScope(route: RouteDef, body: unknown): Scope {
  return route.scopeFor ? route.scopeFor(body) : route.scope;
}

interface CompiledRoute {
  route: RouteDef;
  segments: readonly ({ literal: string } | { param: string })[];
  literalCount: number;
}

const compile = (route: RouteDef): CompiledRoute => {
  const segments = route.path
    .split('/')
    .slice(1)
    .map((seg) => {
      const m = /^\{(\w+)\}$/.exec(seg);
      return m?.[1] ? { param: m[1] } : { literal: seg };
    });
  return { route, segments, literalCount: segments.filter((s) => 'literal' in s).length };
};

// Fixed paths win over templates (`/v1/customers/stats` before `/v1/customers/{id}`): more literal
// segments first.
const COMPILED = ROUTES.map(compile).sort((a, b) => b.literalCount - a.literalCount);

export interface RouteMatch {
  route: RouteDef;
  /** Decoded path parameters, each valid under the route's param schema. */
  params: Record<string, string>;
}

/**
 * Matches a raw (still percent-encoded) path against the table. Each segment is decoded once;
 * a decoded parameter must pass its schema, so `..`, slashes or anything odd in an id never match.
 * Returns null for anything off the table.
 */
export function matchRoute(host: Host, method: string, rawPath: string): RouteMatch | null {
  if (!rawPath.startsWith('/')) return null;
  const parts = rawPath.split('/').slice(1);
  for (const compiled of COMPILED) {
    const { route, segments } = compiled;
    if (route.host !== host || route.method !== method || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segments.length && ok; i++) {
      const seg = segments[i]!;
      const part = parts[i]!;
      if ('literal' in seg) {
        ok = seg.literal === part;
        continue;
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(part);
      } catch {
        ok = false;
        continue;
      }
      const schema = route.params[seg.param];
      ok = schema !== undefined && schema.safeParse(decoded).success;
      if (ok) params[seg.param] = decoded;
    }
    if (ok) return { route, params };
  }
  return null;
}

/** Fills a path template with encoded parameters: the one way every caller builds a path. */
export function buildPath(route: RouteDef, params: Record<string, string> = {}): string {
  return route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${route.id}`);
    return encodeURIComponent(value);
  });
}
