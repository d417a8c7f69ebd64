import type { Role } from './bff';
import { ROUTES, SCREEN_ROUTES, type RouteId, type ScreenRouteId } from './routes';

/** An upstream route or one of the BFF's own screen reads. */
export type AnyRouteId = RouteId | ScreenRouteId;

/**
 * What each role may call, by route id. The BFF enforces it before forwarding; the UI reads the
 * same table to hide what a role cannot do. Roles are cumulative: a manager can do what an agent
 * can, an admin everything.
 */
// Every role reads everything, the BFF's screen reads included.
const READS: AnyRouteId[] = [
  ...ROUTES.filter((r) => !r.mutates).map((r) => r.id),
  ...SCREEN_ROUTES.map((r) => r.id),
];

const AGENT_WRITES = [
  'conversations.send',
  'messages.sendText',
  'conversations.assignOwner',
  'conversations.assignAgent',
  'conversations.close',
  'conversations.reopen',
  'quickReplies.create',
  'quickReplies.update',
  'quickReplies.delete',
  'groups.approveJoinRequests',
  'groups.inviteLink',
  'activities.create',
] as const satisfies readonly RouteId[];

const MANAGER_WRITES = [
  'leads.create',
  'leads.update',
  'leads.reassign',
  'leads.delete',
  'customers.create',
  'customers.update',
  'customers.addTags',
  'contacts.create',
  'contacts.update',
] as const satisfies readonly RouteId[];

const ADMIN_WRITES = [
  'leadStages.create',
  'leadStages.update',
  'leadStages.delete',
] as const satisfies readonly RouteId[];

export const ROLE_MATRIX: Readonly<Record<Role, ReadonlySet<AnyRouteId>>> = {
  agent: new Set<AnyRouteId>([...READS, ...AGENT_WRITES]),
  manager: new Set<AnyRouteId>([...READS, ...AGENT_WRITES, ...MANAGER_WRITES]),
  admin: new Set<AnyRouteId>([...READS, ...AGENT_WRITES, ...MANAGER_WRITES, ...ADMIN_WRITES]),
};

export function roleCan(role: Role, routeId: AnyRouteId): boolean {
  return ROLE_MATRIX[role].has(routeId);
}
