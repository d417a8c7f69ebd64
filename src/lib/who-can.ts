import { ROLES, roleCan, type Role, type RouteId } from '@/contract';

const PLURALS: Record<Role, string> = { agent: 'agents', manager: 'managers', admin: 'admins' };

/**
 * The roles that may call a route, in words ("managers and admins"), read from the same table the
 * BFF enforces, so an explanation never drifts from what is actually refused.
 */
export function whoCan(routeId: RouteId): string {
  const names = ROLES.filter((role) => roleCan(role, routeId)).map((role) => PLURALS[role]);
  if (names.length === 0) return 'no one';
  if (names.length === 1) return names[0]!;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}
