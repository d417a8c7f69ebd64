import { Outlet, createRootRouteWithContext, redirect, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppNav } from '@/components/app-nav';
import { SearchLauncher } from '@/features/search/components/search-launcher';
import { NotFoundScreen, PendingScreen } from '@/components/app-screens';
import { MountInSlices } from '@/components/mount-in-slices';
import { AppFrame } from '@/components/app-frame';
import { LazyToaster } from '@/components/lazy-toaster';
import { LiveStatusBanner } from '@/components/live-status-banner';
import { isApiError } from '@/lib/api-error';
import { signedIn } from '@/data/workspace';
import { nextTask } from '@/lib/next-task';
import { bindStorageToUser } from '@/lib/user-storage';
import { announceRateLimits } from '@/lib/rate-limit-toast';
import { useLiveStream } from '@/lib/live/use-live-stream';
import { useUnreadTitle } from '@/lib/unread-title';

export interface RouterContext {
  queryClient: QueryClient;
}

const PUBLIC_PATHS = new Set(['/sign-in']);

/**
 * The app's first load runs, in one task, the route matching, the session's read, each screen's
 * search parsing and loader, and the render of what is ready: 110 ms on a mid-range phone. The
 * session's read ends it here, and the screen's loaders start in the next task.
 */
let firstLoad = true;

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every screen but sign-in needs a session: without one, go to sign-in and come back here after.
  beforeLoad: async ({ context, location }) => {
    if (PUBLIC_PATHS.has(location.pathname)) return;
    try {
      // The first call reads the whole workspace shell (me, the team, the small lists) at once.
      const me = await signedIn(context.queryClient);
      // Before any screen reads a draft: what this browser keeps belongs to whoever is signed in.
      bindStorageToUser(me.id);
      if (firstLoad) {
        firstLoad = false;
        await nextTask();
      }
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      }
      throw error;
    }
  },
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => announceRateLimits(), []);
  if (PUBLIC_PATHS.has(pathname)) {
    return (
      <main id="main" className="h-full">
        <Outlet />
      </main>
    );
  }
  // The router renders what its load settled in one task, as an external store's update; the
  // layout (the rail, the stream, the banner) is built in a transition instead, in slices, behind
  // the frame index.html painted. The screen inside mounts in slices after it.
  return (
    <MountInSlices fallback={<AppFrame />}>
      <SignedInLayout />
    </MountInSlices>
  );
}

/** Everything behind the session: the navigation, the live stream and what it says, the screen. */
function SignedInLayout() {
  useLiveStream();
  useUnreadTitle();
  return (
    <div className="flex h-full min-h-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-raised focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <AppNav search={<SearchLauncher />} />
      <main id="main" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <LiveStatusBanner />
        {/* The navigation paints at once; the screen, the page's bulk, is built between frames. */}
        <MountInSlices fallback={<PendingScreen />}>
          <Outlet />
        </MountInSlices>
      </main>
      <LazyToaster />
    </div>
  );
}
