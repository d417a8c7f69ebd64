import { useNavigate, useSearch } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  CONVERSATION_STATUSES,
  SLA_STATES,
  SLA_STATE_LABELS,
  type Channel,
  type ConversationStatus,
  type Label,
} from '@/contract';
import { DEFAULT_STATUS, OWNER_FILTERS, type InboxSearch, type OwnerFilter } from '../inbox-search';

const STATUS_LABELS: Record<ConversationStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  snoozed: 'Snoozed',
  closed: 'Closed',
};
const OWNER_LABELS: Record<OwnerFilter, string> = { mine: 'Mine', unassigned: 'Unassigned', all: 'All' };

export const THREAD_LIST_ID = 'inbox-thread-list';

/** Status tabs, owner switch, channel, label, SLA state and search: all of it lives in the URL. */
export function ThreadFilters({
  channels,
  labels,
}: {
  channels: readonly Channel[];
  labels?: readonly Label[] | undefined;
}) {
  const search = useSearch({ from: '/inbox' });
  const navigate = useNavigate({ from: '/inbox' });
  const setSearch = (patch: Partial<InboxSearch>) =>
    void navigate({ to: '.', search: (prev) => ({ ...prev, ...patch }), replace: true });

  const status = search.status ?? DEFAULT_STATUS;
  const owner = search.owner ?? 'all';
  const [text, setText] = useState(search.q ?? '');
  // Typing waits a moment before it becomes a request.
  useEffect(() => {
    const value = text.trim() || undefined;
    if (value === (search.q ?? undefined)) return;
    const timer = setTimeout(() => setSearch({ q: value }), 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);

  return (
    <div className="flex flex-col gap-2 border-b border-border px-3 pb-2">
      <div role="group" aria-label="Owner and unread" className="flex gap-1">
        {OWNER_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={owner === value}
            onClick={() => setSearch({ owner: value === 'all' ? undefined : value })}
            className={`h-8 flex-1 rounded-md px-2 text-[13px] font-medium ${
              owner === value ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface'
            }`}
          >
            {OWNER_LABELS[value]}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={search.unread === true}
          title="Only conversations with messages you have not read"
          onClick={() => setSearch({ unread: search.unread ? undefined : true })}
          className={`h-8 flex-1 rounded-md px-2 text-[13px] font-medium ${
            search.unread ? 'bg-accent-soft text-accent' : 'text-muted hover:bg-surface'
          }`}
        >
          Unread
        </button>
      </div>
      <div role="tablist" aria-label="Status" className="flex gap-1 border-b border-border">
        {CONVERSATION_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            aria-controls={THREAD_LIST_ID}
            onClick={() => setSearch({ status: value === DEFAULT_STATUS ? undefined : value })}
            className={`-mb-px h-8 border-b-2 px-2 text-[13px] font-medium ${
              status === value ? 'border-accent text-fg' : 'border-transparent text-muted hover:text-fg'
            }`}
          >
            {STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      <div className="flex gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Search conversations</span>
          <Search
            size={14}
            aria-hidden
            className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-subtle"
          />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && text) {
                e.stopPropagation();
                setText('');
              }
            }}
            placeholder="Search"
            className="h-8 w-full rounded-md border border-border bg-bg pl-7 pr-2 text-sm placeholder:text-subtle focus:border-accent focus:outline-none"
          />
        </label>
      </div>
      {/* Channel, label (when the team has any) and SLA state share a row under the search. */}
      <div className="flex gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Channel</span>
          <select
            value={search.channel ?? ''}
            onChange={(e) => setSearch({ channel: e.target.value || undefined })}
            className="h-8 w-full rounded-md border border-border bg-bg px-1.5 text-[13px] focus:border-accent focus:outline-none"
          >
            <option value="">All channels</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        {labels && (labels.length > 0 || search.label) ? (
          <label className="min-w-0 flex-1">
            <span className="sr-only">Label</span>
            <select
              value={search.label ?? ''}
              onChange={(e) => setSearch({ label: e.target.value || undefined })}
              className="h-8 w-full rounded-md border border-border bg-bg px-1.5 text-[13px] focus:border-accent focus:outline-none"
            >
              <option value="">All labels</option>
              {search.label && !labels.some((l) => l.id === search.label) ? (
                <option value={search.label}>Deleted label</option>
              ) : null}
              {labels.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="min-w-0 flex-1">
          <span className="sr-only">SLA</span>
          <select
            value={search.sla ?? ''}
            onChange={(e) => {
              const value = SLA_STATES.find((s) => s === e.target.value);
              setSearch({ sla: value });
            }}
            className="h-8 w-full rounded-md border border-border bg-bg px-1.5 text-[13px] focus:border-accent focus:outline-none"
          >
            <option value="">Any SLA</option>
            {SLA_STATES.map((value) => (
              <option key={value} value={value}>
                {SLA_STATE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
