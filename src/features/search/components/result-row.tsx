import { authorLabel, type MessageHit, type RecordHit } from '@/contract';
import { UserText } from '@/components/ui/user-text';
import { TimeAgo } from '@/components/ui/time-labels';
import { HighlightedSnippet } from './highlighted-snippet';

// What one result shows, in the palette and on the search page alike.

export function MessageResult({ hit }: { hit: MessageHit }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col gap-0.5">
      <span className="flex items-baseline gap-2">
        <UserText className="truncate font-medium">{hit.threadName}</UserText>
        <span className="min-w-0 truncate text-xs text-muted">
          {hit.direction === 'inbound' ? (
            'wrote'
          ) : hit.author ? (
            // Who on the team sent it, as the BFF recorded it.
            <>
              was sent by <UserText>{authorLabel(hit.author, null)}</UserText>
            </>
          ) : (
            'was sent'
          )}
        </span>
        <TimeAgo iso={hit.createdAt} className="ml-auto shrink-0 text-xs text-muted" />
      </span>
      <span className="text-sm text-muted">
        <HighlightedSnippet snippet={hit.snippet} />
      </span>
    </span>
  );
}

export function RecordResult({ hit }: { hit: RecordHit }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <UserText className="truncate font-medium">{hit.title}</UserText>
      {hit.detail ? <UserText className="truncate text-xs text-muted">{hit.detail}</UserText> : null}
    </span>
  );
}
