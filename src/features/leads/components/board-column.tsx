import { useDroppable } from '@dnd-kit/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { CircleHelp, Trophy, XCircle } from 'lucide-react';
import { useMemo, useRef } from 'react';
import type { Lead, LeadStage } from '@/contract';
import { Button } from '@/components/ui/button';
import { Skeleton, errorText } from '@/components/ui/states';
import { count } from '@/lib/format';
import { stageOutcome } from '@/lib/lead-stages';
import { UNMATCHED, type ColumnDropData } from '../model/board-drop';
import { columnSums, formatSums, formatWeighted } from '../model/column-aggregates';
import { useBoardMovable } from './board-movable';
import { CARD_HEIGHT, LeadCard } from './lead-card';
import { safeColor } from '@/lib/safe-color';

export interface ColumnState {
  rows: Lead[];
  /** Leads the column counts (the server's total, or the rows kept when filtering what is held). */
  total: number;
  /** The rows are filtered here (the owner filter): until `complete`, `total` counts matches so far. */
  filtered?: boolean;
  /** Rows read so far, for the progress line. */
  held: number;
  /** What `held` is out of. */
  of: number;
  complete: boolean;
  loading: boolean;
  error: unknown;
  retry: () => void;
}

interface BoardColumnProps {
  /** null for the Unmatched column. */
  stage: LeadStage | null;
  state: ColumnState;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}

const HEADER_TONE = { won: 'bg-success-soft', lost: 'bg-danger-soft', none: 'bg-surface' } as const;

/** A board column: a header that stays put and a virtualised list that scrolls on its own. */
export function BoardColumn({ stage, state, ownerNames, onOpen }: BoardColumnProps) {
  const movable = useBoardMovable();
  const column = stage?.key ?? UNMATCHED;
  const name = stage?.name ?? 'Unmatched';
  const drop: ColumnDropData = { type: 'column', column, name };
  const { setNodeRef, isOver } = useDroppable({
    id: `column:${column}`,
    data: drop,
    disabled: !stage || !movable,
  });
  const outcome = stage ? stageOutcome(stage) : 'none';
  const sums = useMemo(() => columnSums(state.rows), [state.rows]);
  const headingId = `column-${column}-heading`;
  // A filtered count is true only once every lead of the column has been read.
  const partialCount = state.filtered === true && !state.complete;

  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={column}
      className={`flex h-full w-72 shrink-0 flex-col rounded-lg border bg-bg ${isOver ? 'border-accent ring-2 ring-accent/40' : 'border-border'}`}
    >
      <header
        className={`rounded-t-lg border-t-4 px-3 py-2 ${HEADER_TONE[outcome]}`}
        style={{ borderTopColor: safeColor(stage?.color, 'var(--color-subtle)') }}
      >
        <div className="flex items-center gap-1.5">
          {outcome === 'won' ? <Trophy size={14} className="text-success" aria-label="Won stage" /> : null}
          {outcome === 'lost' ? <XCircle size={14} className="text-danger" aria-label="Lost stage" /> : null}
          {!stage ? <CircleHelp size={14} className="text-warning" aria-hidden /> : null}
          <h2 id={headingId} className="truncate text-sm font-semibold">
            {name}
          </h2>
          <span
            className="ml-auto rounded bg-raised px-1.5 text-xs tabular-nums text-muted"
            aria-label={
              partialCount ? `${count(state.total)} matching leads so far` : `${count(state.total)} leads`
            }
          >
            {count(state.total)}
            {partialCount ? '+' : ''}
          </span>
        </div>
        <p className="mt-0.5 truncate text-xs tabular-nums text-muted" title={formatSums(sums)}>
          {sums.length ? formatSums(sums) : '\u00a0'}
        </p>
        <p className="truncate text-xs tabular-nums text-muted" title="Weighted by probability">
          {sums.length ? formatWeighted(sums) : '\u00a0'}
        </p>
        {!stage ? (
          <p className="mt-1 text-xs text-muted">
            Their status matches no stage.{movable ? ' Drag them into one.' : ''}
          </p>
        ) : null}
        {!state.complete && !state.error && !state.loading ? (
          <p className="mt-1 text-xs text-muted" role="status">
            {state.filtered
              ? `${count(state.total)} match so far · ${count(state.held)} of ${count(state.of)} scanned`
              : `${count(state.held)} of ${count(state.of)} loaded`}
          </p>
        ) : null}
      </header>
      <ColumnBody column={column} name={name} state={state} ownerNames={ownerNames} onOpen={onOpen} />
    </section>
  );
}

/**
 * A column that has not been laid out (jsdom, a hidden tab) reports no height; assume a screenful
 * so the first cards still render instead of none.
 */
const observeColumnRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: 800 }));

function ColumnBody({
  column,
  name,
  state,
  ownerNames,
  onOpen,
}: {
  column: string;
  name: string;
  state: ColumnState;
  ownerNames: ReadonlyMap<string, string>;
  onOpen: (id: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: state.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => CARD_HEIGHT,
    overscan: 4,
    getItemKey: (index) => state.rows[index]?.id ?? index,
    observeElementRect: observeColumnRect,
  });

  if (state.loading) {
    return (
      <div className="flex flex-col gap-2 p-2" aria-busy="true" aria-label={`Loading ${name}`}>
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </div>
    );
  }
  if (state.error && state.rows.length === 0) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 p-3 text-[13px]">
        <p className="text-danger">{errorText(state.error)}</p>
        <Button size="sm" onClick={state.retry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div ref={scrollRef} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2" data-column-scroll={column}>
      {state.rows.length === 0 ? (
        <p className="px-1 py-6 text-center text-[13px] text-muted">No leads</p>
      ) : (
        <ul
          aria-label={`Leads in ${name}`}
          className="relative"
          style={{ height: virtualizer.getTotalSize() }}
        >
          {virtualizer.getVirtualItems().map((item) => {
            const lead = state.rows[item.index];
            if (!lead) return null;
            return (
              <li
                key={item.key}
                className="absolute inset-x-0 top-0 pt-2"
                style={{ transform: `translateY(${item.start}px)`, height: CARD_HEIGHT }}
              >
                <LeadCard
                  lead={lead}
                  column={column}
                  ownerName={lead.assigned_to_user_id ? ownerNames.get(lead.assigned_to_user_id) : undefined}
                  onOpen={onOpen}
                />
              </li>
            );
          })}
        </ul>
      )}
      {state.error && state.rows.length > 0 ? (
        <div role="alert" className="mt-2 flex items-center gap-2 text-xs text-danger">
          Not every lead could be read.
          <Button size="sm" variant="ghost" onClick={state.retry}>
            Try again
          </Button>
        </div>
      ) : null}
    </div>
  );
}
