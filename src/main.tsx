import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './lib/query-client';
import { setUnauthenticatedHandler } from './lib/api-client';
import { createAppRouter, preloadScreenCode } from './router';
import { nextTask } from './lib/next-task';
import { sessionKeys } from './data/session';
import './styles.css';

const queryClient = createQueryClient();
// The modules' evaluation is one task, the router's construction (the route table, the first
// location) another, and the first render, a transition, is rendered in slices: shorter tasks, with
// room between them for the browser to paint and answer input on a slow phone.
await nextTask();
const router = createAppRouter(queryClient);
// A task of its own too: asking for a screen's files adds a link element for each.
void nextTask().then(() => preloadScreenCode(router));

// A session that ends mid-work (idle expiry, sign-out elsewhere) sends the person to sign-in and
// brings them back to where they were; drafts live in localStorage, so nothing typed is lost.
setUnauthenticatedHandler(() => {
  const here = router.state.location;
  if (here.pathname === '/sign-in') return;
  queryClient.removeQueries({ queryKey: sessionKeys.me() });
  void router.navigate({ to: '/sign-in', search: { redirect: here.href }, replace: true });
});

const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
