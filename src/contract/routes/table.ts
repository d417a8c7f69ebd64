import type { Scope } from '../scopes';
import { ACTIVITY_ROUTES } from './activities';
import { CHANNEL_ROUTES } from './channels';
import { CONTACT_ROUTES } from './contacts';
import { CONVERSATION_ROUTES } from './conversations';
import { CUSTOMER_ROUTES } from './customers';
import type { RouteDef } from './define';
import { GROUP_ROUTES } from './groups';
import { LEAD_ROUTES } from './leads';
import { QUICK_REPLY_ROUTES } from './quick-replies';

/** Every upstream operation the product uses: the one table the client, the BFF and the fake read. */
export const ROUTES = [
  ...CONVERSATION_ROUTES,
  ...CHANNEL_ROUTES,
  ...QUICK_REPLY_ROUTES,
  ...GROUP_ROUTES,
  ...LEAD_ROUTES,
  ...CUSTOMER_ROUTES,
  ...CONTACT_ROUTES,
  ...ACTIVITY_ROUTES,
] as const satisfies readonly RouteDef[];

export type TableRoute = (typeof ROUTES)[number];
export type RouteId = TableRoute['id'];
export type RouteOf<R extends RouteId> = Extract<TableRoute, { id: R }>;

export const ROUTES_BY_ID = Object.fromEntries(ROUTES.map((r) => [r.id, r])) as {
  readonly [R in RouteId]: RouteOf<R>;
};

export function requiredScope(route: RouteDef, body: unknown): Scope {
  return route.scopeFor ? route.scopeFor(body) : route.scope;
}
