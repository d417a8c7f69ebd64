import type { Role } from './bff';
import { BFF_ROUTES, ROUTES, type BffRouteId, type RouteId } from './routes';

/** An upstream route or one of the BFF's own (screens, notes, reports, …). */
export type AnyRouteId = RouteId | BffRouteId;

/**
 * What each role may call, by route id. The BFF enforces it before forwarding; the UI reads the
 * same table to hide what a role cannot do. Roles are cumulative: a manager can do what an agent
 * can, an admin everything.
 */
/** The BFF's own routes only managers and admins may call. */
const MANAGER_OWN = [
  'reports.inbox',
  'reports.pipeline',
  'reports.sla',
  // CSV imports create records: who may create which kind is checked again per job (import-routes.ts).
  'imports.list',
  'imports.create',
  'imports.get',
  'imports.start',
  'imports.pause',
  'imports.cancel',
  'imports.refused',
  'imports.report',
  // Bulk actions on leads (move, reassign, delete many): as the lead writes they stand for.
  'bulk.leads',
  // The team's label list (anyone puts labels on threads); team views are checked per view.
  'labels.create',
  'labels.update',
  'labels.delete',
] as const satisfies readonly BffRouteId[];
/** The BFF's own routes only admins may call. */
const ADMIN_OWN = [
  'workspace.reload',
  'audit.list',
  'jobs.list',
  'jobs.cancel',
  'jobs.retry',
  // Business hours and SLA policies: everyone reads them, admins set them.
  'sla.set',
  // Assignment rules: everyone reads them (assignment.list); admins set them.
  'assignment.set',
] as const satisfies readonly BffRouteId[];
const RESTRICTED = new Set<BffRouteId>([...MANAGER_OWN, ...ADMIN_OWN]);

// Every role reads everything, and uses the BFF's own routes (screens, notes, unread, …) but the
// restricted ones.
const READS: AnyRouteId[] = [
  ...ROUTES.filter((r) => !r.mutates).map((r) => r.id),
  ...BFF_ROUTES.map((r) => r.id).filter((id) => !RESTRICTED.has(id)),
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
  manager: new Set<AnyRouteId>([...READS, ...AGENT_WRITES, ...MANAGER_WRITES, ...MANAGER_OWN]),
  admin: new Set<AnyRouteId>([
    ...READS,
    ...AGENT_WRITES,
    ...MANAGER_WRITES,
    ...ADMIN_WRITES,
    ...MANAGER_OWN,
    ...ADMIN_OWN,
  ]),
};

export function roleCan(role: Role, routeId: AnyRouteId): boolean {
  return ROLE_MATRIX[role].has(routeId);
}

/** Who may read the audit log (the BFF refuses others with 403 and the UI hides the page). */
export const canReadAudit = (role: Role): boolean => roleCan(role, 'audit.list');

/** Who may see, cancel and re-run the background jobs (admins; the BFF refuses others). */
export const canManageJobs = (role: Role): boolean => roleCan(role, 'jobs.list');

/** Who may keep the team's labels and team views (the BFF refuses others with 403; the UI hides it). */
export const canManageLabels = (role: Role): boolean => roleCan(role, 'labels.create');

/** Who may read reports (the BFF refuses others with 403 and the UI hides the page). */
export const canReadReports = (role: Role): boolean => roleCan(role, 'reports.inbox');
