import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { roleCan } from '@/contract';
import { ImportKind } from '@/contract/import-kinds';
import { errorScreen } from '@/components/app-screens';
import { signedIn } from '@/data/workspace';
import { ImportPage } from '@/features/imports/components/import-page';

// What to import and which job is open, in the URL; each falls back on its own.
const ImportSearch = z.object({
  kind: z.catch(z.optional(ImportKind), undefined),
  job: z.catch(z.optional(z.guid()), undefined),
});

export const Route = createFileRoute('/import')({
  validateSearch: ImportSearch,
  // Those who may create leads (managers and admins; the BFF refuses others); others land on the inbox.
  beforeLoad: async ({ context }) => {
    const me = await signedIn(context.queryClient);
    if (!roleCan(me.role, 'leads.create')) throw redirect({ to: '/inbox', replace: true });
  },
  errorComponent: errorScreen('The import screen could not be loaded'),
  component: ImportPage,
});
