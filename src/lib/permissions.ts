import { useQuery } from '@tanstack/react-query';
import { roleCan, type RouteId } from '@/contract';
import { meQuery } from '@/data/session';

/**
 * Whether the signed-in person's role may call a route (the BFF enforces the same table; the UI
 * only hides what would be refused). While `/bff/me` loads, nothing is allowed.
 */
export function useCan(): (routeId: RouteId) => boolean {
  const me = useQuery(meQuery());
  const role = me.data?.role;
  return (routeId) => (role ? roleCan(role, routeId) : false);
}
