import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { LayoutGrid, List, Plus } from 'lucide-react';
import { Suspense, lazy, useCallback, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/states';
import { defaultStage } from '@/lib/lead-stages';
import { leadStagesQuery } from '@/data/lead-stages';
import { useCan } from '@/lib/permissions';
import { roleCan } from '@/contract';
import { meQuery, teamQuery } from '@/data/session';
import { whoCan } from '@/lib/who-can';
import { boardFilters } from '@/data/leads';
import { boardCode } from '../board-code';
import { BoardSkeleton } from './board-skeleton';
import { LeadFiltersBar } from './lead-filters';
import { LeadListView } from './lead-list-view';
import { useLeadsSearch } from './use-leads-search';
import { useFirstInTransition } from '@/lib/use-first-in-transition';

// The drawer and the new-lead form (their dialogs and forms) load when first opened: the board's
// first paint on a phone should not wait for, nor evaluate, code for screens not yet asked for.
const LeadDrawer = lazy(() => import('./lead-drawer').then((m) => ({ default: m.LeadDrawer })));
const NewLeadDialog = lazy(() => import('./new-lead-dialog').then((m) => ({ default: m.NewLeadDialog })));

/** Where the drawer opens, while its code loads the first time. */
function DrawerLoading() {
  return (
    <div className="fixed inset-y-0 right-0 z-50 w-full max-w-lg border-l border-border bg-raised shadow-xl">
      <LoadingState label="Opening the lead…" />
    </div>
  );
}

const NO_MEMBERS: readonly { id: string; name: string }[] = [];

/** `/leads`: the board (or the list), its filters, the new-lead form and the lead drawer. */
export function LeadsPage() {
  const [search, setSearch] = useLeadsSearch();
  const { data: stages } = useSuspenseQuery(leadStagesQuery());
  const team = useQuery(teamQuery());
  const members = team.data?.members ?? NO_MEMBERS;
  const ownerNames = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const filters = useMemo(
    () => boardFilters({ priority: search.priority, search: search.q, owner: search.owner }),
    [search.priority, search.q, search.owner],
  );
  const onOpen = useCallback((id: string) => setSearch({ lead: id }), [setSearch]);
  const view = search.view ?? 'board';
  const can = useCan();
  const mayMove = can('leads.update');
  const mayCreate = can('leads.create');
  // Bulk runs on leads are the BFF's own route, for managers and admins (roles.ts).
  const { data: me } = useSuspenseQuery(meQuery());
  const mayBulk = roleCan(me.role, 'bulk.leads');
  // The header and the columns' skeletons paint without waiting for the board's code, nor for the
  // board's first render: the router renders a screen in one task, so the board (the drag and drop
  // context, every column) follows in a transition, rendered in slices after the header's paint.
  const LeadBoard = useFirstInTransition(boardCode.use(view === 'board')?.LeadBoard);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-border px-4 py-2.5 lg:flex-nowrap lg:py-3">
        <h1 className="text-lg font-semibold">Leads</h1>
        <div className="inline-flex rounded-md border border-border p-0.5" role="group" aria-label="View">
          <Button
            size="sm"
            variant={view === 'board' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'board'}
            onClick={() => setSearch({ view: undefined, page: undefined })}
          >
            <LayoutGrid size={14} aria-hidden /> <span className="sr-only sm:not-sr-only">Board</span>
          </Button>
          <Button
            size="sm"
            variant={view === 'list' ? 'secondary' : 'ghost'}
            aria-pressed={view === 'list'}
            onClick={() => setSearch({ view: 'list' })}
          >
            <List size={14} aria-hidden /> <span className="sr-only sm:not-sr-only">List</span>
          </Button>
        </div>
        <LeadFiltersBar search={search} onChange={setSearch} members={members} />
        {view === 'board' && !mayMove ? (
          <p className="order-1 text-[13px] text-muted lg:order-none">
            View only: only {whoCan('leads.update')} can move leads
          </p>
        ) : null}
        {mayCreate ? (
          // Beside the title on a phone (the filters wrap below it), last on a laptop's one row.
          <Button
            variant="primary"
            className="ml-auto shrink-0 lg:order-last"
            onClick={() => setSearch({ create: true })}
          >
            <Plus size={16} aria-hidden /> New lead
          </Button>
        ) : null}
      </header>
      {stages.length === 0 ? (
        <EmptyState title="No lead stages yet">An admin can add stages in Settings → Lead stages.</EmptyState>
      ) : view === 'list' ? (
        <LeadListView
          filters={filters}
          page={search.page ?? 1}
          onPage={(page) => setSearch({ page })}
          stages={stages}
          ownerNames={ownerNames}
          onOpen={onOpen}
          bulk={mayBulk}
          members={members}
        />
      ) : LeadBoard ? (
        <LeadBoard
          movable={mayMove}
          stages={stages}
          filters={filters}
          ownerNames={ownerNames}
          onOpen={onOpen}
          bulk={mayBulk}
          members={members}
        />
      ) : (
        <BoardSkeleton stages={stages} />
      )}
      <Suspense fallback={null}>
        {mayCreate && search.create === true ? (
          <NewLeadDialog
            open
            onOpenChange={(open) => setSearch({ create: open ? true : undefined })}
            members={members}
            defaultStageName={defaultStage(stages)?.name}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={<DrawerLoading />}>
        {search.lead ? (
          <LeadDrawer
            leadId={search.lead}
            stages={stages}
            members={members}
            onClose={() => setSearch({ lead: undefined })}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
