import { Lock } from 'lucide-react';
import type { Note } from '@/contract';
import { UserText } from '@/components/ui/user-text';
import { ClockTime } from '@/components/ui/time-labels';

/** A private note in the message history: amber, locked, with its author; never ticks. */
export function NoteItem({ note, highlighted = false }: { note: Note; highlighted?: boolean }) {
  return (
    <div className="px-4 py-1" data-note-id={note.id}>
      <article
        aria-label={`Private note by ${note.authorName}`}
        className={`mx-auto max-w-[80%] rounded-lg border bg-warning-soft px-3 py-2 text-sm ${
          highlighted ? 'border-warning ring-2 ring-warning/40' : 'border-warning/40'
        }`}
      >
        <header className="mb-0.5 flex items-center gap-1.5 text-xs font-medium text-warning">
          <Lock size={12} aria-hidden />
          <span>
            Note · <UserText>{note.authorName}</UserText>
          </span>
          <ClockTime iso={note.createdAt} className="ml-auto font-normal text-muted" />
        </header>
        <p className="whitespace-pre-wrap break-words">
          <UserText>{note.body}</UserText>
        </p>
        <p className="mt-1 text-[11px] text-muted">Only your team sees notes.</p>
      </article>
    </div>
  );
}
