import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { Bookmark, Pencil } from 'lucide-react';
import { useState } from 'react';
import { canManageLabels, type SavedView } from '@/contract';
import { isApiError } from '@/lib/api-error';
import { Button } from '@/components/ui/button';
import { UserText } from '@/components/ui/user-text';
import { viewsQuery } from '@/data/saved-views';
import { meQuery } from '@/data/session';
import { filtersOfSearch } from '../inbox-search';
import { sameFilters } from '../saved-view-match';
import { EditViewDialog, SaveViewDialog } from './saved-view-dialogs';

// The inbox's saved views, above its filters: mine, then the team's, each with how many threads
// it holds now; the one the filters match is marked current. "Save view" (a button in the inbox's
// title bar, so a phone spends no row on it) keeps the filters shown.

/** Whether the BFF keeps views: without its database it answers 503, and the inbox shows none. */
const keepsNoViews = (views: { isError: boolean; error: unknown }) =>
  views.isError && isApiError(views.error) && views.error.status === 503;

export function SaveViewButton() {
  const search = useSearch({ from: '/inbox' });
  const { data: me } = useSuspenseQuery(meQuery());
  const views = useQuery(viewsQuery());
  const [saving, setSaving] = useState(false);
  if (keepsNoViews(views)) return null;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label="Save view"
        title="Save these filters as a view"
        onClick={() => setSaving(true)}
      >
        <Bookmark size={16} aria-hidden />
      </Button>
      <SaveViewDialog
        open={saving}
        onOpenChange={setSaving}
        filters={filtersOfSearch(search)}
        mayShare={canManageLabels(me.role)}
      />
    </>
  );
}

export function SavedViews() {
  const search = useSearch({ from: '/inbox' });
  const { data: me } = useSuspenseQuery(meQuery());
  const views = useQuery(viewsQuery());
  const current = filtersOfSearch(search);
  const mine = views.data?.filter((v) => v.scope === 'mine') ?? [];
  const team = views.data?.filter((v) => v.scope === 'team') ?? [];
  const keepsTeam = canManageLabels(me.role);
  if (keepsNoViews(views)) return null;
  // Nothing saved yet: no row at all (Save view is in the title bar).
  if (!views.isError && mine.length === 0 && team.length === 0) return null;

  return (
    <nav aria-label="Saved views" className="flex flex-col gap-1 border-b border-border px-3 pb-2">
      {views.isError ? (
        <p role="alert" className="text-xs text-danger">
          The saved views could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void views.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      <ViewGroup title="My views" views={mine} current={current} mayEdit={() => true} />
      <ViewGroup title="Team views" views={team} current={current} mayEdit={() => keepsTeam} />
    </nav>
  );
}

function ViewGroup({
  title,
  views,
  current,
  mayEdit,
}: {
  title: string;
  views: readonly SavedView[];
  current: SavedView['filters'];
  mayEdit: (view: SavedView) => boolean;
}) {
  const [editing, setEditing] = useState<SavedView | null>(null);
  if (views.length === 0) return null;
  return (
    <section aria-label={title}>
      <h2 className="px-1 pt-1 text-[11px] font-semibold uppercase tracking-wide text-subtle">{title}</h2>
      <ul className="flex flex-col">
        {views.map((view) => {
          const active = sameFilters(view.filters, current);
          return (
            <li key={view.id} className="group flex items-center gap-1">
              <Link
                to="/inbox"
                search={view.filters}
                aria-current={active ? 'page' : undefined}
                className={`flex h-8 min-w-0 flex-1 items-center gap-2 rounded-md px-2 text-[13px] ${
                  active ? 'bg-accent-soft font-medium text-accent' : 'hover:bg-surface'
                }`}
              >
                <span className="min-w-0 flex-1 truncate">
                  <UserText>{view.name}</UserText>
                </span>
                {view.labelGone ? <span className="shrink-0 text-xs text-muted">(deleted label)</span> : null}
                <span className="tabular shrink-0 text-xs text-muted" data-view-count>
                  {view.count}
                  <span className="sr-only"> {view.count === 1 ? 'thread' : 'threads'}</span>
                </span>
              </Link>
              {mayEdit(view) ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Edit view ${view.name}`}
                  onClick={() => setEditing(view)}
                >
                  <Pencil size={12} aria-hidden />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {editing ? <EditViewDialog view={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
