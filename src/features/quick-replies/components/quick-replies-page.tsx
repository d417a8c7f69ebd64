import { useSuspenseQuery } from '@tanstack/react-query';
import { MessageSquareText, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { QuickReply } from '@/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/states';
import { TimeAgo } from '@/components/ui/time-labels';
import { useCan } from '@/lib/permissions';
import { quickRepliesQuery } from '@/data/quick-replies';
import { DeleteQuickReplyDialog } from './delete-quick-reply';
import { QuickReplyFormDialog } from './quick-reply-form';
import { UserText } from '@/components/ui/user-text';

type Editing = { reply: QuickReply | null } | null;

export function QuickRepliesPage() {
  const { data: replies } = useSuspenseQuery(quickRepliesQuery());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<QuickReply | null>(null);
  const [filter, setFilter] = useState('');
  const can = useCan();
  const mayCreate = can('quickReplies.create');
  const mayUpdate = can('quickReplies.update');
  const mayDelete = can('quickReplies.delete');

  const visible = useMemo(() => {
    const needle = filter.trim().toLowerCase().replace(/^\//, '');
    const all = replies.data;
    if (!needle) return all;
    return all.filter((q) =>
      [q.title, q.shortcut, q.body].some((text) => text.toLowerCase().includes(needle)),
    );
  }, [replies, filter]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <header className="flex flex-wrap items-center gap-3 border-b border-border px-6 py-4">
        <div className="flex-1">
          <h1 className="text-lg font-semibold">Quick replies</h1>
          <p className="text-muted">
            Shared answers for the whole team. Type / in a conversation to use one.
          </p>
        </div>
        {mayCreate ? (
          <Button variant="primary" onClick={() => setEditing({ reply: null })}>
            <Plus size={16} aria-hidden />
            New quick reply
          </Button>
        ) : null}
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">
        {replies.data.length === 0 ? (
          <EmptyState title="No quick replies yet" icon={<MessageSquareText size={28} />}>
            {mayCreate ? (
              <>
                <p>Save the answers you give often, then insert them in any conversation with /shortcut.</p>
                <Button className="mt-3" variant="primary" onClick={() => setEditing({ reply: null })}>
                  Create the first one
                </Button>
              </>
            ) : (
              <p>The answers your team saves show here, ready to insert with /shortcut.</p>
            )}
          </EmptyState>
        ) : (
          <>
            <label className="mb-3 flex max-w-sm items-center gap-2">
              <Search size={16} aria-hidden className="text-muted" />
              <span className="sr-only">Filter quick replies</span>
              <Input
                type="search"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                placeholder="Filter by title, shortcut or text"
              />
            </label>
            {visible.length === 0 ? (
              <EmptyState title="Nothing matches">No quick reply contains “{filter.trim()}”.</EmptyState>
            ) : (
              <ul
                aria-label="Quick replies"
                className="flex flex-col divide-y divide-border rounded-md border border-border bg-raised"
              >
                {visible.map((reply) => (
                  <QuickReplyRow
                    key={reply.id}
                    reply={reply}
                    onEdit={mayUpdate ? () => setEditing({ reply }) : undefined}
                    onDelete={mayDelete ? () => setDeleting(reply) : undefined}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <QuickReplyFormDialog
        reply={editing?.reply ?? null}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <DeleteQuickReplyDialog reply={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function QuickReplyRow({
  reply,
  onEdit,
  onDelete,
}: {
  reply: QuickReply;
  /** Left out when the role may not edit or delete: the button is not shown. */
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  return (
    <li className="flex items-start gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-2">
          <UserText className="font-medium">{reply.title}</UserText>
          <code className="rounded bg-accent-soft px-1.5 text-xs text-accent">/{reply.shortcut}</code>
        </p>
        <p className="mt-1 line-clamp-2 whitespace-pre-wrap break-words text-muted">
          <UserText>{reply.body}</UserText>
        </p>
        <p className="mt-1 text-xs text-subtle">
          Updated <TimeAgo iso={reply.updated_at} />
        </p>
      </div>
      {onEdit || onDelete ? (
        <div className="flex shrink-0 gap-1">
          {onEdit ? (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${reply.title}`}>
              <Pencil size={14} aria-hidden />
            </Button>
          ) : null}
          {onDelete ? (
            <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${reply.title}`}>
              <Trash2 size={14} aria-hidden />
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
