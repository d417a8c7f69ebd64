import { useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { CircleHelp, Trophy, XCircle } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import type { BoardColumn as ColumnData, LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Skeleton, errorText } from '@/components/ui/states';
import { useSeen } from '@/lib/use-seen';
import { afterNextPaint } from '@/lib/loadable';
import { afterLayout } from '@/lib/virtual-after-layout';
import { count } from '@/lib/format';
import { stageOutcome } from '@/lib/lead-stages';
import { UNMATCHED, type ColumnDropData } from '../model/board-drop';
import { formatSums, formatWeighted } from '../model/column-aggregates';
import { ColumnSelectBox } from './board-bulk';
import { useBoardMovable } from './board-movable';
import { UnmatchedMoveAll } from './unmatched-move-all';
import { CARD_HEIGHT, LeadCard } from './lead-card';
import { safeColor } from '@/lib/safe-color';

/** Further cards of a column are being read, or could not be. */
export interface MoreState {
  loading: boolean;
  error: unknown;
  load: () => void;
}

interface BoardColumnProps {
  /** null for the Unmatched column. */
  stage: LeadStage | null;
  column: ColumnData;
  more: MoreState;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  /** The board's first render shows this column's cards (it is in the window). */
  inView: boolean;
  /** The column's total and sums were counted (false: a search matched too many leads). */
  counted?: boolean;
}

const HEADER_TONE = { won: 'bg-success-soft', lost: 'bg-danger-soft', none: 'bg-surface' } as const;

/**
 * A board column: a header that stays put, with the BFF's exact count and sums under the filters,
 * and a virtualised list that scrolls on its own and reads further cards as it nears its end.
 */
export function BoardColumn({
  stage,
  column: data,
  more,
  ownerNames,
  onOpen,
  inView,
  counted = true,
}: BoardColumnProps) {
  const movable = useBoardMovable();
  const column = stage?.key ?? UNMATCHED;
  const name = stage?.name ?? 'Unmatched';
  const drop: ColumnDropData = { type: 'column', column, name };
  const { setNodeRef, isOver } = useDroppable({
    id: `column:${column}`,
    data: drop,
    disabled: !stage || !movable,
  });
  const headingId = `column-${column}-heading`;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column}
      className={`flex h-full w-72 shrink-0 flex-col rounded-lg border bg-bg ${isOver ? 'border-accent ring-2 ring-accent/40' : 'border-border'}`}
    >
      <ColumnHeader
        stage={stage}
        column={column}
        name={name}
        total={counted ? data.total : null}
        sums={data.sums}
        headingId={headingId}
      />
      <ColumnBody
        column={column}
        name={name}
        data={data}
        more={more}
        ownerNames={ownerNames}
        onOpen={onOpen}
        inView={inView}
      />
    </section>
  );
}

/**
 * The column's name, exact count and sums. Memoised, as is the body: every column re-renders with
 * each step of a drag (dnd-kit's context), and neither changes with it.
 */
const ColumnHeader = memo(function ColumnHeader({
  stage,
  column,
  name,
  total,
  sums,
  headingId,
}: {
  stage: LeadStage | null;
  column: string;
  name: string;
  /** null: not counted (a search matched too many leads). */
  total: number | null;
  sums: ColumnData['sums'];
  headingId: string;
}) {
  const movable = useBoardMovable();
  const outcome = stage ? stageOutcome(stage) : 'none';
  return (
    <header
      className={`rounded-t-lg border-t-4 px-3 py-2 ${HEADER_TONE[outcome]}`}
      style={{ borderTopColor: safeColor(stage?.color, 'var(--color-subtle)') }}
    >
      <div className="flex items-center gap-1.5">
        <ColumnSelectBox column={column} name={name} />
        {outcome === 'won' ? <Trophy size={14} className="text-success" aria-label="Won stage" /> : null}
        {outcome === 'lost' ? <XCircle size={14} className="text-danger" aria-label="Lost stage" /> : null}
        {!stage ? <CircleHelp size={14} className="text-warning" aria-hidden /> : null}
        <h2 id={headingId} className="truncate text-sm font-semibold">
          {name}
        </h2>
        <span
          className="ml-auto rounded bg-raised px-1.5 text-xs tabular-nums text-muted"
          aria-label={total === null ? 'Leads not counted' : `${count(total)} leads`}
          title={total === null ? 'Too many matches to count' : undefined}
        >
          {total === null ? '—' : count(total)}
        </span>
      </div>
      <p className="mt-0.5 truncate text-xs tabular-nums text-muted" title={`Total: ${formatSums(sums)}`}>
        {sums.length ? (
          <>
            <span className="font-medium">Total</span> <span>{formatSums(sums)}</span>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      <p
        className="truncate text-xs tabular-nums text-muted"
        title={`Weighted by each lead's probability: ${formatWeighted(sums)}`}
      >
        {sums.length ? (
          <>
            <span className="font-medium">Weighted</span> <span>{formatWeighted(sums)}</span>
          </>
        ) : (
          '\u00a0'
        )}
      </p>
      {!stage ? (
        <>
          <p className="mt-1 text-xs text-muted">
            Their status matches no stage.{movable ? ' Drag one into a stage, or move them all:' : ''}
          </p>
          {movable && total !== null ? <UnmatchedMoveAll total={total} /> : null}
        </>
      ) : null}
    </header>
  );
});

/**
 * The column's virtualizer reads no size and scrolls nothing inside React's commit (`afterLayout`):
 * that laid the new board out within the commit, the board's longest task. A column that has not
 * been laid out (jsdom, a hidden tab) reports no height: a screenful is assumed, so its first cards
 * still render.
 */
function columnLayout() {
  const layout = afterLayout<HTMLDivElement, Element>(firstColumnRect());
  return {
    ...layout,
    observeElementRect: (...[instance, report]: Parameters<typeof layout.observeElementRect>) =>
      layout.observeElementRect(instance, (rect) =>
        report(rect.height > 0 ? rect : { width: rect.width, height: 800 }),
      ),
  };
}

/**
 * Cards from the end of what is held at which the next page is asked for: less than a page minus a
 * screenful, so a board that just opened does not read every column's second page at once.
 */
const READ_AHEAD = 4;

/**
 * Cards rendered past each end of what a column shows, so a fast scroll finds them there. A
 * column's first frame renders one: the board's opening commits and lays out the cards it shows
 * (45 rather than 60 on a desktop window, where that task neared 50 ms), and the rest follow, a
 * column at a time, once it has painted.
 */
const OVERSCAN = 4;

/**
 * Where a column's cards scroll, before its first layout says: the window's height less the app's
 * and the column's headers. The cards the column will show are then in its first render (with the
 * board's, a transition rendered in slices), not in a second one forced inside the commit when the
 * measured box arrives. The measured box replaces it at once.
 */
const firstColumnRect = () => ({ width: 0, height: Math.max(0, window.innerHeight - 220) });

/**
 * How far beside the board's window a column counts as near: a third of a column. Its cards are
 * then there as it scrolls in, and a phone opening the board does not also render the column after
 * the one it half shows (a second render and layout while the board opens).
 */
const NEAR = '0px 100px';
const boardOf = (element: Element) => element.closest('[data-board]');

/**
 * The column's scrolling body. Its cards render once it comes near the board's window (`NEAR`): a
 * phone shows one column and a half of nine, and the board opens with the cards it shows,
 * not every column's (rendering, laying out and painting those were most of its opening's work).
 * Its header, with the exact count and sums, shows from the start.
 */
const ColumnBody = memo(function ColumnBody({
  column,
  name,
  data,
  more,
  ownerNames,
  onOpen,
  inView,
}: {
  column: string;
  name: string;
  data: ColumnData;
  more: MoreState;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
  inView: boolean;
}) {
  const [scrollRef, seen] = useSeen<HTMLDivElement>({ initial: inView, root: boardOf, margin: NEAR });
  const cards = data.cards;
  const [overscan, setOverscan] = useState(1);
  useEffect(() => {
    if (!seen || overscan === OVERSCAN) return;
    let live = true;
    afterNextPaint(() => {
      if (live) setOverscan(OVERSCAN);
    });
    return () => {
      live = false;
    };
  }, [seen, overscan]);
  const virtualizer = useVirtualizer({
    ...columnLayout(),
    count: cards.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan,
    getItemKey: (index) => cards[index]?.lead.id ?? index,
    enabled: seen,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items[items.length - 1]?.index ?? -1;
  const hasMore = data.nextCursor !== null;
  const { loading, error, load } = more;
  // Near the end of what is held: read the next page (one at a time; an error waits for "Try again").
  useEffect(() => {
    if (hasMore && !loading && !error && lastShown >= cards.length - READ_AHEAD) load();
  }, [hasMore, loading, error, lastShown, cards.length, load]);

  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2" data-column-scroll={column}>
      {cards.length === 0 ? (
        <p className="px-1 py-6 text-center text-[13px] text-muted">No leads</p>
      ) : !seen ? (
        <div className="flex flex-col gap-2 pt-2">
          <p className="sr-only">Loading leads…</p>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : (
        <ul
          aria-label={`Leads in ${name}`}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {items.map((item) => {
            const card = cards[item.index];
            if (!card) return null;
            const { lead } = card;
            return (
              <li
                key={item.key}
                className="absolute inset-x-0 top-0 pt-2"
                style={{ transform: `translateY(${item.start}px)`, height: CARD_HEIGHT }}
              >
                <LeadCard
                  lead={lead}
                  followUp={card.followUp}
                  column={column}
                  ownerName={lead.assigned_to_user_id ? ownerNames.get(lead.assigned_to_user_id) : undefined}
                  onOpen={onOpen}
                />
              </li>
            );
          })}
        </ul>
      )}
      {hasMore && loading ? (
        <p className="py-2 text-center text-xs text-muted" role="status">
          Loading more leads…
        </p>
      ) : null}
      {error ? (
        <div role="alert" className="mt-2 flex items-center gap-2 text-xs text-danger">
          More leads could not be read: {errorText(error)}
          <Button size="sm" variant="ghost" onClick={load}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
});
