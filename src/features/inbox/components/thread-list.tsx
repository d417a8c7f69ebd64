import { useQuery, useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { HelpCircle, Plus } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { channelsQuery } from '@/data/channels';
import { labelsQuery } from '@/data/labels';
import { conversationListQuery, flattenRows } from '@/data/conversations';
import { meQuery } from '@/data/session';
import { unreadQuery } from '@/data/unread';
import { useCan } from '@/lib/permissions';
import { useScrollMemory } from '@/lib/use-scroll-memory';
import { useStagedCount } from '@/lib/use-staged-count';
import { filtersFromSearch } from '../inbox-search';
import { useKeptActiveRow } from '../use-kept-active-row';
import { useNow } from '@/lib/use-now';
import { THREAD_LIST_ID, ThreadFilters } from './thread-filters';
import { ThreadRow } from './thread-row';
import { SavedViews, SaveViewButton } from './saved-views';
import { BulkRunStatus } from '@/components/bulk/bulk-run-status';
import { useBulkSelection } from '@/lib/use-bulk-selection';
import { BulkSelectBar } from './bulk-select-bar';

const FIRST_ROWS = 15;
const rowId = (row: ReturnType<typeof flattenRows>[number]) => row.conversation.id;

/** While the list for new filters loads, the rows shown stay (dimmed) instead of a spinner. */
export function ThreadList({ onHelp }: { onHelp: () => void }) {
  const search = useSearch({ from: '/inbox' });
  const shown = useDeferredValue(search);
  const params = useParams({ strict: false });
  const activeId = 'conversationId' in params ? params.conversationId : undefined;
  const { data: me } = useSuspenseQuery(meQuery());
  const can = useCan();
  const filters = useMemo(() => filtersFromSearch(shown, me.upstreamUserId), [shown, me.upstreamUserId]);
  const list = useSuspenseInfiniteQuery(conversationListQuery(filters));
  const { data: channels } = useSuspenseQuery(channelsQuery());
  const channelById = useMemo(() => new Map(channels.channels.map((c) => [c.id, c])), [channels]);
  const refiltering = shown !== search;
  const listed = useMemo(() => flattenRows(list.data), [list.data]);
  // In the Unread view, the thread being read stays in its place until the reader moves on.
  const rows = useKeptActiveRow(listed, activeId, rowId, shown.unread === true);
  // A tall screen shows about fifteen rows; the rest of the page follows between frames. Opened on
  // a thread (a link, a reload), the thread is what the reader came for: all the rows follow it.
  const rendered = useStagedCount(rows.length, activeId ? 0 : FIRST_ROWS);
  // A phone shows the list or a thread: back from a thread, the list is where it was left.
  const scrollRef = useScrollMemory<HTMLDivElement>(
    `inbox ${JSON.stringify(shown)}`,
    rendered === rows.length,
  );
  const now = useNow();
  const total = list.data?.pages[0]?.total;
  // Unread only dresses the rows: the list never waits for it (nor fails with it).
  const unread = useQuery(unreadQuery()).data?.threads;
  // Labels only dress the rows and offer a filter: the list never waits for them.
  const labels = useQuery(labelsQuery()).data;
  const order = useMemo(() => rows.map(rowId), [rows]);
  const picking = useBulkSelection(order, JSON.stringify(filters), 'threadRow');

  return (
    <section aria-label="Conversations" className="flex h-full min-h-0 flex-col">
      <header className="flex h-12 shrink-0 items-center gap-2 px-3">
        <h1 className="flex-1 text-base font-semibold">Inbox</h1>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Keyboard shortcuts"
          onClick={onHelp}
          title="Keyboard shortcuts (?)"
        >
          <HelpCircle size={16} aria-hidden />
        </Button>
        <SaveViewButton />
        {can('conversations.send') ? (
          <Link
            to="/inbox/new"
            search={{}}
            className="inline-flex h-8 items-center gap-1.5 rounded-md bg-accent px-2.5 text-[13px] font-medium text-accent-fg hover:opacity-90"
          >
            <Plus size={14} aria-hidden />
            New
          </Link>
        ) : null}
      </header>
      <SavedViews />
      <ThreadFilters channels={channels.channels} labels={labels} />
      <BulkRunStatus target="conversations" />
      {picking.selection.ids.size > 0 ? (
        <BulkSelectBar
          selection={picking.selection}
          total={total ?? rows.length}
          filters={filters}
          onSelectAll={picking.selectAll}
          onClear={picking.clear}
        />
      ) : null}
      <div
        ref={scrollRef}
        id={THREAD_LIST_ID}
        role="tabpanel"
        aria-label="Threads"
        aria-busy={refiltering}
        onKeyDown={picking.onKeyDown}
        className={`min-h-0 flex-1 overflow-y-auto transition-opacity ${refiltering ? 'opacity-60' : ''}`}
      >
        {rows.length === 0 ? (
          <EmptyState title="No conversations here">
            {shown.unread
              ? 'You have read everything here.'
              : shown.q
                ? 'Nothing matches this search.'
                : 'Try another status, owner, channel or label.'}
          </EmptyState>
        ) : (
          <>
            <ul aria-label="Conversation list">
              {rows.slice(0, rendered).map((row) => (
                <ThreadRow
                  key={row.conversation.id}
                  row={row}
                  channel={
                    row.conversation.channel_id ? channelById.get(row.conversation.channel_id) : undefined
                  }
                  active={row.conversation.id === activeId}
                  unread={unread?.[row.conversation.id] ?? 0}
                  now={now}
                  me={me.id}
                  selected={picking.selection.ids.has(row.conversation.id)}
                  selecting={picking.selection.ids.size > 0}
                  onSelect={picking.onToggle}
                  labels={labels}
                />
              ))}
            </ul>
            <div className="flex flex-col items-center gap-1 p-3 text-xs text-subtle">
              {total !== undefined ? (
                <span className="tabular">
                  {rows.length} of {total}
                </span>
              ) : null}
              {list.hasNextPage ? (
                <Button
                  size="sm"
                  onClick={() => void list.fetchNextPage()}
                  disabled={list.isFetchingNextPage}
                >
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </div>
    </section>
  );
}
