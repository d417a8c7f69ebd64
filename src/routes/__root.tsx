import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppNav } from '@/components/app-nav';
import { NotFoundScreen } from '@/components/app-screens';
import { LazyToaster } from '@/components/lazy-toaster';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  return (
    <div className="flex h-full min-h-0">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-raised focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <AppNav />
      <main id="main" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <Outlet />
      </main>
      <LazyToaster />
    </div>
  );
}
