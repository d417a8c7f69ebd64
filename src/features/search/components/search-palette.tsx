import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useState } from 'react';
import { SEARCH_QUERY_MAX } from '@/contract';
import { errorText } from '@/components/ui/states';
import { searchQuery } from '@/data/search';
import { RESULT_GROUPS, messageTarget, recordTarget, resultCount, type ResultTarget } from '../result-links';
import { useDebounced } from '../use-debounced';
import { MessageResult, RecordResult } from './result-row';

// The Ctrl/Cmd+K palette: one box for messages, contacts, customers, leads and quick replies.
// Loaded the first time it opens (search-launcher.tsx). cmdk gives the listbox its keyboard and
// screen-reader behaviour; the server does the finding, so cmdk's own filter is off.

const ITEM =
  'flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-accent/10 aria-selected:text-fg';

export default function SearchPalette({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 150);
  const search = useQuery(searchQuery(q));
  const navigate = useNavigate();
  const go = (target: ResultTarget | { to: '/search'; search: { q: string } }) => {
    onOpenChange(false);
    void navigate(target);
  };
  const results = q && search.data?.query === q ? search.data : undefined;
  const waiting = text.trim() !== '' && (text.trim() !== q || search.isFetching);

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed left-1/2 top-[12vh] z-50 w-[min(94vw,40rem)] -translate-x-1/2 overflow-hidden rounded-lg border border-border bg-raised shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="sr-only">Search everything</RadixDialog.Title>
          <Command shouldFilter={false} label="Search everything" loop>
            <div className="flex items-center gap-2 border-b border-border px-3">
              <Search size={16} aria-hidden className="text-subtle" />
              <Command.Input
                value={text}
                onValueChange={setText}
                maxLength={SEARCH_QUERY_MAX}
                placeholder="Search messages, contacts, customers, leads…"
                className="h-12 flex-1 bg-transparent text-sm outline-none placeholder:text-subtle"
              />
              {waiting ? <span className="text-xs text-subtle">Searching…</span> : null}
            </div>
            <Command.List className="max-h-[60vh] overflow-y-auto p-2">
              {text.trim() === '' ? (
                <p className="px-3 py-6 text-center text-sm text-muted">
                  Type to search every thread's messages, contacts, customers, leads and quick replies.
                </p>
              ) : search.isError ? (
                <p role="alert" className="px-3 py-6 text-center text-sm text-danger">
                  Search failed: {errorText(search.error)}
                </p>
              ) : results && resultCount(results) === 0 ? (
                <p className="px-3 py-6 text-center text-sm text-muted">Nothing matches “{q}”.</p>
              ) : null}
              {results
                ? RESULT_GROUPS.map(({ kind, label }) =>
                    results[kind].length === 0 ? null : (
                      <Command.Group
                        key={kind}
                        heading={label}
                        className="[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-subtle"
                      >
                        {kind === 'messages'
                          ? results.messages.map((hit) => (
                              <Command.Item
                                key={hit.messageId}
                                value={`m:${hit.messageId}`}
                                className={ITEM}
                                onSelect={() => go(messageTarget(hit))}
                              >
                                <MessageResult hit={hit} />
                              </Command.Item>
                            ))
                          : results[kind].map((hit) => (
                              <Command.Item
                                key={hit.id}
                                value={`${kind}:${hit.id}`}
                                className={ITEM}
                                onSelect={() => go(recordTarget(kind, hit))}
                              >
                                <RecordResult hit={hit} />
                              </Command.Item>
                            ))}
                      </Command.Group>
                    ),
                  )
                : null}
              {results && resultCount(results) > 0 ? (
                <Command.Item
                  value="all-results"
                  className={ITEM}
                  onSelect={() => go({ to: '/search', search: { q } })}
                >
                  See all results for “{q}”
                </Command.Item>
              ) : null}
            </Command.List>
          </Command>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
