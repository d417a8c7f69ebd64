/**
 * The quick reply menu: a listbox of the workspace's quick replies whose shortcut or title matches
 * `query` (the text after "/" in the composer).
 *
 * Keys: ↑/↓ move, Enter or Tab pick, Escape closes. Two ways to drive it:
 *
 * 1. Focus stays in the composer's textarea (the usual case). Create a handle in the composer and
 *    pass it to the menu; forward the textarea's keydown events to it and spread its ARIA props:
 *
 *    const quickKeys = useQuickReplyKeys();
 *    <textarea
 *      {...quickKeys.inputProps}
 *      onKeyDown={(event) => {
 *        if (quickKeys.onKeyDown(event)) return; // the menu used the key (and prevented its default)
 *        ...the composer's own keys (Enter to send)...
 *      }}
 *    />
 *    {slashQuery !== null ? (
 *      <QuickReplyMenu query={slashQuery} onPick={insertBody} onClose={closeMenu} keys={quickKeys} />
 *    ) : null}
 *
 *    `onKeyDown` returns false (and leaves the event alone) while the menu is closed, and for keys
 *    it does not use, so the composer keeps working as before.
 *
 * 2. Without `keys`, the listbox takes focus itself when it opens and handles the same keys.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { Link } from '@tanstack/react-router';
import type { QuickReply } from '@/contract';
import { QueryBoundary } from '@/components/query-boundary';
import { errorText } from '@/components/ui/states';
import { quickRepliesQuery } from '@/data/quick-replies';
import { UserText } from '@/components/ui/user-text';

type KeyEventLike = Pick<
  KeyboardEvent,
  'key' | 'preventDefault' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'
> & {
  nativeEvent?: { isComposing?: boolean };
  isComposing?: boolean;
};
type KeyHandler = (event: KeyEventLike) => boolean;

export interface QuickReplyKeys {
  /** Forward the textarea's keydown here; true when the menu used the key (default prevented). */
  onKeyDown: (event: ReactKeyboardEvent | KeyboardEvent) => boolean;
  /** ARIA wiring for the textarea while the menu is open (aria-controls, aria-activedescendant). */
  inputProps: {
    'aria-controls'?: string;
    'aria-activedescendant'?: string;
    'aria-autocomplete'?: 'list';
  };
  /** Used by QuickReplyMenu to plug itself in; not for the composer. */
  connect: (
    connection: { listboxId: string; activeId: string | undefined; onKey: KeyHandler } | null,
  ) => void;
}

/** A handle the composer owns, so the menu can be driven while focus stays in the textarea. */
export function useQuickReplyKeys(): QuickReplyKeys {
  const handlerRef = useRef<KeyHandler | null>(null);
  const [wiring, setWiring] = useState<{ listboxId: string; activeId: string | undefined } | null>(null);
  const connect = useCallback<QuickReplyKeys['connect']>((connection) => {
    handlerRef.current = connection?.onKey ?? null;
    setWiring((old) => {
      if (connection === null) return null;
      if (old?.listboxId === connection.listboxId && old.activeId === connection.activeId) return old;
      return { listboxId: connection.listboxId, activeId: connection.activeId };
    });
  }, []);
  const onKeyDown = useCallback((event: ReactKeyboardEvent | KeyboardEvent) => {
    const handler = handlerRef.current;
    return handler ? handler(event as KeyEventLike) : false;
  }, []);
  return useMemo(
    () => ({
      onKeyDown,
      connect,
      inputProps: wiring
        ? {
            'aria-controls': wiring.listboxId,
            'aria-autocomplete': 'list' as const,
            ...(wiring.activeId ? { 'aria-activedescendant': wiring.activeId } : {}),
          }
        : {},
    }),
    [onKeyDown, connect, wiring],
  );
}

/** Replies whose shortcut or title contains the query; shortcut prefix matches first. */
export function matchQuickReplies(replies: readonly QuickReply[], query: string): QuickReply[] {
  const needle = query.trim().replace(/^\//, '').toLowerCase();
  if (needle === '') return [...replies].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const rank = (reply: QuickReply): number => {
    const shortcut = reply.shortcut.toLowerCase();
    const title = reply.title.toLowerCase();
    if (shortcut.startsWith(needle)) return 0;
    if (title.startsWith(needle)) return 1;
    if (shortcut.includes(needle) || title.includes(needle)) return 2;
    return -1;
  };
  return replies
    .map((reply) => ({ reply, rank: rank(reply) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.reply.shortcut.localeCompare(b.reply.shortcut))
    .map((entry) => entry.reply);
}

interface QuickReplyMenuProps {
  query: string;
  onPick: (body: string) => void;
  onClose: () => void;
  /** The composer's handle from useQuickReplyKeys, when focus stays in its textarea. */
  keys?: QuickReplyKeys;
}

const FRAME = 'w-full max-w-md overflow-hidden rounded-md border border-border bg-raised text-sm shadow-lg';

export function QuickReplyMenu(props: QuickReplyMenuProps) {
  return (
    <QueryBoundary
      title="Quick replies could not be loaded"
      pending={
        <div role="status" className={`${FRAME} px-3 py-2 text-muted`}>
          Loading quick replies…
        </div>
      }
      failure={(error) => (
        <div role="alert" className={`${FRAME} px-3 py-2 text-danger`}>
          Quick replies could not be loaded. {errorText(error)}
        </div>
      )}
    >
      <QuickReplyOptions {...props} />
    </QueryBoundary>
  );
}

function QuickReplyOptions({ query, onPick, onClose, keys }: QuickReplyMenuProps) {
  const { data: replies } = useSuspenseQuery(quickRepliesQuery());
  const matches = useMemo(() => matchQuickReplies(replies.data, query), [replies, query]);
  const listboxId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  // The highlight belongs to one query: a new query starts again at the best match.
  const [highlight, setHighlight] = useState({ query, index: 0 });
  const setActive = (index: number) => setHighlight({ query, index });
  const active = highlight.query === query ? highlight.index : 0;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const activeReply = matches[activeIndex];
  const optionId = (reply: QuickReply) => `${listboxId}-${reply.id}`;
  const activeId = activeReply ? optionId(activeReply) : undefined;

  const onKey = useCallback<KeyHandler>(
    (event) => {
      if (event.isComposing || event.nativeEvent?.isComposing) return false;
      if (event.altKey || event.ctrlKey || event.metaKey) return false;
      const count = matches.length;
      switch (event.key) {
        case 'ArrowDown':
          if (count === 0) return false;
          event.preventDefault();
          setHighlight({ query, index: (activeIndex + 1) % count });
          return true;
        case 'ArrowUp':
          if (count === 0) return false;
          event.preventDefault();
          setHighlight({ query, index: (activeIndex - 1 + count) % count });
          return true;
        case 'Enter':
        case 'Tab':
          if (!activeReply || event.shiftKey) return false;
          event.preventDefault();
          onPick(activeReply.body);
          return true;
        case 'Escape':
          event.preventDefault();
          onClose();
          return true;
        default:
          return false;
      }
    },
    [matches.length, activeIndex, activeReply, onPick, onClose, query],
  );

  const connect = keys?.connect;
  useEffect(() => {
    connect?.({ listboxId, activeId, onKey });
  }, [connect, listboxId, activeId, onKey]);
  useEffect(() => () => connect?.(null), [connect]);

  // Driven on its own, the listbox takes focus so the keys reach it.
  const standalone = !keys;
  const hasOptions = matches.length > 0;
  useEffect(() => {
    if (standalone && hasOptions) listRef.current?.focus();
  }, [standalone, hasOptions]);

  useEffect(() => {
    if (!activeId) return;
    document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  if (!hasOptions) {
    return (
      <div role="status" className={`${FRAME} px-3 py-2 text-muted`}>
        {replies.data.length === 0 ? (
          <>
            No quick replies yet.{' '}
            <Link to="/quick-replies" className="text-accent underline">
              Create one
            </Link>
          </>
        ) : (
          <>No quick reply matches “{query}”.</>
        )}
      </div>
    );
  }

  return (
    <ul
      ref={listRef}
      id={listboxId}
      role="listbox"
      aria-label="Quick replies"
      aria-activedescendant={standalone ? activeId : undefined}
      tabIndex={standalone ? 0 : -1}
      onKeyDown={standalone ? (event) => void onKey(event) : undefined}
      className={`${FRAME} max-h-64 overflow-y-auto p-1 focus-visible:outline-2 focus-visible:outline-accent`}
    >
      {matches.map((reply, index) => {
        const selected = index === activeIndex;
        return (
          <li
            key={reply.id}
            id={optionId(reply)}
            role="option"
            aria-selected={selected}
            // Keep focus in the composer: choose on mouse down, before the textarea would blur.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(reply.body);
            }}
            onMouseMove={() => {
              if (!selected) setActive(index);
            }}
            className={`flex min-h-8 cursor-pointer flex-col rounded px-2 py-1.5 ${selected ? 'bg-accent-soft' : ''}`}
          >
            <span className="flex items-baseline gap-2">
              <span className="font-mono text-xs text-accent">/{reply.shortcut}</span>
              <UserText className="font-medium">{reply.title}</UserText>
            </span>
            <span className="truncate text-xs text-muted">
              <UserText>{reply.body}</UserText>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
