import { useSuspenseQuery } from '@tanstack/react-query';
import { roleCan, type RouteId } from '@/contract';
import { meQuery } from '@/data/session';

/**
 * Whether the signed-in person's role may call a route (the BFF enforces the same table; the UI
 * only hides what would be refused). The root route reads `/bff/me` before any screen, so this
 * never waits in the app; a screen rendered on its own waits for it rather than flash a wrong offer.
 */
export function useCan(): (routeId: RouteId) => boolean {
  const { data: me } = useSuspenseQuery(meQuery());
  return (routeId) => roleCan(me.role, routeId);
}
