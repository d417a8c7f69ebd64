import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { roleCan } from '@/contract';
import { ImportKind } from '@/contract/import-kinds';
import { MissingRecord, errorScreen } from '@/components/app-screens';
import { LoadingState } from '@/components/ui/states';
import { signedIn } from '@/data/workspace';
import { ImportPage } from '@/features/imports/components/import-page';
import { orNotFound } from '@/lib/route-reads';

// What to import and which job is open, in the URL; each falls back on its own.
const ImportSearch = z.lazy(() =>
  z.object({
    kind: z.catch(z.optional(ImportKind), undefined),
    job: z.catch(z.optional(z.guid()), undefined),
  }),
);

export const Route = createFileRoute('/import')({
  validateSearch: ImportSearch,
  // Those who may create leads (managers and admins; the BFF refuses others); others land on the inbox.
  beforeLoad: async ({ context }) => {
    const me = await signedIn(context.queryClient);
    if (!roleCan(me.role, 'leads.create')) throw redirect({ to: '/inbox', replace: true });
  },
  // An open job is read before the screen shows, so the panel never renders half-loaded.
  loaderDeps: ({ search }) => ({ job: search.job }),
  loader: async ({ context: { queryClient }, deps: { job } }) => {
    if (!job) return;
    // Loaded with the screen: the import's schemas stay off the first screen of every other page.
    const { importJobQuery } = await import('@/data/imports');
    await orNotFound(queryClient.ensureQueryData(importJobQuery(job)));
  },
  pendingComponent: () => <LoadingState label="Loading the import…" />,
  errorComponent: errorScreen('The import screen could not be loaded'),
  notFoundComponent: () => (
    <MissingRecord title="This import is not in this workspace">
      <Link to="/import" search={{}} className="text-sm text-accent hover:underline">
        All imports
      </Link>
    </MissingRecord>
  ),
  component: ImportPage,
});
