import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { ErrorScreen, NotFoundScreen } from '@/components/app-screens';
import { createQueryClient } from '@/lib/query-client';
import { routeTree } from '@/routeTree.gen';

/**
 * Renders the real app routes at `path` (memory history), so search params, loaders and child
 * routes work as in the browser. Data comes from the real BFF on the fake upstream (src/test/bff.ts).
 */
export async function renderRoutes(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
    defaultPendingMinMs: 0,
    // As the app's router (src/router.tsx) does.
    defaultErrorComponent: ErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
  });
  await router.load();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/**
 * jsdom lays nothing out: give scroll containers a height and items a size, so the virtualised
 * message list renders (jsdom cannot scroll, so the window is made tall instead).
 */
export function stubLayout() {
  const define = (name: 'clientHeight' | 'clientWidth' | 'offsetHeight' | 'offsetWidth', value: number) =>
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
  // Tall enough that the virtualiser renders every message of a seeded thread.
  define('clientHeight', 100_000);
  define('clientWidth', 800);
  define('offsetHeight', 60);
  define('offsetWidth', 800);
  // jsdom has no ResizeObserver. Like a real one, this reports each element once after it is
  // observed (the message list waits for that report to know its width); sizes never change after.
  if (typeof globalThis.ResizeObserver !== 'function') {
    globalThis.ResizeObserver = class {
      private readonly pending = new Set<ReturnType<typeof setTimeout>>();
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          const entry = { target, contentRect: target.getBoundingClientRect() } as ResizeObserverEntry;
          this.callback([entry], this);
        }, 0);
        this.pending.add(timer);
      }
      unobserve() {}
      disconnect() {
        for (const timer of this.pending) clearTimeout(timer);
        this.pending.clear();
      }
    };
  }
  if (typeof Element.prototype.scrollIntoView !== 'function')
    Element.prototype.scrollIntoView = () => undefined;
}
