import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { Message, Note } from '@/contract';
import { WIDER_THAN } from '@/lib/use-media-query';
import { afterLayout } from '@/lib/virtual-after-layout';
import { buildRows, NO_AUTHOR, type AuthorOf, type Row } from '../message-rows';
import { estimateRowHeight } from '../message-row-height';
import { useListBox, type ListBox } from '../use-list-box';
import { MessageItem, type MessageActions } from './message-item';
import { NoteItem } from './note-item';

interface MessageListProps extends MessageActions {
  /** Loaded messages, newest first. */
  messages: readonly Message[];
  /** The thread's private notes, oldest first. */
  notes?: readonly Note[];
  /** A note to bring into view once it is loaded (opened from Mentions). */
  focusNoteId?: string | undefined;
  /** A message to bring into view (opened from search): older pages load until it is found. */
  focusMessageId?: string | undefined;
  isGroup: boolean;
  /** The teammate or AI agent behind an outbound message, when the BFF recorded one. */
  authorOf?: AuthorOf;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}

/**
 * On a phone the thread is alone in the app's main area, which has been laid out already (it held
 * the screen before this one): its width is the list's, so the rows render in the thread's first
 * frame, not one frame after it. Wider, the list shares the area and waits for its own layout.
 */
function phoneBox(): ListBox | null {
  if (window.matchMedia(WIDER_THAN.md).matches) return null;
  const width = document.querySelector('main')?.clientWidth ?? 0;
  return width > 0 ? { width, height: window.innerHeight } : null;
}

const NEAR_TOP_PX = 400;
const NEAR_BOTTOM_PX = 120;
const NO_NOTES: readonly Note[] = [];
/** Older pages read while looking for a message opened from search before giving up. */
const MAX_PAGES_TO_FIND = 25;

/**
 * The thread's messages, virtualised: only what is on screen is in the DOM, so a thread of
 * thousands stays smooth. Opens at the newest message, keeps the reading position while older
 * pages load above, and follows new messages only when the reader is already at the bottom.
 */
export function MessageList({
  messages,
  notes = NO_NOTES,
  focusNoteId,
  focusMessageId,
  isGroup,
  authorOf = NO_AUTHOR,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  ...actions
}: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // Notes older than the oldest loaded message wait until that page loads, so they never pile up on top.
  const shownNotes = useMemo(() => {
    const oldest = messages.at(-1)?.created_at;
    return hasOlder && oldest ? notes.filter((n) => n.createdAt >= oldest) : notes;
  }, [notes, messages, hasOlder]);
  const rows = useMemo(
    () => buildRows(messages, isGroup, new Date(), shownNotes, authorOf),
    [messages, isGroup, shownNotes, authorOf],
  );
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  // Rows are estimated for the list's width: none is rendered before the first layout gives it.
  const box = useListBox(scrollRef, phoneBox);
  const listWidth = box?.width ?? null;
  // Only asked once the width is known: the virtualizer is disabled until then.
  const estimate = (row: Row | undefined) => estimateRowHeight(row, listWidth ?? 0);
  const virtualizer = useVirtualizer({
    ...afterLayout<HTMLDivElement, Element>(box ?? { width: 0, height: 0 }),
    enabled: box !== null,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(rows[i]),
    // Open at the newest message: the first render already holds the rows the reader will see, so
    // scrolling there (before the first paint) replaces none of them. Opened at the top, a thread
    // rendered its oldest rows, then threw them away for the newest, painting twice.
    initialOffset: () =>
      Math.max(0, rows.reduce((sum, row) => sum + estimate(row), 0) - (box?.height ?? window.innerHeight)),
    getItemKey: (i) => rows[i]?.key ?? i,
    overscan: 6,
  });

  // What the list looked like before this render: to tell "older loaded above" from "new below".
  const previous = useRef<{
    firstKey: string | undefined;
    lastKey: string | undefined;
    total: number;
    atBottom: boolean;
  }>({
    firstKey: undefined,
    lastKey: undefined,
    total: 0,
    atBottom: true,
  });

  const newestFrame = useRef(0);

  const isAtBottom = () => {
    const el = scrollRef.current;
    return !el || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
  };

  useLayoutEffect(() => {
    if (listWidth === null) return;
    const el = scrollRef.current;
    // Messages, not rows: a day separator stays first when older messages of the same day arrive.
    const firstKey = messages.at(-1)?.id;
    const lastKey = rows.at(-1)?.key;
    const before = previous.current;
    const total = virtualizer.getTotalSize();
    // To the newest row in the next frame, before it paints. Scrolling here, in the commit, made the
    // browser lay out the rows React had just inserted there and then, inside the commit's task.
    const toNewest = () => {
      cancelAnimationFrame(newestFrame.current);
      const last = rows.length - 1;
      newestFrame.current = requestAnimationFrame(() => virtualizer.scrollToIndex(last, { align: 'end' }));
    };
    if (el && rows.length > 0) {
      if (before.lastKey === undefined) {
        toNewest();
      } else if (firstKey !== before.firstKey && lastKey === before.lastKey) {
        // Older messages arrived above: keep the same messages under the reader's eyes, at once.
        el.scrollTop += total - before.total;
      } else if (lastKey !== before.lastKey && before.atBottom) {
        toNewest();
      }
    }
    previous.current = { firstKey, lastKey, total, atBottom: before.atBottom };
  }, [rows, messages, virtualizer, listWidth]);
  useEffect(() => () => cancelAnimationFrame(newestFrame.current), []);

  // Opened from Mentions or from search: the note or message, once its row exists, is brought to
  // the middle of the view. A message not loaded yet is looked for in older pages, a few at most.
  const focusKey = focusNoteId ? `note-${focusNoteId}` : focusMessageId;
  const focused = useRef<string | null>(null);
  const pagesLookedIn = useRef(0);
  useEffect(() => {
    if (listWidth === null || !focusKey || focused.current === focusKey) return;
    const index = rows.findIndex((r) => r.key === focusKey);
    if (index === -1) {
      if (focusMessageId && hasOlder && !loadingOlder && pagesLookedIn.current < MAX_PAGES_TO_FIND) {
        pagesLookedIn.current += 1;
        onLoadOlder();
      }
      return;
    }
    focused.current = focusKey;
    pagesLookedIn.current = 0;
    // The row asked for wins over the newest, should that scroll still be waiting for its frame.
    cancelAnimationFrame(newestFrame.current);
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [focusKey, focusMessageId, rows, virtualizer, hasOlder, loadingOlder, onLoadOlder, listWidth]);

  const maybeLoadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasOlder || loadingOlder) return;
    if (el.scrollTop < NEAR_TOP_PX) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  // A short first page may not fill the screen: ask for more until it does. Measured in the next
  // frame, where the browser lays the rows out anyway: here, in the commit, it would force a layout.
  useEffect(() => {
    if (listWidth === null) return;
    const frame = requestAnimationFrame(() => {
      const el = scrollRef.current;
      if (el && el.scrollHeight <= el.clientHeight + NEAR_TOP_PX) maybeLoadOlder();
    });
    return () => cancelAnimationFrame(frame);
  }, [rows.length, maybeLoadOlder, listWidth]);

  const onScroll = () => {
    previous.current.atBottom = isAtBottom();
    maybeLoadOlder();
  };

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      tabIndex={0}
      role="region"
      aria-label="Messages"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain py-2 focus-visible:outline-offset-[-2px]"
    >
      {hasOlder ? (
        <p className="h-6 text-center text-xs text-subtle" aria-live="polite">
          {loadingOlder ? 'Loading older messages…' : ''}
        </p>
      ) : (
        <p className="py-2 text-center text-xs text-subtle">Start of the conversation</p>
      )}
      <div
        role="list"
        aria-label="Message history"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              data-message-id={row.kind === 'message' ? row.message.id : undefined}
              className={
                row.kind === 'message' && row.message.id === focusMessageId
                  ? 'bg-amber-50 dark:bg-amber-900/20'
                  : undefined
              }
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${String(item.start)}px)`,
              }}
            >
              {row.kind === 'note' ? (
                <NoteItem note={row.note} highlighted={row.note.id === focusNoteId} />
              ) : row.kind === 'day' ? (
                <div className="flex items-center gap-3 px-4 py-2 text-xs font-medium text-subtle">
                  <span className="h-px flex-1 bg-border" aria-hidden />
                  <span>{row.label}</span>
                  <span className="h-px flex-1 bg-border" aria-hidden />
                </div>
              ) : (
                <MessageItem
                  message={row.message}
                  quoted={row.message.quoted_message_id ? byId.get(row.message.quoted_message_id) : undefined}
                  reactedTo={
                    row.message.type === 'reaction' && typeof row.message.media?.['reacted_to'] === 'string'
                      ? byId.get(row.message.media['reacted_to'])
                      : undefined
                  }
                  sender={row.showSender ? row.sender : null}
                  authorOf={authorOf}
                  {...actions}
                />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
