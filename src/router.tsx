import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { ErrorScreen, NotFoundScreen, PendingScreen } from './components/app-screens';

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // The loaders read through TanStack Query, which owns freshness; the router never caches on its own.
    defaultPreloadStaleTime: 0,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    // Off: lists keep their place with `useScrollMemory`. The router's restoration runs as a route
    // renders, before a list's rows arrive, so it restored a list part of the way or not at all;
    // and it reads every scrolled box's offset when the page is left (`pagehide`), which makes
    // Chromium lay out the page it is tearing down: 20 to 35 ms added to the next page's first task.
    scrollRestoration: false,
  });
}

/**
 * Starts downloading the code of the screen at the router's location now. The router fetches a
 * screen's code once its parents' `beforeLoad` have run, and the root's reads the session first:
 * one round trip, then the other. Started here, the code comes in beside the session's read. A
 * failure is left for the router's own load, which asks again and shows the error screen.
 */
export function preloadScreenCode(router: ReturnType<typeof createAppRouter>): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
