import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLiveStream } from '@/lib/live/use-live-stream';
import { createQueryClient } from '@/lib/query-client';

/**
 * The live stream as the app shell opens it (SignedInLayout, src/routes/__root.tsx), which a
 * component rendered alone does not have around it.
 */
function LiveStream(): null {
  useLiveStream();
  return null;
}

/**
 * Renders a component inside the app's providers (a fresh QueryClient with the app's defaults and a
 * memory router), so components that use Link, search params or queries work as in the app.
 * Data comes from the real BFF on the fake upstream (src/test/bff.ts), never from hand-mocked fetch;
 * in a file with the live stream, the BFF's events too (the app shell's stream, opened beside it).
 */
export async function renderWithApp(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false, staleTime: Infinity },
  });
  const rootRoute = createRootRouteWithContext<{ queryClient: typeof queryClient }>()({
    component: () => <Outlet />,
  });
  const catchAll = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <>{ui}</> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <>{ui}</> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([index, catchAll]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  await router.load();
  // Only in a file that has the stream (withBff({ stream: true }) installs EventSource): elsewhere
  // the hook would only read the preferences for desktop alerts, a call those tests do not expect.
  const streamed = typeof EventSource !== 'undefined';
  const result = render(
    <QueryClientProvider client={queryClient}>
      {streamed ? <LiveStream /> : null}
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}
